import { PROJECT_API_ERRORS } from "~models/projects/projects";
import { ProjectFormSchema } from "~models/projects/project-forms";
import { apiProjectDetail, apiProjectSummary } from "~models/projects/project-api";
import { getProjectDetail } from "~models/projects/project-conversation.server";
import { listProjectsAt } from "~models/projects/project-lists.server";
import { createProject } from "~models/views/create-project.server";
import { apiPageOf, pagedApiJson } from "~/lib/api-paging.server";
import { PROJECT_FILE_RULES, UPLOAD_MESSAGES } from "~models/platform/uploads";
import { apiError, apiInput, fieldError, withApiErrors } from "~/lib/api.server";
import { apiMemberOf } from "~/lib/membership.server";
import { viewerOf } from "~/lib/member-summary.server";
import { readFields } from "~/lib/body/json.server";
import { readForm } from "~/lib/body/form.server";
import { BODY_LIMITS } from "~/lib/body/limits";
import { publicBaseUrl } from "~/lib/public-url.server";
import type { Route } from "./+types/projects";

/**
 * GET /api/projects/ → [{id, title, status, created_at}], newest first, one
 * page (?page=, ?page_size=; X-Total-Count and Link headers: app/lib/api-paging.server.ts).
 */
export function loader({ request }: Route.LoaderArgs) {
  return withApiErrors(PROJECT_API_ERRORS.fetchProjects, async () => {
    const member = await apiMemberOf(request);
    const page = apiPageOf(request);
    const { rows, total } = await listProjectsAt(member.accountId, page.size, page.offset);
    return pagedApiJson(request, rows.map(apiProjectSummary), total, page);
  });
}

/** JSON as the spec says, or multipart with one optional file in `files` (413 when it is too large). */
async function readProjectBody(request: Request) {
  if (!(request.headers.get("Content-Type") ?? "").includes("multipart/form-data"))
    return readFields(request);
  const read = await readForm(request, BODY_LIMITS.projectUpload);
  if (!read.ok) return fieldError("files", UPLOAD_MESSAGES.tooLarge(PROJECT_FILE_RULES.maxBytes), 413);
  return Object.fromEntries(read.formData);
}

/**
 * POST /api/projects/ with title, description, category, budget, timeline,
 * use_tokens: JSON as the spec says, or multipart with one optional file in
 * `files`. → 201 with the project detail.
 */
export function action({ request }: Route.ActionArgs) {
  return withApiErrors(PROJECT_API_ERRORS.createProject, async () => {
    const { member, input } = await apiInput(request, {
      methods: ["POST"],
      allow: ["GET", "POST"],
      auth: true,
      right: "brief",
      schema: ProjectFormSchema,
      read: readProjectBody,
    });
    const viewer = viewerOf(member);
    const created = await createProject(viewer, input, { siteUrl: publicBaseUrl(request) });
    if (!created.ok) {
      return created.field === "form" ? apiError(403, created.message) : fieldError("files", created.message);
    }
    const detail = await getProjectDetail(created.project.id, viewer);
    return Response.json(apiProjectDetail(detail!, new URL(request.url).origin), { status: 201 });
  });
}
