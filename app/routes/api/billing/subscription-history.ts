import { SUBSCRIPTION_API_ERRORS } from "~models/billing/subscriptions";
import { getActiveSubscription, listSubscriptionHistory } from "~models/billing/subscriptions.server";
import { methodNotAllowed, requireApiUser, withApiErrors } from "~/lib/api.server";
import type { Route } from "./+types/subscription-history";

/** GET /api/subscription-history/ → [{plan, start_date, end_date (absent: Present), …}], newest first */
export function loader({ request }: Route.LoaderArgs) {
  return withApiErrors(SUBSCRIPTION_API_ERRORS.fetchHistory, async () => {
    const user = await requireApiUser(request);
    await getActiveSubscription(user.id);
    return Response.json(await listSubscriptionHistory(user.id));
  });
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ["GET"]);
}
