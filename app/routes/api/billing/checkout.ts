import { apiCheckout } from "~models/billing/api";
import { CheckoutSchema, SHOP_API_ERRORS } from "~models/billing/shop";
import { checkout } from "~models/billing/shop.server";
import { apiFailure, apiInput, methodNotAllowed, readIdempotentBody, withApiErrors } from "~/lib/api.server";
import type { Route } from "./+types/checkout";

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["POST"]);
}

/**
 * POST /api/checkout/ → {total_tokens_spent, remaining_tokens, message,
 * purchase_ids}. Optional idempotency key (Idempotency-Key header or
 * idempotency_key in the body): a repeated key answers the first checkout
 * without spending again. 409 with the spec's message when tokens are short.
 */
export function action({ request }: Route.ActionArgs) {
  return withApiErrors(SHOP_API_ERRORS.checkout, async () => {
    const { member, input } = await apiInput(request, {
      methods: ["POST"],
      auth: true,
      right: "buy",
      schema: CheckoutSchema,
      read: readIdempotentBody,
    });
    const result = await checkout(member.accountId, {
      actorId: member.person.id,
      idempotencyKey: input.idempotency_key,
      expectedTotal: input.expected_total,
    });
    if (!result.ok) return apiFailure(result);
    return Response.json(apiCheckout(result));
  });
}
