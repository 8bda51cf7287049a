import { isUuid } from "~models/platform/ids";
import { PROJECT_API_ERRORS, PROJECT_MESSAGES } from "~models/projects/projects";
import { apiProjectDetail } from "~models/projects/project-api";
import { getProjectDetail } from "~models/projects/project-conversation.server";
import { apiError, methodNotAllowed, withApiErrors } from "~/lib/api.server";
import { apiMemberOf } from "~/lib/membership.server";
import { viewerOf } from "~/lib/member-summary.server";
import type { Route } from "./+types/project";

/**
 * GET /api/projects/{id}/ → the project detail (docs/product.md, "Projects"), with its newest
 * messages; `?comments_before=<message id>` reads the page of messages before that one. Another
 * client's project is a 404 like a missing one: its existence is not revealed.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  return withApiErrors(PROJECT_API_ERRORS.fetchProject, async () => {
    const member = await apiMemberOf(request);
    const before = new URL(request.url).searchParams.get("comments_before");
    if (before !== null && !isUuid(before))
      return Response.json({ comments_before: [PROJECT_MESSAGES.apiBadCursor] }, { status: 400 });
    const detail = await getProjectDetail(params.id, viewerOf(member), before ?? undefined);
    if (!detail) return apiError(404, PROJECT_MESSAGES.apiNotFound);
    return Response.json(apiProjectDetail(detail, new URL(request.url).origin));
  });
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ["GET"]);
}
