import { data, redirect } from "react-router";
import { PROOF_MESSAGES } from "~models/projects/proofing";
import { addProofVersion, resolvePinStaff } from "~models/projects/proofing.server";
import type { Viewer } from "~models/projects/projects.server";
import { databaseInteger } from "~models/platform/integers";
import { UPLOAD_MESSAGES } from "~models/platform/uploads";
import { notFoundResponse } from "./auth.server";

// The back-office project page's proofing posts (/admin/projects/:id): upload
// the next version, resolve an open pin. The page has checked the staff member.

/** The version that resolves a pin, as the form sends it (a number an integer column holds). */
const ProofVersionSchema = databaseInteger();

export type ProofingActionData = {
  form: "proofing";
  message: string;
  tone: "success" | "error";
  /** The upload field's own error (shown under it), e.g. the same file as the latest version. */
  fileError?: string;
};

const reply = (
  message: string,
  tone: "success" | "error",
  status = tone === "success" ? 200 : 400,
  fileError?: string,
) => data<ProofingActionData>({ form: "proofing", message, tone, fileError }, { status });

/** Answers the "proof_upload" and "resolve_pin" intents; null for any other (the page handles it). */
export async function postStaffProofing(
  formData: FormData,
  projectId: string | undefined,
  staff: Viewer,
  options: { actorIp?: string } = {},
) {
  const intent = formData.get("intent");
  if (intent === "proof_upload") {
    const file = formData.get("proof_file");
    if (!(file instanceof File) || (file.size === 0 && !file.name))
      return reply(UPLOAD_MESSAGES.notAFile, "error");
    const added = await addProofVersion(projectId, staff, file, options);
    if (!added.ok && added.reason === "not_found") throw notFoundResponse();
    if (!added.ok) return reply(added.message, "error", 400, added.message);
    // Redirect after the post (decision 0073): the page loads afresh with an empty file field,
    // so pressing Upload again cannot send the same file twice; the URL names the new version.
    return redirect(`/admin/projects/${projectId}/proofing?uploaded=${added.deliverable.version}`, 303);
  }
  if (intent === "resolve_pin") {
    const pinId = String(formData.get("pin_id") ?? "");
    const version = ProofVersionSchema.safeParse(formData.get("version"));
    if (!version.success) return reply(PROOF_MESSAGES.versionUnknown, "error");
    const resolved = await resolvePinStaff(projectId, pinId, staff, version.data, options);
    if (!resolved.ok && resolved.reason === "not_found") throw notFoundResponse();
    if (!resolved.ok) return reply(resolved.message, "error", 409);
    return reply(PROOF_MESSAGES.pinResolved(resolved.version), "success");
  }
  return null;
}
