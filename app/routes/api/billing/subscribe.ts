import { SUBSCRIPTION_API_ERRORS, subscribeSchema } from "~models/billing/subscriptions";
import { subscribe } from "~models/billing/subscriptions.server";
import {
  apiError,
  API_MESSAGES,
  fieldErrors,
  methodNotAllowed,
  readIdempotentBody,
  requireApiUser,
  withApiErrors,
} from "~/lib/api.server";
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
  if (request.method !== "POST") return methodNotAllowed(request, ["POST"]);
  return withApiErrors(SUBSCRIPTION_API_ERRORS.subscribe, async () => {
    const user = await requireApiUser(request);
    const body = await readIdempotentBody(request);
    if (!body) return apiError(400, API_MESSAGES.invalidJson);
    const parsed = subscribeSchema({ cardRequired: false }).safeParse(body);
    if (!parsed.success) return Response.json(fieldErrors(parsed.error), { status: 400 });
    const result = await subscribe(user.id, parsed.data);
    if (!result.ok)
      return result.field
        ? Response.json({ [result.field]: [result.message] }, { status: 400 })
        : apiError(result.status, result.message);
    return Response.json(
      { plan_name: result.planName, message: result.message, subscription_id: result.subscriptionId },
      { status: result.replayed ? 200 : 201 },
    );
  });
}
