import { apiTokenPurchase } from "~models/billing/api";
import { purchaseTokensSchema, TOKEN_PACKAGE_API_ERRORS } from "~models/billing/token-packages";
import { purchaseTokens } from "~models/billing/token-purchases.server";
import { apiFailure, apiInput, methodNotAllowed, readIdempotentBody, withApiErrors } from "~/lib/api.server";
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
  return withApiErrors(TOKEN_PACKAGE_API_ERRORS.purchase, async () => {
    const { member, input } = await apiInput(request, {
      methods: ["POST"],
      auth: true,
      right: "buy",
      schema: purchaseTokensSchema({ cardRequired: false }),
      read: readIdempotentBody,
    });
    const result = await purchaseTokens(member.accountId, input);
    if (!result.ok) return apiFailure(result);
    return Response.json(apiTokenPurchase(result), { status: result.replayed ? 200 : 201 });
  });
}
