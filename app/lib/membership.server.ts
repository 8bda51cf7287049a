import { redirect } from "react-router";
import type { AccountUser } from "~models/identity/accounts.server";
import type { Membership } from "~models/identity/organisations";
import type { OrganisationRole } from "~models/identity/roles";
import { addLogContext } from "~models/platform/log.server";
import { apiError, requireApiUser } from "./api.server";
import { getApiMember, getSessionMember, requireUser, type SignedInPerson } from "./auth.server";

// Who is asking and for which organisation (issue #40, docs/decisions/0077):
// every client loader, action and /api/* route reads through these. `accountId`
// keys the organisation's wallet, projects, purchases, subscriptions and
// meetings; `person` is who acts (their profile, sessions, notifications, API
// keys). The membership is read with the session (or the API key) in the same
// statement, every request: a removed member is refused at their next one.

export type Member = {
  person: AccountUser;
  organisation: { id: string; name: string };
  /** The account row that holds the organisation's data. */
  accountId: string;
  role: OrganisationRole;
  /** Tokens this member may spend a calendar month from the shared wallet; null: no cap. */
  monthlyTokenCap?: number | null;
};

/** Where a signed-in client who belongs to no organisation goes to create one. */
const NEW_ORGANISATION_PATH = "/organisations/new";

const NO_ORGANISATION_MESSAGE =
  "You do not belong to any organisation. Create one (or open an invitation) to continue.";

/**
 * Staff belong to no client organisation; on a client page they work in their
 * own empty account, as before organisations (the back-office is their place).
 */
const staffAsOwnAccount = (person: AccountUser): Member => ({
  person,
  organisation: { id: person.id, name: `${person.firstName} ${person.lastName}`.trim() || person.username },
  accountId: person.id,
  role: "owner",
  monthlyTokenCap: null,
});

const fromMembership = (person: AccountUser, membership: Membership): Member => ({
  person,
  organisation: { id: membership.organisationId, name: membership.name },
  accountId: membership.accountId,
  role: membership.role,
  monthlyTokenCap: membership.monthlyTokenCap,
});

/** The member, or null for a client who belongs to no organisation. Records who acts (currentActor). */
function memberFrom(found: SignedInPerson): Member | null {
  if (found.user.role === "staff") return staffAsOwnAccount(found.user);
  if (!found.membership) return null;
  addLogContext({ actorId: found.user.id });
  return fromMembership(found.user, found.membership);
}

/**
 * The signed-in member, or a redirect to /login that comes back here
 * afterwards; a client who belongs to no organisation is sent to create one.
 */
export async function memberOf(request: Request): Promise<Member> {
  const found = await getSessionMember(request);
  if (!found) await requireUser(request); // throws the redirect to /login
  const member = memberFrom(found!);
  if (!member) throw redirect(NEW_ORGANISATION_PATH);
  return member;
}

/** The signed-in member, or null (signed out, or a client in no organisation). */
export async function findMember(request: Request): Promise<Member | null> {
  const found = await getSessionMember(request);
  return found && memberFrom(found);
}

/** The API caller as a member, or a 401 with the API's error shape (403 when they belong to no organisation). */
export async function apiMemberOf(request: Request): Promise<Member> {
  const found = await getApiMember(request);
  if (!found) await requireApiUser(request); // throws the 401
  const member = memberFrom(found!);
  if (!member) throw apiError(403, NO_ORGANISATION_MESSAGE);
  return member;
}
