import { getEmailAttachment } from "~models/back-office/outbox.server";
import { attachmentResponse } from "~models/platform/uploads.server";
import { notFoundResponse } from "~/lib/auth.server";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/email-attachment";

/** GET /admin/outbox/:id/attachments/:index : a file an outbox email carries (a calendar invite), staff only. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await staffOf({ request, context });
  const file = await getEmailAttachment(params.id, params.index);
  if (!file) return notFoundResponse();
  return attachmentResponse(file, {
    stream: new Blob([new Uint8Array(file.bytes)]).stream(),
    size: file.bytes.length,
  });
}
