// What each role in a client organisation may do (issue #40). The one table of
// rights: pages, the REST API, the assistant and the access gate all ask `can`.

export const ORGANISATION_ROLES = ["owner", "approver", "billing", "member"] as const;
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];

export const ROLE_LABELS: Record<OrganisationRole, string> = {
  owner: "Owner",
  approver: "Approver",
  billing: "Billing",
  member: "Member",
};

/**
 * The rights. `brief` (send briefs, comment, download), `approve` (approve proofs,
 * accept or publish), `spendTokens` (spend the shared wallet: revision rounds, shop
 * items, token-priced projects), `buy` (pay money: token packages, plans, gift cards,
 * the cart), `billing` (receipts, invoices, payment methods, the subscription),
 * `members` (invite, re-role, remove, caps), `delete` (the organisation itself).
 */
export const ROLE_RIGHTS = {
  brief: ["owner", "approver", "billing", "member"],
  approve: ["owner", "approver"],
  spendTokens: ["owner", "approver", "billing"],
  buy: ["owner", "billing"],
  billing: ["owner", "billing"],
  members: ["owner"],
  delete: ["owner"],
} as const satisfies Record<string, readonly OrganisationRole[]>;

export type OrganisationRight = keyof typeof ROLE_RIGHTS;

export const can = (role: OrganisationRole, right: OrganisationRight): boolean =>
  (ROLE_RIGHTS[right] as readonly OrganisationRole[]).includes(role);
