import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "../platform/db.server";
import { recordAudit, type AuditActor } from "../platform/audit.server";
import { queueEmail, sendQueuedEmail } from "../platform/mail.server";
import { consumeRateLimit } from "../platform/rate-limit.server";
import { organisationInvitations, organisationMembers, organisations, sessions, users } from "../schema";
import { createSecret, sha256 } from "./passwords.server";
import { markEmailVerified, type LinkVerifiedEmail, type MailContext } from "./email-verification.server";
import {
  INVITATION_RATE_LIMIT,
  INVITATION_TTL_MS,
  invitationState,
  isOrganisationRole,
  ORGANISATION_MESSAGES,
  type InvitationState,
} from "./organisations";
import { ROLE_LABELS, type OrganisationRole } from "./roles";

// Invitations to an organisation (issue #40): by email, with a role, good for
// 7 days from the last sending; resent, withdrawn, accepted once by the
// account with the invited address. Only the link's SHA-256 is stored.

type Organisation = { id: string; name: string };
type Inviter = { id: string; username: string; emailVerified: boolean };

export type InvitationFieldErrors = Partial<Record<"email" | "role" | "form", string>>;
export type InviteResult =
  | { ok: true; id: string; email: string }
  | { ok: false; errors: InvitationFieldErrors; status: 400 | 403 | 429 };

const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

const pending = () =>
  and(
    isNull(organisationInvitations.acceptedAt),
    isNull(organisationInvitations.revokedAt),
    gt(organisationInvitations.expiresAt, sql`now()`),
  );

function invitationEmail(input: {
  to: string;
  organisation: string;
  inviter: string;
  role: OrganisationRole;
  link: string;
  mail: MailContext;
}) {
  return {
    kind: "organisation_invitation",
    to: input.to,
    subject: `${input.inviter} invited you to ${input.organisation} on ${input.mail.siteName}`,
    text: [
      "Hi,",
      "",
      `${input.inviter} invited you to join ${input.organisation} on ${input.mail.siteName} as ${ROLE_LABELS[input.role].toLowerCase()}.`,
      "Open this link within 7 days to accept (sign in, or sign up with this address):",
      "",
      input.link,
      "",
      "The link works once. If you did not expect this email, ignore it.",
    ].join("\n"),
  };
}

const linkFor = (token: string, mail: MailContext) =>
  new URL(`/invitations/${token}`, mail.baseUrl).toString();

/**
 * Invites an address with a role. The inviter must have confirmed their own
 * address; an address already in the organisation is refused; inviting the
 * same address again withdraws the earlier link. Rate limited per organisation.
 */
export async function inviteMember(input: {
  organisation: Organisation;
  inviter: Inviter;
  email: unknown;
  role: unknown;
  mail: MailContext;
}): Promise<InviteResult> {
  const { organisation, inviter } = input;
  if (!inviter.emailVerified)
    return { ok: false, status: 403, errors: { form: ORGANISATION_MESSAGES.unverified } };
  const errors: InvitationFieldErrors = {};
  const email = emailSchema.safeParse(input.email);
  if (!email.success) errors.email = ORGANISATION_MESSAGES.invalidEmail;
  if (!isOrganisationRole(input.role)) errors.role = ORGANISATION_MESSAGES.invalidRole;
  if (!email.success || !isOrganisationRole(input.role)) return { ok: false, status: 400, errors };
  const role = input.role;
  const [member] = await db()
    .select({ id: users.id })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(
      and(
        eq(organisationMembers.organisationId, organisation.id),
        sql`lower(${users.email}) = ${email.data}`,
      ),
    )
    .limit(1);
  if (member) return { ok: false, status: 400, errors: { email: ORGANISATION_MESSAGES.alreadyMember } };
  const limit = await consumeRateLimit(`organisation-invite:${organisation.id}`, INVITATION_RATE_LIMIT);
  if (limit.limited)
    return { ok: false, status: 429, errors: { form: ORGANISATION_MESSAGES.tooManyInvitations } };
  const token = createSecret();
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  const { id, queued } = await db().transaction(async (tx) => {
    await tx
      .update(organisationInvitations)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(organisationInvitations.organisationId, organisation.id),
          sql`lower(${organisationInvitations.email}) = ${email.data}`,
          pending(),
        ),
      );
    const [row] = await tx
      .insert(organisationInvitations)
      .values({
        organisationId: organisation.id,
        email: email.data,
        role,
        tokenHash: sha256(token),
        invitedBy: inviter.id,
        expiresAt,
      })
      .returning({ id: organisationInvitations.id });
    await recordAudit(
      {
        actor: actorOf(inviter),
        action: "organisation.invite",
        target: { type: "organisation", id: organisation.id, label: organisation.name },
        after: { email: email.data, role, expires_at: expiresAt },
      },
      tx,
    );
    const message = invitationEmail({
      to: email.data,
      organisation: organisation.name,
      inviter: inviter.username,
      role,
      link: linkFor(token, input.mail),
      mail: input.mail,
    });
    return { id: row!.id, queued: await queueEmail(message, tx) };
  });
  await sendQueuedEmail(queued);
  return { ok: true, id, email: email.data };
}

const actorOf = (person: { id: string; username: string }): AuditActor => ({
  id: person.id,
  role: "client",
  label: person.username,
});

export type PendingInvitation = {
  id: string;
  email: string;
  role: OrganisationRole;
  createdAt: Date;
  expiresAt: Date;
  resentAt: Date | null;
  invitedBy: string | null;
};

/** The organisation's invitations not yet accepted, withdrawn or expired, newest first. */
export async function listPendingInvitations(organisationId: string): Promise<PendingInvitation[]> {
  return db()
    .select({
      id: organisationInvitations.id,
      email: organisationInvitations.email,
      role: organisationInvitations.role,
      createdAt: organisationInvitations.createdAt,
      expiresAt: organisationInvitations.expiresAt,
      resentAt: organisationInvitations.resentAt,
      invitedBy: users.username,
    })
    .from(organisationInvitations)
    .leftJoin(users, eq(users.id, organisationInvitations.invitedBy))
    .where(and(eq(organisationInvitations.organisationId, organisationId), pending()))
    .orderBy(desc(organisationInvitations.createdAt));
}

const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** Sends a pending invitation again with a new link (the old one stops working), good for 7 more days. */
export async function resendInvitation(input: {
  organisation: Organisation;
  inviter: Inviter;
  invitationId: string;
  mail: MailContext;
}): Promise<{ ok: true } | { ok: false; message: string; status: 400 | 403 | 404 | 429 }> {
  const { organisation, inviter } = input;
  if (!inviter.emailVerified) return { ok: false, status: 403, message: ORGANISATION_MESSAGES.unverified };
  if (!isUuid(input.invitationId))
    return { ok: false, status: 404, message: ORGANISATION_MESSAGES.invitationGone };
  const limit = await consumeRateLimit(`organisation-invite:${organisation.id}`, INVITATION_RATE_LIMIT);
  if (limit.limited) return { ok: false, status: 429, message: ORGANISATION_MESSAGES.tooManyInvitations };
  const token = createSecret();
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  const queued = await db().transaction(async (tx) => {
    const [row] = await tx
      .update(organisationInvitations)
      .set({ tokenHash: sha256(token), expiresAt, resentAt: sql`now()` })
      .where(
        and(
          eq(organisationInvitations.id, input.invitationId),
          eq(organisationInvitations.organisationId, organisation.id),
          isNull(organisationInvitations.acceptedAt),
          isNull(organisationInvitations.revokedAt),
        ),
      )
      .returning();
    if (!row) return null;
    await recordAudit(
      {
        actor: actorOf(inviter),
        action: "organisation.invite_resent",
        target: { type: "organisation", id: organisation.id, label: organisation.name },
        after: { email: row.email, role: row.role, expires_at: expiresAt },
      },
      tx,
    );
    return queueEmail(
      invitationEmail({
        to: row.email,
        organisation: organisation.name,
        inviter: inviter.username,
        role: row.role,
        link: linkFor(token, input.mail),
        mail: input.mail,
      }),
      tx,
    );
  });
  if (!queued) return { ok: false, status: 404, message: ORGANISATION_MESSAGES.invitationGone };
  await sendQueuedEmail(queued);
  return { ok: true };
}

/** Withdraws a pending invitation: its link stops working. */
export async function revokeInvitation(input: {
  organisation: Organisation;
  actor: { id: string; username: string };
  invitationId: string;
}): Promise<boolean> {
  if (!isUuid(input.invitationId)) return false;
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(organisationInvitations)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(organisationInvitations.id, input.invitationId),
          eq(organisationInvitations.organisationId, input.organisation.id),
          isNull(organisationInvitations.acceptedAt),
          isNull(organisationInvitations.revokedAt),
        ),
      )
      .returning();
    if (!row) return false;
    await recordAudit(
      {
        actor: actorOf(input.actor),
        action: "organisation.invite_revoked",
        target: { type: "organisation", id: input.organisation.id, label: input.organisation.name },
        before: { email: row.email, role: row.role, expires_at: row.expiresAt },
      },
      tx,
    );
    return true;
  });
}

export type FoundInvitation = {
  id: string;
  email: string;
  role: OrganisationRole;
  organisationId: string;
  organisationName: string;
  state: InvitationState;
};

/** What an invitation link leads to, or null for a link that never was one. */
export async function findInvitation(token: string): Promise<FoundInvitation | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db()
    .select({
      id: organisationInvitations.id,
      email: organisationInvitations.email,
      role: organisationInvitations.role,
      organisationId: organisationInvitations.organisationId,
      organisationName: organisations.name,
      acceptedAt: organisationInvitations.acceptedAt,
      revokedAt: organisationInvitations.revokedAt,
      expiresAt: organisationInvitations.expiresAt,
    })
    .from(organisationInvitations)
    .innerJoin(organisations, eq(organisations.id, organisationInvitations.organisationId))
    .where(eq(organisationInvitations.tokenHash, sha256(token)))
    .limit(1);
  if (!row) return null;
  const { acceptedAt, revokedAt, expiresAt, ...rest } = row;
  return { ...rest, state: invitationState({ acceptedAt, revokedAt, expiresAt }) };
}

export type AcceptResult =
  { ok: true; organisationId: string; organisationName: string } | { ok: false; message: string };

/**
 * Accepts an invitation, once, for the signed-in person whose address it was
 * sent to (any case). Opening the link proves the address, so an unconfirmed
 * one becomes confirmed. The person joins with the invited role (a member
 * already keeps theirs) and `sessionId`'s session switches to the organisation.
 */
export async function acceptInvitation(input: {
  token: string;
  person: { id: string; username: string; email: string; emailVerified: boolean };
  sessionId?: string | null;
  linkVerifiedEmail: LinkVerifiedEmail;
}): Promise<AcceptResult> {
  const found = await findInvitation(input.token);
  if (!found) return { ok: false, message: ORGANISATION_MESSAGES.invitationUnknown };
  if (found.state !== "pending")
    return {
      ok: false,
      message:
        found.state === "expired"
          ? ORGANISATION_MESSAGES.invitationExpired
          : found.state === "revoked"
            ? ORGANISATION_MESSAGES.invitationRevoked
            : ORGANISATION_MESSAGES.invitationAccepted,
    };
  if (found.email.toLowerCase() !== input.person.email.toLowerCase())
    return { ok: false, message: ORGANISATION_MESSAGES.wrongAddress(found.email) };
  return db().transaction(async (tx) => {
    // Claimed once: a second tab (or a replay) finds it no longer pending.
    const [claimed] = await tx
      .update(organisationInvitations)
      .set({ acceptedAt: sql`now()`, acceptedBy: input.person.id })
      .where(and(eq(organisationInvitations.id, found.id), pending()))
      .returning({ id: organisationInvitations.id });
    if (!claimed) return { ok: false, message: ORGANISATION_MESSAGES.invitationAccepted } as const;
    await tx
      .insert(organisationMembers)
      .values({ organisationId: found.organisationId, userId: input.person.id, role: found.role })
      .onConflictDoNothing();
    if (!input.person.emailVerified)
      await markEmailVerified(tx, input.person.id, input.person.email, input.linkVerifiedEmail);
    if (input.sessionId)
      await tx
        .update(sessions)
        .set({ organisationId: found.organisationId })
        .where(and(eq(sessions.idHash, sha256(input.sessionId)), eq(sessions.userId, input.person.id)));
    await recordAudit(
      {
        actor: actorOf(input.person),
        action: "organisation.invite_accepted",
        target: { type: "organisation", id: found.organisationId, label: found.organisationName },
        after: { member: input.person.username, email: found.email, role: found.role },
      },
      tx,
    );
    return {
      ok: true,
      organisationId: found.organisationId,
      organisationName: found.organisationName,
    } as const;
  });
}
