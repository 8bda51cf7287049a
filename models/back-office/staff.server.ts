import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { createAccount, replacePassword, type AccountUser } from "../identity/accounts.server";
import { revokeApiTokens } from "../identity/api-tokens.server";
import { markEmailVerified } from "../identity/email-verification.server";
import { leaveAllOrganisations } from "../identity/organisations.server";
import { linkMeetingsToVerifiedEmail } from "../calendar/meetings.server";
import { recordAudit, type AuditActor } from "../platform/audit.server";
import { db } from "../platform/db.server";
import { isUuid } from "../platform/ids";
import { queueEmail, sendQueuedEmail } from "../platform/mail.server";
import { newPasswordProblem } from "../identity/common-passwords.server";
import { createSecret, hashPassword, sha256 } from "../identity/passwords.server";
import { staffInvitations, users } from "../schema";
import { deleteUserSessions } from "../identity/sessions.server";
import { STAFF_ACCESS_LEVELS, STAFF_INVITE_TTL_MS, STAFF_MESSAGES, type StaffAccess } from "./staff";
import { accountColumns } from "../identity/account-columns.server";

// Staff management. The first staff account comes from `npm run create-staff`;
// after that, staff invite each other with a one-time emailed link (only its
// hash is stored, like a password reset link). See docs/decisions/0018.

export async function listStaff() {
  return db()
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      createdAt: users.createdAt,
      staffAccess: users.staffAccess,
    })
    .from(users)
    .where(eq(users.role, "staff"))
    .orderBy(asc(users.createdAt));
}

const pending = () =>
  and(
    isNull(staffInvitations.acceptedAt),
    isNull(staffInvitations.revokedAt),
    gt(staffInvitations.expiresAt, sql`now()`),
  );

export async function listPendingInvitations() {
  return db()
    .select({
      id: staffInvitations.id,
      email: staffInvitations.email,
      createdAt: staffInvitations.createdAt,
      expiresAt: staffInvitations.expiresAt,
      invitedBy: users.username,
    })
    .from(staffInvitations)
    .leftJoin(users, eq(users.id, staffInvitations.invitedBy))
    .where(pending())
    .orderBy(desc(staffInvitations.createdAt));
}

const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

export type InviteResult = { ok: true; email: string } | { ok: false; message: string };

/**
 * Emails a one-time link. Inviting the same address again withdraws the
 * earlier link, so only the newest one works.
 */
export async function inviteStaff(
  email: string,
  actor: AuditActor & { id: string },
  options: { baseUrl: string; siteName: string },
): Promise<InviteResult> {
  const [existing] = await db().select({ role: users.role }).from(users).where(byEmail(email)).limit(1);
  if (existing?.role === "staff") return { ok: false, message: STAFF_MESSAGES.alreadyStaff };
  const token = createSecret();
  const expiresAt = new Date(Date.now() + STAFF_INVITE_TTL_MS);
  const link = new URL(`/staff-invite/${token}`, options.baseUrl).toString();
  const invitation = await db().transaction(async (tx) => {
    await tx
      .update(staffInvitations)
      .set({ revokedAt: new Date() })
      .where(and(pending(), sql`lower(${staffInvitations.email}) = lower(${email})`));
    const [invite] = await tx
      .insert(staffInvitations)
      .values({ email, tokenHash: sha256(token), invitedBy: actor.id, expiresAt })
      .returning({ id: staffInvitations.id });
    await recordAudit(
      {
        actor,
        action: "staff.invite",
        target: { type: "staff_invitation", id: invite!.id, label: email },
        after: { email, expires_at: expiresAt, existing_account: Boolean(existing) },
      },
      tx,
    );
    // The invitation and its email are recorded together (the outbox retries a failed send).
    return queueEmail(
      {
        kind: "staff_invitation",
        to: email,
        subject: `You are invited to the ${options.siteName} team`,
        text: [
          "Hi,",
          "",
          `${actor.label ?? "Someone on the team"} invited you to the ${options.siteName} back-office. Open this link within 7 days to ${existing ? "set a new password and join" : "choose your username and password"}:`,
          "",
          link,
          "",
          "The link works once. If you did not expect this email, ignore it.",
        ].join("\n"),
      },
      tx,
    );
  });
  await sendQueuedEmail(invitation);
  return { ok: true, email };
}

export async function withdrawInvitation(id: string | undefined, actor: AuditActor): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(staffInvitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(staffInvitations.id, id), pending()))
      .returning();
    if (!row) return false;
    await recordAudit(
      {
        actor,
        action: "staff.invite_revoked",
        target: { type: "staff_invitation", id: row.id, label: row.email },
        before: { expires_at: row.expiresAt },
        after: { revoked_at: row.revokedAt },
      },
      tx,
    );
    return true;
  });
}

/** What the accept page needs: the invited address and whether it already has an account. Null when the link does not work. */
export async function getInvitation(token: string | undefined) {
  if (!token) return null;
  const [invite] = await db()
    .select()
    .from(staffInvitations)
    .where(and(eq(staffInvitations.tokenHash, sha256(token)), pending()))
    .limit(1);
  if (!invite) return null;
  const [account] = await db()
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(byEmail(invite.email))
    .limit(1);
  return { email: invite.email, expiresAt: invite.expiresAt, account: account ?? null };
}

export type AcceptResult =
  | { ok: true; user: AccountUser }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "field"; field: "username" | "password"; message: string };

class UsernameConflict extends Error {
  constructor(readonly message: string) {
    super(message);
  }
}

/**
 * Uses up the link and makes its address staff, in one transaction: a new
 * account with the chosen username, or the existing account of that address
 * with the new password (signed out everywhere, as after a reset).
 */
export async function acceptInvitation(
  token: string,
  input: { username?: string; password: string },
): Promise<AcceptResult> {
  // Checked before the link is used up, so it still works for a better password.
  const problem = await newPasswordProblem(input.password);
  if (problem) return { ok: false, reason: "field", field: "password", message: problem };
  const passwordHash = await hashPassword(input.password);
  try {
    return await db().transaction(async (tx) => {
      const [invite] = await tx
        .update(staffInvitations)
        .set({ acceptedAt: new Date() })
        .where(and(eq(staffInvitations.tokenHash, sha256(token)), pending()))
        .returning();
      if (!invite) return { ok: false, reason: "invalid" } as const;
      const [existing] = await tx
        .select(accountColumns)
        .from(users)
        .where(byEmail(invite.email))
        .for("update");
      let user: AccountUser;
      if (existing) {
        await tx
          .update(users)
          .set({ role: "staff", updatedAt: sql`now()` })
          .where(eq(users.id, existing.id));
        await replacePassword(existing.id, passwordHash, {}, tx);
        // Staff belong to no client organisation (decision 0077).
        await leaveAllOrganisations(existing.id, tx);
        // Opening the invitation sent to the address proved it.
        await markEmailVerified(tx, existing.id, existing.email, linkMeetingsToVerifiedEmail);
        user = { ...existing, role: "staff", emailVerified: true };
      } else {
        const created = await createAccount(
          {
            username: input.username ?? "",
            email: invite.email,
            password: input.password,
            role: "staff",
            emailVerified: true,
          },
          tx,
        );
        if (!created.ok) throw new UsernameConflict(created.message);
        user = created.user;
      }
      await tx
        .update(staffInvitations)
        .set({ acceptedBy: user.id })
        .where(eq(staffInvitations.id, invite.id));
      await recordAudit(
        {
          actor: { id: user.id, role: "staff", label: user.username },
          action: "staff.invite_accepted",
          target: { type: "staff_invitation", id: invite.id, label: invite.email },
          before: existing ? { role: existing.role } : null,
          after: { role: "staff", user_id: user.id, new_account: !existing },
        },
        tx,
      );
      return { ok: true, user } as const;
    });
  } catch (error) {
    // The transaction rolled back, so the link still works for a second try.
    if (error instanceof UsernameConflict)
      return { ok: false, reason: "field", field: "username", message: error.message };
    throw error;
  }
}

export type RemoveResult = { ok: true; username: string } | { ok: false; message: string };

/** Makes a staff member a client again, signed out everywhere with their API keys revoked. */
export async function removeStaff(
  userId: string | undefined,
  actor: AuditActor & { id: string },
): Promise<RemoveResult> {
  if (!isUuid(userId)) return { ok: false, message: STAFF_MESSAGES.notStaff };
  if (userId === actor.id) return { ok: false, message: STAFF_MESSAGES.cannotRemoveSelf };
  return db().transaction(async (tx) => {
    // Lock the staff rows so two removals at once cannot leave nobody.
    const staff = await tx
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(eq(users.role, "staff"))
      .for("update");
    const target = staff.find((s) => s.id === userId);
    if (!target) return { ok: false, message: STAFF_MESSAGES.notStaff } as const;
    if (staff.length <= 1) return { ok: false, message: STAFF_MESSAGES.lastStaff } as const;
    await tx
      .update(users)
      .set({ role: "client", updatedAt: sql`now()` })
      .where(eq(users.id, target.id));
    const sessionsEnded = await deleteUserSessions(target.id, {}, tx);
    const keysRevoked = await revokeApiTokens(target.id, tx);
    await recordAudit(
      {
        actor,
        action: "staff.remove",
        target: { type: "user", id: target.id, label: target.email },
        before: { role: "staff" },
        after: { role: "client", sessions_ended: sessionsEnded, api_keys_revoked: keysRevoked },
      },
      tx,
    );
    return { ok: true, username: target.username } as const;
  });
}

export type AccessResult =
  { ok: true; message: string } | { ok: false; status: 400 | 403 | 409; message: string };

/**
 * A staff member with full access sets another's (or their own) access level
 * (decision 0075), written to the audit log in the same transaction. The
 * staff rows are locked so that two changes at once cannot leave nobody with
 * full access; a studio member cannot change anyone's, their own included.
 */
export async function setStaffAccess(
  userId: string | undefined,
  access: string | undefined,
  actor: AuditActor & { id: string },
): Promise<AccessResult> {
  if (!isUuid(userId)) return { ok: false, status: 400, message: STAFF_MESSAGES.notStaff };
  if (!access || !(access in STAFF_ACCESS_LEVELS))
    return { ok: false, status: 400, message: STAFF_MESSAGES.accessUnknown };
  const level = access as StaffAccess;
  return db().transaction(async (tx) => {
    const staff = await tx
      .select({ id: users.id, username: users.username, email: users.email, staffAccess: users.staffAccess })
      .from(users)
      .where(eq(users.role, "staff"))
      .for("update");
    const me = staff.find((s) => s.id === actor.id);
    if (me?.staffAccess !== "full")
      return { ok: false, status: 403, message: STAFF_MESSAGES.accessNotAllowed } as const;
    const target = staff.find((s) => s.id === userId);
    if (!target) return { ok: false, status: 400, message: STAFF_MESSAGES.notStaff } as const;
    if (target.staffAccess === level)
      return { ok: true, message: STAFF_MESSAGES.accessSet(target.username, level) } as const;
    const fullLeft = staff.filter((s) => s.staffAccess === "full" && s.id !== target.id).length;
    if (level !== "full" && fullLeft === 0)
      return { ok: false, status: 409, message: STAFF_MESSAGES.lastFullAccess } as const;
    await tx
      .update(users)
      .set({ staffAccess: level, updatedAt: sql`now()` })
      .where(eq(users.id, target.id));
    await recordAudit(
      {
        actor,
        action: "staff.access",
        target: { type: "user", id: target.id, label: target.email },
        before: { staff_access: target.staffAccess },
        after: { staff_access: level },
      },
      tx,
    );
    return { ok: true, message: STAFF_MESSAGES.accessSet(target.username, level) } as const;
  });
}
