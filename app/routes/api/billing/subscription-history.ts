import { SUBSCRIPTION_API_ERRORS } from "~models/billing/subscriptions";
import { getActiveSubscription, listSubscriptionHistory } from "~models/billing/subscriptions.server";
import { methodNotAllowed, withApiErrors } from "~/lib/api.server";
import { apiMemberOf } from "~/lib/membership.server";
import type { Route } from "./+types/subscription-history";

/** GET /api/subscription-history/ → [{plan, start_date, end_date (absent: Present), …}], newest first */
export function loader({ request }: Route.LoaderArgs) {
  return withApiErrors(SUBSCRIPTION_API_ERRORS.fetchHistory, async () => {
    const member = await apiMemberOf(request);
    await getActiveSubscription(member.accountId);
    return Response.json(await listSubscriptionHistory(member.accountId));
  });
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ["GET"]);
}
