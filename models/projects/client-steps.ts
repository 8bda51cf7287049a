import { availableActions, REVIEW_STEP, type ProjectAction, type ProjectStatus } from "./projects";

// The client's irreversible steps (decision 0057): Approve & Publish and
// Cancel Project only when they make sense. Used by the page loaders (which
// buttons to show) and by transitionProject (the same refusal, server-side).
// Pure, but kept out of projects.ts so these words stay out of the pages'
// JavaScript.

export const CLIENT_STEP_MESSAGES = {
  approvedVersion: (version: number) => `Version ${version} approved and published.`,
  nothingToApprove:
    "There is no delivered version to approve yet. Approve & Publish is possible once the studio sends a version for your review.",
  versionChanged: (version: number) =>
    `A newer version (version ${version}) was delivered since you opened this page. Please review it before approving.`,
  cancelAfterStart:
    "The studio has already started work on this project, so it can no longer be cancelled here. Please write to the studio in the project's thread.",
} as const;

/**
 * What the table alone cannot see (decision 0057): Approve & Publish needs a
 * delivered version under review (work sent for review, step 4, and at least
 * one proof version); Cancel Project only while nothing is under way (the
 * studio never started the work). The same facts gate the buttons and the
 * server, which refuses with these words.
 */
export type ActionFacts = {
  step: number | null | undefined;
  latestVersion: number | null;
  workEverStarted: boolean;
};

export function clientActionRefusal(
  status: ProjectStatus,
  action: ProjectAction,
  facts: ActionFacts,
): string | null {
  if (action === "approve") {
    if (status !== "in_review" || facts.step !== REVIEW_STEP || facts.latestVersion === null)
      return CLIENT_STEP_MESSAGES.nothingToApprove;
  }
  if (action === "cancel" && facts.workEverStarted) return CLIENT_STEP_MESSAGES.cancelAfterStart;
  return null;
}

/** The client's buttons, as in docs/product.md, "Projects": Approve & Publish, Request Revision, Cancel Project — each only when it makes sense. */
export const clientActions = (status: ProjectStatus, facts: ActionFacts) =>
  availableActions(status, "client").filter((action) => !clientActionRefusal(status, action, facts));
