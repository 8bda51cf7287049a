import { ProfileUpdateSchema } from "~models/accounts";
import { getProfile, updateProfile } from "~models/accounts.server";
import { apiError, API_MESSAGES, fieldErrors, methodNotAllowed, readBody, requireApiUser } from "~/lib/api.server";
import type { Route } from "./+types/profile";

/** GET /api/profile/ → {user, profile} */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireApiUser(request);
  return Response.json(await getProfile(user.id));
}

/** PUT /api/profile/ with any of the profile fields → {user, profile} */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "PUT" && request.method !== "PATCH") return methodNotAllowed(request, ["GET", "PUT", "PATCH"]);
  const user = await requireApiUser(request);
  const body = await readBody(request);
  if (!body) return apiError(400, API_MESSAGES.invalidJson);
  const parsed = ProfileUpdateSchema.safeParse(body);
  if (!parsed.success) return Response.json(fieldErrors(parsed.error), { status: 400 });
  return Response.json(await updateProfile(user.id, parsed.data));
}
