import { SUBSCRIPTION_API_ERRORS } from "~models/billing/subscriptions";
import { apiCurrentSubscription } from "~models/billing/api";
import { getActiveSubscription } from "~models/billing/subscriptions.server";
import { methodNotAllowed, withApiErrors } from "~/lib/api.server";
import { apiMemberOf } from "~/lib/membership.server";
import type { Route } from "./+types/my-subscription";

/** GET /api/my-subscription/ → {plan, status, end_date, …}; plan "free" without a subscription. */
export function loader({ request }: Route.LoaderArgs) {
  return withApiErrors(SUBSCRIPTION_API_ERRORS.fetchCurrent, async () => {
    const member = await apiMemberOf(request);
    return Response.json(apiCurrentSubscription(await getActiveSubscription(member.accountId)));
  });
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ["GET"]);
}
