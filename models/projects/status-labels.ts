import { REVIEW_STEP, type ProjectStatus } from "./projects";

// The short client-facing names of the project stages (decision 0057): what
// the status badge shows. Kept apart from the longer words of
// status-vocabulary.ts so pages that only show a badge stay small.

export const CLIENT_STAGES = [
  "submitted",
  "returned",
  "in_progress",
  "revision_requested",
  "ready_for_review",
  "published",
  "completed",
  "cancelled",
] as const;
export type ClientStage = (typeof CLIENT_STAGES)[number];

export const CLIENT_STAGE_LABELS: Record<ClientStage, string> = {
  submitted: "Submitted",
  returned: "Returned to you",
  in_progress: "In Progress",
  revision_requested: "Revision Requested",
  ready_for_review: "Ready for your review",
  published: "Published",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** The stage a project is in, from its status and stored step: in_review is two stages. */
export function clientStage(status: ProjectStatus, storedStep?: number | null): ClientStage {
  if (status === "draft") return "returned";
  if (status === "in_review") return storedStep === REVIEW_STEP ? "ready_for_review" : "submitted";
  return status;
}

export const clientStatusLabel = (status: ProjectStatus, storedStep?: number | null) =>
  CLIENT_STAGE_LABELS[clientStage(status, storedStep)];

/** Whether the studio has started (accepted) the work: before that no progress or estimate is shown. */
export const workStarted = (status: ProjectStatus, storedStep?: number | null) => {
  const stage = clientStage(status, storedStep);
  return stage !== "submitted" && stage !== "returned" && stage !== "cancelled";
};
