import { ACCOUNT_API_ERRORS, ACCOUNT_MESSAGES, SignupApiSchema } from "~models/identity/accounts";
import { minutesUntil } from "~models/identity/accounts.server";
import { apiUser } from "~models/identity/api";
import { signUp } from "~models/views/signup.server";
import { createApiToken } from "~models/identity/api-tokens.server";
import { apiInput, fieldError, methodNotAllowed, tooManyRequests, withApiErrors } from "~/lib/api.server";
import { clientAddress } from "~/lib/auth.server";
import { publicBaseUrl } from "~/lib/public-url.server";
import type { Route } from "./+types/auth-signup";

/** POST /api/auth/signup/ {username, email, password} → 201 {token, user} */
export function action({ request }: Route.ActionArgs) {
  return withApiErrors(ACCOUNT_API_ERRORS.signup, async () => {
    const { input } = await apiInput(request, { methods: ["POST"], schema: SignupApiSchema });
    const result = await signUp({
      ...input,
      clientAddress: clientAddress(request),
      mail: { baseUrl: publicBaseUrl(request), siteName: "Ascendra" },
    });
    if (!result.ok) {
      if (result.field !== "form") return fieldError(result.field, result.message);
      const minutes = minutesUntil(result.retryAfterSeconds);
      return tooManyRequests(ACCOUNT_MESSAGES.tooManyAttempts(minutes), result.retryAfterSeconds);
    }
    const token = await createApiToken(result.user.id);
    return Response.json({ token, user: apiUser(result.user) }, { status: 201 });
  });
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["POST"]);
}
