import { listPipeline, parsePipelineFilter } from "~models/back-office/project-pipeline.server";
import { pagedJson, staffApiCall, staffOnlyMethods } from "~/lib/admin-api.server";
import type { Route } from "./+types/projects";

/** GET /api/admin/projects/?status=active|all|<status>&q=&page= : every client's projects. */
export function loader({ request }: Route.LoaderArgs) {
  return staffApiCall(request, "Failed to fetch projects", async ({ params, page: pageAsked }) => {
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

export const action = ({ request }: Route.ActionArgs) => staffOnlyMethods(request, ["GET"]);
