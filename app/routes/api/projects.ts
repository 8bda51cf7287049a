import { PROJECT_API_ERRORS } from "~models/projects/projects";
import { ProjectFormSchema } from "~models/projects/project-forms";
import {
  apiProjectDetail,
  apiProjectSummary,
  createProject,
  getProjectDetail,
  listProjects,
} from "~models/projects/projects.server";
import { PROJECT_FILE_RULES, UPLOAD_MESSAGES } from "~models/platform/uploads";
import {
  apiError,
  API_MESSAGES,
  fieldErrors,
  methodNotAllowed,
  readBody,
  requireApiUser,
  withApiErrors,
} from "~/lib/api.server";
import { FORM_OVERHEAD_BYTES, readFormData } from "~/lib/form-data.server";
import { publicBaseUrl } from "~/lib/public-url.server";
import type { Route } from "./+types/projects";

/** GET /api/projects/ → [{id, title, status, created_at}], newest first */
export function loader({ request }: Route.LoaderArgs) {
  return withApiErrors(PROJECT_API_ERRORS.fetchProjects, async () => {
    const user = await requireApiUser(request);
    return Response.json((await listProjects(user.id)).map(apiProjectSummary));
  });
}

/**
 * POST /api/projects/ with title, description, category, budget, timeline,
 * use_tokens: JSON as the spec says, or multipart with one optional file in
 * `files`. → 201 with the project detail.
 */
export function action({ request }: Route.ActionArgs) {
  return withApiErrors(PROJECT_API_ERRORS.createProject, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, ["GET", "POST"]);
    const user = await requireApiUser(request);
    let body: Record<string, unknown> | null;
    if ((request.headers.get("Content-Type") ?? "").includes("multipart/form-data")) {
      const read = await readFormData(request, PROJECT_FILE_RULES.maxBytes + FORM_OVERHEAD_BYTES);
      if (!read.ok)
        return Response.json(
          { files: [UPLOAD_MESSAGES.tooLarge(PROJECT_FILE_RULES.maxBytes)] },
          { status: 413 },
        );
      body = Object.fromEntries(read.formData);
    } else {
      body = await readBody(request);
    }
    if (!body) return apiError(400, API_MESSAGES.invalidJson);
    const parsed = ProjectFormSchema.safeParse(body);
    if (!parsed.success) return Response.json(fieldErrors(parsed.error), { status: 400 });
    const created = await createProject(user, parsed.data, { siteUrl: publicBaseUrl(request) });
    if (!created.ok) {
      return created.field === "form"
        ? apiError(403, created.message)
        : Response.json({ files: [created.message] }, { status: 400 });
    }
    const detail = await getProjectDetail(created.project.id, user);
    return Response.json(apiProjectDetail(detail!, new URL(request.url).origin), { status: 201 });
  });
}
