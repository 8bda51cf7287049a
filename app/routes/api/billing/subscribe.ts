import { apiSubscribed } from "~models/billing/api";
import { SUBSCRIPTION_API_ERRORS, subscribeSchema } from "~models/billing/subscriptions";
import { subscribe } from "~models/billing/subscriptions.server";
import { apiFailure, apiInput, methodNotAllowed, readIdempotentBody, withApiErrors } from "~/lib/api.server";
import type { Route } from "./+types/subscribe";

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["POST"]);
}

/**
 * POST /api/subscribe/ {plan_id, payment_method_id (default null), card
 * fields?, idempotency_key?} → 201 {plan_name, message, subscription_id}.
 * payment_method_id is the id of an earlier receipt whose card is charged again.
 */
export function action({ request }: Route.ActionArgs) {
  return withApiErrors(SUBSCRIPTION_API_ERRORS.subscribe, async () => {
    const { member, input } = await apiInput(request, {
      methods: ["POST"],
      auth: true,
      right: "buy",
      schema: subscribeSchema({ cardRequired: false }),
      read: readIdempotentBody,
    });
    const result = await subscribe(member.accountId, input);
    if (!result.ok) return apiFailure(result);
    return Response.json(apiSubscribed(result), { status: result.replayed ? 200 : 201 });
  });
}
