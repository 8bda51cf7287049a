import { apiError, methodNotAllowed, withApiErrors } from "~/lib/api.server";
import { handleNewsletter } from "~/lib/newsletter.server";
import { readJson } from "~/lib/body/json.server";
import type { Route } from "./+types/newsletter";

/** POST /api/newsletter/ {email} → 201 {message}; the same answer whether or not the address was on the list. */
export function action({ request }: Route.ActionArgs) {
  return withApiErrors("Error subscribing to the newsletter", async () => {
    if (request.method !== "POST") return methodNotAllowed(request, ["POST"]);
    const body = await readJson(request);
    if (body instanceof Response) return body;
    const reply = await handleNewsletter(request, body);
    if (reply.ok) return Response.json({ message: reply.message }, { status: 201 });
    if (reply.status === 429) return apiError(429, reply.message);
    return Response.json({ email: [reply.message], error: reply.message }, { status: reply.status });
  });
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["POST"]);
}
