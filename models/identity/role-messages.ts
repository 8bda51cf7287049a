import { can, ROLE_LABELS, ROLE_RIGHTS, type OrganisationRight, type OrganisationRole } from "./roles";

// What a member is told when their role lacks a right (issue #40, decision 0079):
// the one place for these words, used by pages, the REST API and the assistant.

/** What each right lets someone do, as the refusal says it ("can't …"). */
const RIGHT_ACTIONS: Record<OrganisationRight, string> = {
  brief: "send briefs or comment",
  approve: "approve proofs",
  spendTokens: "spend the team's tokens",
  buy: "buy tokens, plans or gift cards",
  billing: "see receipts or manage billing",
  members: "manage the team's members",
  delete: "delete the organisation",
};

/** The step the tax invoice pages name in their refusal (owner and billing only). */
export const TAX_INVOICES_ACTION = "see the tax invoices";

/** Each role as the "Ask …" line names it: "an owner", then "billing member", "approver". */
const ASK_FIRST: Record<OrganisationRole, string> = {
  owner: "an owner",
  approver: "an approver",
  billing: "a billing member",
  member: "a member",
};
const ASK_NEXT: Record<OrganisationRole, string> = {
  owner: "owner",
  approver: "approver",
  billing: "billing member",
  member: "member",
};

/** Who holds a right, in words: "an owner or billing member", "an owner, approver or billing member". */
export function whoCan(right: OrganisationRight): string {
  const roles = ROLE_RIGHTS[right] as readonly OrganisationRole[];
  const words = roles.map((role, index) => (index === 0 ? ASK_FIRST[role] : ASK_NEXT[role]));
  if (words.length === 1) return words[0]!;
  return `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
}

/**
 * The refusal: "Your role (Member) can't buy tokens, plans or gift cards. Ask an
 * owner or billing member." `action` names the step more precisely ("buy tokens").
 */
export function roleRefusal(role: OrganisationRole, right: OrganisationRight, action?: string): string {
  return `Your role (${ROLE_LABELS[role]}) can't ${action ?? RIGHT_ACTIONS[right]}. Ask ${whoCan(right)}.`;
}

/** The refusal when the role lacks the right, or null when it holds it. */
export function roleProblem(
  role: OrganisationRole,
  right: OrganisationRight,
  action?: string,
): string | null {
  return can(role, right) ? null : roleRefusal(role, right, action);
}

/** A spend refused by the member's monthly cap (decision 0079). */
export function capRefusal(input: { cap: number; spent: number; amount: number }): string {
  const left = Math.max(0, input.cap - input.spent);
  return `This would take your spending this month over your limit of ${input.cap} tokens (${left} left). Ask an owner to raise it.`;
}

/** What the owners are told when a member's spend is refused by their cap. */
export function capNotice(input: { person: string; cap: number; amount: number }): {
  title: string;
  message: string;
} {
  return {
    title: "A spend was refused by a monthly limit",
    message: `${input.person} tried to spend ${input.amount} tokens, over their monthly limit of ${input.cap}. You can raise it on the team page.`,
  };
}
