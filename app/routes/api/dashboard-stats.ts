import { getDashboardStats } from "~models/views/dashboard.server";
import { PROJECT_API_ERRORS } from "~models/projects/projects";
import { methodNotAllowed, withApiErrors } from "~/lib/api.server";
import { apiMemberOf } from "~/lib/membership.server";
import type { Route } from "./+types/dashboard-stats";

/** GET /api/dashboard/stats/ → {active_projects, tokens_left} */
export function loader({ request }: Route.LoaderArgs) {
  return withApiErrors(PROJECT_API_ERRORS.fetchStats, async () => {
    const member = await apiMemberOf(request);
    return Response.json(await getDashboardStats(member.accountId));
  });
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ["GET"]);
}
