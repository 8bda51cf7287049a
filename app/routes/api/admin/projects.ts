import { listPipeline, parsePipelineFilter } from "~models/back-office/project-pipeline.server";
import { pagedJson } from "~/lib/admin-api.server";
import { listQuery } from "~/lib/admin-list.server";
import { methodNotAllowed, withApiErrors } from "~/lib/api.server";
import { staffApiOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/projects";

/** GET /api/admin/projects/?status=active|all|<status>&q=&page= : every client's projects. */
export function loader({ request, context }: Route.LoaderArgs) {
  return withApiErrors("Failed to fetch projects", async () => {
    await staffApiOf({ request, context });
    const { params, page: pageAsked } = listQuery(request);
    const { projects, page } = await listPipeline(parsePipelineFilter(params), pageAsked);
    return pagedJson(
      page,
      projects.map((p) => ({
        id: p.id,
        title: p.title,
        status: p.status,
        category: p.category,
        budget: p.budget,
        timeline: p.timeline,
        created_at: p.createdAt.toISOString(),
        updated_at: p.updatedAt.toISOString(),
        client: { id: p.client.id, username: p.client.username, email: p.client.email },
      })),
    );
  });
}

export const action = ({ request, context }: Route.ActionArgs) =>
  withApiErrors("Request failed", async () => {
    await staffApiOf({ request, context });
    return methodNotAllowed(request, ["GET"]);
  });
