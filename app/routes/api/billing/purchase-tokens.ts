import { purchaseTokensSchema, TOKEN_PACKAGE_API_ERRORS } from "~models/billing/token-packages";
import { purchaseTokens } from "~models/billing/token-purchases.server";
import {
  apiError,
  API_MESSAGES,
  fieldErrors,
  methodNotAllowed,
  readIdempotentBody,
  requireApiUser,
  withApiErrors,
} from "~/lib/api.server";
import type { Route } from "./+types/purchase-tokens";

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["POST"]);
}

/**
 * POST /api/purchase-tokens/ {package_id, payment_method (default
 * credit_card), region?, card_number?, card_expiry?, card_cvc?,
 * payment_method_id? (a saved card), save_card?, idempotency_key?} → 201
 * {tokens_added, new_balance, message, payment_id}.
 * A declined card is 402; card details are optional in test mode.
 */
export function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, ["POST"]);
  return withApiErrors(TOKEN_PACKAGE_API_ERRORS.purchase, async () => {
    const user = await requireApiUser(request);
    const body = await readIdempotentBody(request);
    if (!body) return apiError(400, API_MESSAGES.invalidJson);
    const parsed = purchaseTokensSchema({ cardRequired: false }).safeParse(body);
    if (!parsed.success) return Response.json(fieldErrors(parsed.error), { status: 400 });
    const result = await purchaseTokens(user.id, parsed.data);
    if (!result.ok)
      return result.field
        ? Response.json({ [result.field]: [result.message] }, { status: 400 })
        : apiError(result.status, result.message);
    return Response.json(
      {
        tokens_added: result.tokensAdded,
        new_balance: result.newBalance,
        message: result.message,
        payment_id: result.paymentId,
      },
      { status: result.replayed ? 200 : 201 },
    );
  });
}
