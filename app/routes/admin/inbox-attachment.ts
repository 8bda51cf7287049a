import { getSubmissionAttachment } from "~models/back-office/inbox.server";
import { attachmentResponse, openUpload } from "~models/platform/uploads.server";
import { notFoundResponse } from "~/lib/auth.server";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/inbox-attachment";

/** GET /admin/inbox/:type/:id/attachment : a submission's file (a CV, a pitch), for staff only, as an attachment. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await staffOf({ request, context });
  const attachment = await getSubmissionAttachment(params.type, params.id, actor);
  const body = attachment ? await openUpload(attachment.storageKey) : null;
  if (!attachment || !body) return notFoundResponse();
  return attachmentResponse(attachment, body);
}
