import { ACCOUNT_API_ERRORS, ACCOUNT_MESSAGES, SignupApiSchema } from "~models/identity/accounts";
import { apiUser, minutesUntil, signUp } from "~models/identity/accounts.server";
import { createApiToken } from "~models/identity/api-tokens.server";
import {
  apiError,
  API_MESSAGES,
  fieldErrors,
  methodNotAllowed,
  readBody,
  withApiErrors,
} from "~/lib/api.server";
import { clientAddress } from "~/lib/auth.server";
import type { Route } from "./+types/auth-signup";

/** POST /api/auth/signup/ {username, email, password} → 201 {token, user} */
export function action({ request }: Route.ActionArgs) {
  return withApiErrors(ACCOUNT_API_ERRORS.signup, () => handle(request));
}

async function handle(request: Request): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed(request, ["POST"]);
  const body = await readBody(request);
  if (!body) return apiError(400, API_MESSAGES.invalidJson);
  const parsed = SignupApiSchema.safeParse(body);
  if (!parsed.success) return Response.json(fieldErrors(parsed.error), { status: 400 });

  const result = await signUp({ ...parsed.data, clientAddress: clientAddress(request) });
  if (!result.ok) {
    if (result.field === "form") {
      return apiError(429, ACCOUNT_MESSAGES.tooManyAttempts(minutesUntil(result.retryAfterSeconds)), {
        "Retry-After": String(result.retryAfterSeconds),
      });
    }
    return Response.json({ [result.field]: [result.message] }, { status: 400 });
  }
  const token = await createApiToken(result.user.id);
  return Response.json({ token, user: apiUser(result.user) }, { status: 201 });
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["POST"]);
}
