// A project's status change and its proofing summary with billing's part of a
// revision round passed in (decision 0069): projects closes the round in the
// transition's transaction, billing prices it, spends the tokens and queues
// the receipt. Projects sits to billing's left, so the combining is here.

import { revisionRoundPayment } from "../billing/revision-rounds.server";
import { notifyCapRefusal, type CapRefusal } from "../billing/spending-caps.server";
import {
  transitionProject as transitionProjectWith,
  type TransitionOptions,
  type TransitionResult,
  type Viewer,
} from "../projects/projects.server";
import {
  getClientProofing as clientProofingWith,
  type ProofingSummary,
  type RevisionRoundPayment,
} from "../projects/proofing.server";
import type { ProjectAction } from "../projects/projects";

/** Projects' `transitionProject`, a client's revision round paid through billing. */
export async function transitionProject(
  projectId: string | undefined,
  viewer: Viewer,
  action: ProjectAction,
  reason = "",
  options: TransitionOptions = {},
): Promise<TransitionResult> {
  // A round refused by the member's monthly cap rolls back with the transition; the owners hear of it after.
  let capped: CapRefusal | null = null;
  const roundPayment: RevisionRoundPayment = {
    quote: revisionRoundPayment.quote,
    async pay(tx, round) {
      const paid = await revisionRoundPayment.pay(tx, round);
      if (!paid.ok && "refusal" in paid && paid.refusal) capped = paid.refusal as CapRefusal;
      return paid;
    },
  };
  const result = await transitionProjectWith(projectId, viewer, action, reason, { ...options, roundPayment });
  const refusal = capped as CapRefusal | null;
  if (refusal) await notifyCapRefusal(refusal);
  return result;
}

/** Projects' `getClientProofing`, with the next round's price from billing. */
export function getClientProofing(
  project: { id: string; userId: string },
  viewer: Viewer,
): Promise<ProofingSummary | null> {
  return clientProofingWith(project, viewer, revisionRoundPayment.quote);
}
