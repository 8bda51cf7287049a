import type { AccountUser } from "~models/identity/accounts.server";
import type { OrganisationRole } from "~models/identity/roles";
import { requireApiUser } from "./api.server";
import { getUser, requireUser } from "./auth.server";

// Who is asking and for which organisation (issue #40): every client loader,
// action and /api/* route reads through these. `accountId` keys the
// organisation's wallet, projects, purchases, subscriptions and meetings;
// `person` is who acts (their profile, sessions, notifications, API keys).

export type Member = {
  person: AccountUser;
  organisation: { id: string; name: string };
  /** The account row that holds the organisation's data. */
  accountId: string;
  role: OrganisationRole;
};

// Until organisations are stored, every account is a one-person organisation it owns.
const soleMember = (person: AccountUser): Member => ({
  person,
  organisation: { id: person.id, name: `${person.firstName} ${person.lastName}`.trim() || person.username },
  accountId: person.id,
  role: "owner",
});

/** The signed-in member, or a redirect to /login that comes back here afterwards. */
export async function memberOf(request: Request): Promise<Member> {
  return soleMember(await requireUser(request));
}

/** The signed-in member, or null. */
export async function findMember(request: Request): Promise<Member | null> {
  const user = await getUser(request);
  return user && soleMember(user);
}

/** The API caller as a member, or a 401 with the API's error shape. */
export async function apiMemberOf(request: Request): Promise<Member> {
  return soleMember(await requireApiUser(request));
}
