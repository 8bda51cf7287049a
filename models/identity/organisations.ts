import type { OrganisationRole } from "./roles";
import { ORGANISATION_ROLES } from "./roles";

// Organisations (issue #40, docs/decisions/0077-organisations.md): the pure
// part. What a person's current membership holds, the invitation's life, the
// email preferences and the words every page and the API use.

/** A person's membership in their current organisation, as the session read finds it. */
export type Membership = {
  organisationId: string;
  name: string;
  /** The users row holding the organisation's data (wallet, projects…). */
  accountId: string;
  role: OrganisationRole;
  /** Tokens the person may spend a calendar month; null: no cap. */
  monthlyTokenCap: number | null;
};

/** An invitation is good for 7 days from its last sending. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Invitations an organisation may send (new or again): 20 an hour, so the form cannot flood inboxes. */
export const INVITATION_RATE_LIMIT = { limit: 20, windowMs: 60 * 60 * 1000 };

export const isOrganisationRole = (value: unknown): value is OrganisationRole =>
  typeof value === "string" && (ORGANISATION_ROLES as readonly string[]).includes(value);

/** The emails a member may choose to get about their organisation (all on by default). */
export const EMAIL_PREFERENCES = [
  { key: "emailProofs", field: "proofs", label: "Proofs to review" },
  { key: "emailPayments", field: "payments", label: "Payments and receipts" },
  { key: "emailStatus", field: "status", label: "Project status changes" },
  { key: "emailDigest", field: "digest", label: "Weekly digest" },
] as const;
export type EmailPreferenceKey = (typeof EMAIL_PREFERENCES)[number]["key"];
export type EmailPreferences = Record<EmailPreferenceKey, boolean>;

/** What an invitation link finds. */
export type InvitationState = "pending" | "expired" | "revoked" | "accepted";

export const invitationState = (
  invitation: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date },
  now = new Date(),
): InvitationState =>
  invitation.acceptedAt
    ? "accepted"
    : invitation.revokedAt
      ? "revoked"
      : invitation.expiresAt <= now
        ? "expired"
        : "pending";

export const ORGANISATION_MESSAGES = {
  lastOwner: "An organisation needs an owner: make someone else an owner first.",
  lastOwnerLeave: "You are the only owner: make someone else an owner before you leave.",
  notMember: "That person is not a member of this organisation.",
  notAllowed: "Only an owner can manage the team.",
  unverified: "Confirm your email address before you invite anyone.",
  alreadyMember: "That person is already a member.",
  invalidEmail: "Enter a valid email address.",
  invalidRole: "Choose a role: owner, approver, billing or member.",
  invalidCap: "Enter a whole number of tokens (0 or more), or leave it empty for no cap.",
  tooManyInvitations: "Too many invitations in the last hour. Try again later.",
  invitationGone: "This invitation is no longer pending.",
  nameRequired: "Enter your organisation's name.",
  nameTooLong: "Keep the name under 120 characters.",
  invitationExpired: "This invitation has expired. Ask the person who invited you to send it again.",
  invitationRevoked: "This invitation was withdrawn. Ask the person who invited you for a new one.",
  invitationAccepted: "This invitation has already been used.",
  invitationUnknown: "This invitation link is not valid.",
  wrongAddress: (email: string) =>
    `This invitation was sent to ${email}. Sign in with that address (or sign out and sign up with it) to accept it.`,
  addressHasAccount: "An account with this email already exists: sign in with it to accept the invitation.",
  joined: (name: string) => `You joined ${name}.`,
  invited: (email: string) => `Invitation sent to ${email}. The link works for 7 days.`,
  resent: "Invitation sent again, with a new link that works for 7 days.",
  revoked: "Invitation withdrawn: its link no longer works.",
  roleChanged: (username: string, role: string) => `${username} is now ${role}.`,
  removed: (username: string) => `${username} was removed and signed out of this organisation.`,
  left: (name: string) => `You left ${name}.`,
  capSaved: (username: string) => `Monthly token cap saved for ${username}.`,
  preferencesSaved: "Email preferences saved.",
  addressUnconfirmed: "Confirm your email address first, then open the invitation again.",
  deleteNotOwner: "Only an owner can delete the organisation.",
  deleteHasMembers:
    "Remove the other members first: only an organisation you alone belong to can be deleted.",
  deleteOwnAccount:
    "This organisation holds your own account's records: delete your account from Settings instead.",
  deleteHoldsRecords:
    "This organisation holds projects, tokens or payments, which the studio must keep. Contact us to close it.",
  deleted: (name: string) => `${name} was deleted.`,
} as const;

/** The API's default error texts for the organisation calls (a failure nobody foresaw). */
export const ORGANISATION_API_ERRORS = {
  fetch: "Failed to fetch organisation",
  invite: "Failed to send invitation",
  member: "Failed to change member",
} as const;

export const invitationProblem = (state: Exclude<InvitationState, "pending">): string =>
  ({
    expired: ORGANISATION_MESSAGES.invitationExpired,
    revoked: ORGANISATION_MESSAGES.invitationRevoked,
    accepted: ORGANISATION_MESSAGES.invitationAccepted,
  })[state];

/** The name an organisation starts with: the company in the profile, else the person's name, else the username. */
export const defaultOrganisationName = (person: {
  username: string;
  firstName?: string;
  lastName?: string;
  companyName?: string | null;
}): string =>
  person.companyName?.trim() ||
  `${person.firstName ?? ""} ${person.lastName ?? ""}`.trim() ||
  person.username;
