import { getDashboardStats } from "~models/views/dashboard.server";
import { PROJECT_API_ERRORS } from "~models/projects/projects";
import { methodNotAllowed, requireApiUser, withApiErrors } from "~/lib/api.server";
import type { Route } from "./+types/dashboard-stats";

/** GET /api/dashboard/stats/ → {active_projects, tokens_left} */
export function loader({ request }: Route.LoaderArgs) {
  return withApiErrors(PROJECT_API_ERRORS.fetchStats, async () => {
    const user = await requireApiUser(request);
    return Response.json(await getDashboardStats(user.id));
  });
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ["GET"]);
}
