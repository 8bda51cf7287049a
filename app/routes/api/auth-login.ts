import { ACCOUNT_API_ERRORS, ACCOUNT_MESSAGES, LoginApiSchema } from "~models/identity/accounts";
import { attemptLogin, minutesUntil } from "~models/identity/accounts.server";
import { apiUser } from "~models/identity/api";
import { createApiToken } from "~models/identity/api-tokens.server";
import { apiError, apiInput, methodNotAllowed, tooManyRequests, withApiErrors } from "~/lib/api.server";
import { clientAddress } from "~/lib/auth.server";
import type { Route } from "./+types/auth-login";

/** POST /api/auth/login/ {username, password} → {token, user} */
export function action({ request }: Route.ActionArgs) {
  return withApiErrors(ACCOUNT_API_ERRORS.login, async () => {
    const { input } = await apiInput(request, { methods: ["POST"], schema: LoginApiSchema });
    const attempt = await attemptLogin({
      identifier: input.username,
      password: input.password,
      clientAddress: clientAddress(request),
    });
    if (attempt.status === "limited") {
      const minutes = minutesUntil(attempt.retryAfterSeconds);
      return tooManyRequests(ACCOUNT_MESSAGES.tooManyAttempts(minutes), attempt.retryAfterSeconds);
    }
    if (attempt.status === "invalid") return apiError(401, ACCOUNT_MESSAGES.invalidCredentials);
    const token = await createApiToken(attempt.user.id);
    return Response.json({ token, user: apiUser(attempt.user) });
  });
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["POST"]);
}
