import { addProofVersion } from "~models/projects/proofing.server";
import { transitionProject } from "~models/views/revision-rounds.server";
import { pngFile } from "./proofing-helpers";

// A project taken to "Ready for your review": the studio accepts the brief,
// uploads a proof version and sends it for review (decision 0057: Approve &
// Publish needs a delivered version).

export async function deliverForReview(projectId: string, staff: { id: string }, name = "poster.png") {
  const viewer = { id: staff.id, role: "staff" as const };
  const accepted = await transitionProject(projectId, viewer, "accept");
  if (!accepted.ok) throw new Error("accept refused");
  const added = await addProofVersion(projectId, viewer, pngFile(name));
  if (!added.ok) throw new Error("proof version refused");
  const sent = await transitionProject(projectId, viewer, "send_for_review");
  if (!sent.ok) throw new Error("send for review refused");
  return added;
}
