import { can, type OrganisationRight, type OrganisationRole } from "../identity/roles";
import { roleRefusal } from "../identity/role-messages";
import type { ProjectAction } from "./projects";

// Which role right each of a client's steps on a project needs (issue #40,
// decision 0079): approving a proof and cancelling the brief are decisions
// (`approve`); a revision round is a decision that may spend the shared wallet
// (`approve` and `spendTokens`); comments and files are the brief's.

type ClientStep = "approve" | "request_revision" | "cancel" | "comment" | "upload";

const CLIENT_STEP_RIGHTS: Record<ClientStep, readonly OrganisationRight[]> = {
  approve: ["approve"],
  request_revision: ["approve", "spendTokens"],
  cancel: ["approve"],
  comment: ["brief"],
  upload: ["brief"],
};

const STEP_WORDS: Record<ClientStep, string> = {
  approve: "approve proofs",
  request_revision: "request revision rounds",
  cancel: "cancel projects",
  comment: "comment on projects",
  upload: "add files to projects",
};

/** The refusal for a step the role may not take, or null. */
export function clientStepRefusal(role: OrganisationRole, step: ClientStep): string | null {
  const missing = CLIENT_STEP_RIGHTS[step].find((right) => !can(role, right));
  return missing ? roleRefusal(role, missing, STEP_WORDS[step]) : null;
}

/**
 * The project's client actions split by the role: those it may take (the
 * buttons) and, when some are held back, the one sentence that says why.
 */
export function actionsForRole(
  role: OrganisationRole,
  actions: readonly ProjectAction[],
): { allowed: ProjectAction[]; refusal: string | null } {
  const allowed: ProjectAction[] = [];
  let refusal: string | null = null;
  for (const action of actions) {
    const refused = action in CLIENT_STEP_RIGHTS ? clientStepRefusal(role, action as ClientStep) : null;
    if (refused) refusal ??= refused;
    else allowed.push(action);
  }
  return { allowed, refusal };
}
