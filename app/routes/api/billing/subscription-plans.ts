import { apiPlan } from "~models/billing/api";
import { listPlans } from "~models/billing/catalog.server";
import { SUBSCRIPTION_API_ERRORS } from "~models/billing/subscriptions";
import { methodNotAllowed, withApiErrors } from "~/lib/api.server";
import type { Route } from "./+types/subscription-plans";

/**
 * GET /api/subscription-plans/ → the five plans of /solutions: {id, name, price (₹ a month), currency,
 * billing_period, features, monthly_tokens, project_limit, is_popular}
 */
export function loader() {
  return withApiErrors(SUBSCRIPTION_API_ERRORS.fetchPlans, async () =>
    Response.json((await listPlans()).map(apiPlan)),
  );
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ["GET"]);
}
