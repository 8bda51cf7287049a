import { CheckoutSchema, SHOP_API_ERRORS } from "~models/billing/shop";
import { checkout } from "~models/billing/shop.server";
import {
  apiError,
  API_MESSAGES,
  fieldErrors,
  methodNotAllowed,
  readIdempotentBody,
  requireApiUser,
  withApiErrors,
} from "~/lib/api.server";
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
  if (request.method !== "POST") return methodNotAllowed(request, ["POST"]);
  return withApiErrors(SHOP_API_ERRORS.checkout, async () => {
    const user = await requireApiUser(request);
    const body = await readIdempotentBody(request);
    if (!body) return apiError(400, API_MESSAGES.invalidJson);
    const parsed = CheckoutSchema.safeParse(body);
    if (!parsed.success) return Response.json(fieldErrors(parsed.error), { status: 400 });
    const result = await checkout(user.id, { idempotencyKey: parsed.data.idempotency_key });
    if (!result.ok) return apiError(result.status, result.message);
    return Response.json({
      total_tokens_spent: result.totalSpent,
      remaining_tokens: result.remaining,
      message: result.message,
      purchase_ids: result.purchaseIds,
    });
  });
}
