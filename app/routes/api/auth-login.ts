import { ACCOUNT_API_ERRORS, ACCOUNT_MESSAGES, LoginApiSchema } from "~models/identity/accounts";
import { apiUser, attemptLogin, minutesUntil } from "~models/identity/accounts.server";
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
import type { Route } from "./+types/auth-login";

/** POST /api/auth/login/ {username, password} → {token, user} */
export function action({ request }: Route.ActionArgs) {
  return withApiErrors(ACCOUNT_API_ERRORS.login, () => handle(request));
}

async function handle(request: Request): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed(request, ["POST"]);
  const body = await readBody(request);
  if (!body) return apiError(400, API_MESSAGES.invalidJson);
  const parsed = LoginApiSchema.safeParse(body);
  if (!parsed.success) return Response.json(fieldErrors(parsed.error), { status: 400 });

  const attempt = await attemptLogin({
    identifier: parsed.data.username,
    password: parsed.data.password,
    clientAddress: clientAddress(request),
  });
  if (attempt.status === "limited") {
    return apiError(429, ACCOUNT_MESSAGES.tooManyAttempts(minutesUntil(attempt.retryAfterSeconds)), {
      "Retry-After": String(attempt.retryAfterSeconds),
    });
  }
  if (attempt.status === "invalid") return apiError(401, ACCOUNT_MESSAGES.invalidCredentials);
  const token = await createApiToken(attempt.user.id);
  return Response.json({ token, user: apiUser(attempt.user) });
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["POST"]);
}
