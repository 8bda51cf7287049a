import { StaffTransitionSchema } from "~models/back-office/project-pipeline";
import { apiProjectDetail } from "~models/projects/project-api";
import { getProjectDetail } from "~models/projects/project-conversation.server";
import { transitionProject } from "~models/views/revision-rounds.server";
import { adminJson } from "~/lib/admin-api.server";
import { apiError, fieldErrors, methodNotAllowed, readJsonObject, withApiErrors } from "~/lib/api.server";
import { publicBaseUrl } from "~/lib/public-url.server";
import { staffApiOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/project-transition";

export const loader = ({ request, context }: Route.LoaderArgs) =>
  withApiErrors("Request failed", async () => {
    await staffApiOf({ request, context });
    return methodNotAllowed(request, ["POST"]);
  });

/**
 * POST /api/admin/projects/{id}/transition/ {action, reason?} : a staff action
 * of the project state machine (accept, send_for_review, return_to_draft,
 * start_revision, complete, staff_cancel). 409 when the status does not allow it.
 */
export function action({ request, context, params }: Route.ActionArgs) {
  return withApiErrors("Failed to update the project", async () => {
    const { user, actor } = await staffApiOf({ request, context });
    if (request.method !== "POST") return methodNotAllowed(request, ["POST"]);
    const body = await readJsonObject(request);
    const parsed = StaffTransitionSchema.safeParse({ intent: body.action, reason: body.reason ?? "" });
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      if (errors.intent) errors.action = errors.intent;
      delete errors.intent;
      return adminJson(errors, { status: 400 });
    }
    const outcome = await transitionProject(params.id, user, parsed.data.intent, parsed.data.reason, {
      siteUrl: publicBaseUrl(request),
      actorIp: actor.ip,
    });
    if (!outcome.ok && outcome.reason === "not_found") return apiError(404, "Project not found");
    if (!outcome.ok) return apiError(409, outcome.message);
    const detail = await getProjectDetail(outcome.project.id, user);
    return adminJson(apiProjectDetail(detail!, new URL(request.url).origin));
  });
}
