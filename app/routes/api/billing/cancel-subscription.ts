import { apiCancelled } from "~models/billing/api";
import { SUBSCRIPTION_API_ERRORS } from "~models/billing/subscriptions";
import { cancelSubscription } from "~models/billing/subscriptions.server";
import { apiFailure, apiInput, methodNotAllowed, withApiErrors } from "~/lib/api.server";
import type { Route } from "./+types/cancel-subscription";

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["POST"]);
}

/** POST /api/cancel-subscription/ → {message, end_date}: the plan ends at the end of its period; 409 without a paid plan. */
export function action({ request }: Route.ActionArgs) {
  return withApiErrors(SUBSCRIPTION_API_ERRORS.cancel, async () => {
    const { member } = await apiInput(request, { methods: ["POST"], auth: true, right: "billing" });
    const result = await cancelSubscription(member.accountId);
    if (!result.ok) return apiFailure(result);
    return Response.json(apiCancelled(result));
  });
}
