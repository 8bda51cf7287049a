// A project's status change and its proofing summary with billing's part of a
// revision round passed in (decision 0069): projects closes the round in the
// transition's transaction, billing prices it, spends the tokens and queues
// the receipt. Projects sits to billing's left, so the combining is here.

import { revisionRoundPayment } from "../billing/revision-rounds.server";
import {
  transitionProject as transitionProjectWith,
  type TransitionOptions,
  type TransitionResult,
  type Viewer,
} from "../projects/projects.server";
import { getClientProofing as clientProofingWith, type ProofingSummary } from "../projects/proofing.server";
import type { ProjectAction } from "../projects/projects";

/** Projects' `transitionProject`, a client's revision round paid through billing. */
export function transitionProject(
  projectId: string | undefined,
  viewer: Viewer,
  action: ProjectAction,
  reason = "",
  options: TransitionOptions = {},
): Promise<TransitionResult> {
  return transitionProjectWith(projectId, viewer, action, reason, {
    ...options,
    roundPayment: revisionRoundPayment,
  });
}

/** Projects' `getClientProofing`, with the next round's price from billing. */
export function getClientProofing(
  project: { id: string; userId: string },
  viewer: Viewer,
): Promise<ProofingSummary | null> {
  return clientProofingWith(project, viewer, revisionRoundPayment.quote);
}
