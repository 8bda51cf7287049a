import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { describeUserAgent, fullNameOf, splitFullName } from "./manage-account";
import { type AccountProfileInput, MANAGE_ACCOUNT_MESSAGES } from "./manage-account-forms";
import { ACCOUNT_MESSAGES } from "./accounts";
import { minutesUntil, replacePassword } from "./accounts.server";
import { newPasswordProblem } from "./common-passwords.server";
import { markEmailVerified, type LinkVerifiedEmail } from "./email-verification.server";
import { db, type Database, type Transaction } from "../platform/db.server";
import { toE164 } from "../platform/phone.server";
import { queueEmail, sendQueuedEmail, sendQueuedEmails, type QueuedEmail } from "../platform/mail.server";
import {
  getNotificationPreferences,
  listNotifications,
  setNotificationPreferences,
} from "../platform/notifications.server";
import { createSecret, hashPassword, sha256, verifyPassword } from "./passwords.server";
import { consumeRateLimit, resetRateLimit, type RateLimitRule } from "../platform/rate-limit.server";
import {
  accountEvents,
  emailChanges,
  newsletterSubscribers,
  privacyPreferences,
  profiles,
  sessions,
  users,
} from "../schema";

// Manage account → Profile Settings: personal info, toggles, password, email,
// sessions, and the account's own history. See docs/decisions/0019.

type Executor = Database | Transaction;

/** An email change link works for a day, once. */
const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

/** Password checks on this page (password, email, deletion): 5 wrong tries per account in 15 minutes. */
const PASSWORD_CHECK_LIMIT: RateLimitRule = { limit: 5, windowMs: 15 * 60 * 1000 };

/** Email change links sent per account: 5 an hour, so the form cannot be used to flood an inbox. */
const EMAIL_CHANGE_LIMIT: RateLimitRule = { limit: 5, windowMs: 60 * 60 * 1000 };

/** How many entries the Dashboard's recent activity shows. */
const RECENT_ACTIVITY_SHOWN = 8;

export type PrivacyPreferences = { showcaseWork: boolean; listAsClient: boolean };
const DEFAULT_PRIVACY: PrivacyPreferences = { showcaseWork: false, listAsClient: false };

export type AccountEventKind =
  | "profile_updated"
  | "password_changed"
  | "email_change_requested"
  | "email_changed"
  | "sessions_signed_out"
  | "data_exported"
  | "project_rated"
  | "account_deleted";

export async function recordAccountEvent(
  userId: string,
  kind: AccountEventKind,
  message: string,
  database: Executor = db(),
): Promise<void> {
  await database.insert(accountEvents).values({ userId, kind, message });
}

export async function getPrivacyPreferences(
  userId: string,
  database: Executor = db(),
): Promise<PrivacyPreferences> {
  const [row] = await database
    .select()
    .from(privacyPreferences)
    .where(eq(privacyPreferences.userId, userId))
    .limit(1);
  return row ? { showcaseWork: row.showcaseWork, listAsClient: row.listAsClient } : { ...DEFAULT_PRIVACY };
}

/** What Profile Settings shows. */
export async function getAccountSettings(userId: string) {
  const [row] = await db()
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!row) return null;
  const [notifications, privacy, [pending]] = await Promise.all([
    getNotificationPreferences(userId),
    getPrivacyPreferences(userId),
    db()
      .select({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
      .from(emailChanges)
      .where(
        and(
          eq(emailChanges.userId, userId),
          isNull(emailChanges.usedAt),
          gt(emailChanges.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(emailChanges.createdAt))
      .limit(1),
  ]);
  const { user, profile } = row;
  return {
    username: user.username,
    email: user.email,
    fullName: fullNameOf(user),
    phone: profile?.contact ?? "",
    phoneCountry: profile?.countryCode ?? "IN",
    company: profile?.companyName ?? "",
    companyEmail: profile?.companyEmail ?? "",
    companyWebsite: profile?.companyWebsite ?? "",
    address: profile?.address ?? "",
    memberSince: user.createdAt,
    notifications,
    privacy,
    pendingEmail: pending ?? null,
  };
}

export type SaveProfileResult = { ok: true } | { ok: false; field: "phone"; message: string };

/**
 * Save Changes: personal info, notification and privacy toggles, in one
 * transaction. The phone is stored in E.164. Switching marketing email off
 * also takes the account's address off the newsletter (consent withdrawn).
 */
export async function saveAccountProfile(
  userId: string,
  input: AccountProfileInput,
): Promise<SaveProfileResult> {
  let contact = "";
  if (input.phone) {
    const phone = toE164(input.phone, input.phoneCountry);
    if (!phone.ok) return { ok: false, field: "phone", message: phone.message };
    contact = phone.e164;
  }
  const { firstName, lastName } = splitFullName(input.fullName);
  await db().transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ firstName, lastName, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning({ email: users.email, verifiedAt: users.emailVerifiedAt });
    const values = {
      contact,
      countryCode: input.phoneCountry,
      companyName: input.company,
      companyEmail: input.companyEmail,
      companyWebsite: input.companyWebsite,
      address: input.address,
    };
    await tx
      .insert(profiles)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...values, updatedAt: sql`now()` } });
    await setNotificationPreferences(userId, input.notifications, tx);
    await tx
      .insert(privacyPreferences)
      .values({ userId, ...input.privacy })
      .onConflictDoUpdate({
        target: privacyPreferences.userId,
        set: { ...input.privacy, updatedAt: sql`now()` },
      });
    // Only the address's proved owner can withdraw its newsletter consent (decision 0053).
    if ((!input.notifications.marketing || !input.notifications.email) && user?.verifiedAt) {
      await tx
        .update(newsletterSubscribers)
        .set({ status: "unsubscribed", unsubscribedAt: sql`now()`, confirmTokenHash: null })
        .where(
          and(
            sql`lower(${newsletterSubscribers.email}) = lower(${user.email})`,
            ne(newsletterSubscribers.status, "unsubscribed"),
          ),
        );
    }
    await recordAccountEvent(userId, "profile_updated", "You updated your profile and preferences.", tx);
  });
  return { ok: true };
}

export type PasswordCheck = { ok: true } | { ok: false; message: string };

/** Checks the account's current password, at most 5 wrong tries in 15 minutes. */
export async function checkCurrentPassword(userId: string, password: string): Promise<PasswordCheck> {
  const key = `password-check:${userId}`;
  const limit = await consumeRateLimit(key, PASSWORD_CHECK_LIMIT);
  if (limit.limited)
    return { ok: false, message: ACCOUNT_MESSAGES.tooManyAttempts(minutesUntil(limit.retryAfterSeconds)) };
  const [row] = await db()
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!row || !(await verifyPassword(row.passwordHash, password)))
    return { ok: false, message: MANAGE_ACCOUNT_MESSAGES.currentPasswordWrong };
  await resetRateLimit(key);
  return { ok: true };
}

/**
 * A security notice to the account's address: always sent, whatever the toggles
 * say. Recorded in the outbox inside the change's own transaction, so the notice
 * exists exactly when the change commits; send it with `sendQueuedEmail` after.
 */
function queueSecurityNotice(
  to: string,
  subject: string,
  lines: string[],
  tx: Executor,
): Promise<QueuedEmail> {
  return queueEmail({ kind: "account_security", to, subject, text: lines.join("\n") }, tx);
}

export type ChangePasswordResult =
  { ok: true; signedOut: number } | { ok: false; field: "currentPassword" | "newPassword"; message: string };

/**
 * Change password: the current one must be right. Then every other browser
 * session ends, API keys are revoked and outstanding reset links are void;
 * the session `keepSessionId` stays signed in.
 */
export async function changePassword(
  userId: string,
  input: { currentPassword: string; newPassword: string },
  keepSessionId: string | null,
  options: { siteName: string },
): Promise<ChangePasswordResult> {
  const problem = await newPasswordProblem(input.newPassword);
  if (problem) return { ok: false, field: "newPassword", message: problem };
  const check = await checkCurrentPassword(userId, input.currentPassword);
  if (!check.ok) return { ok: false, field: "currentPassword", message: check.message };
  const passwordHash = await hashPassword(input.newPassword);
  const { signedOut, notice } = await db().transaction(async (tx) => {
    const { signedOut } = await replacePassword(userId, passwordHash, { keepSessionId }, tx);
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    await recordAccountEvent(
      userId,
      "password_changed",
      "You changed your password; other sessions were signed out.",
      tx,
    );
    const notice = await queueSecurityNotice(
      user!.email,
      `Your ${options.siteName} password was changed`,
      [
        "Hi,",
        "",
        `The password of your ${options.siteName} account was just changed, and every other session was signed out.`,
        "",
        "If this was not you, reset your password straight away from the sign-in page and contact us.",
      ],
      tx,
    );
    return { signedOut, notice };
  });
  await sendQueuedEmail(notice);
  return { ok: true, signedOut };
}

export type EmailChangeResult =
  { ok: true; newEmail: string } | { ok: false; field: "newEmail" | "currentPassword"; message: string };

/**
 * Starts an email change: the new address gets a one-day link and the
 * current address a notice; the email changes only when the link is opened.
 * A newer request replaces an older one.
 */
export async function requestEmailChange(
  userId: string,
  input: { newEmail: string; currentPassword: string },
  options: { baseUrl: string; siteName: string },
): Promise<EmailChangeResult> {
  const [user] = await db().select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user)
    return { ok: false, field: "currentPassword", message: MANAGE_ACCOUNT_MESSAGES.currentPasswordWrong };
  if (user.email.toLowerCase() === input.newEmail.toLowerCase())
    return { ok: false, field: "newEmail", message: MANAGE_ACCOUNT_MESSAGES.emailSame };
  const check = await checkCurrentPassword(userId, input.currentPassword);
  if (!check.ok) return { ok: false, field: "currentPassword", message: check.message };
  if (await emailTaken(input.newEmail, userId))
    return { ok: false, field: "newEmail", message: ACCOUNT_MESSAGES.emailTaken };
  const limit = await consumeRateLimit(`email-change:${userId}`, EMAIL_CHANGE_LIMIT);
  if (limit.limited)
    return {
      ok: false,
      field: "newEmail",
      message: ACCOUNT_MESSAGES.tooManyAttempts(minutesUntil(limit.retryAfterSeconds)),
    };

  const token = createSecret();
  const link = new URL(`/verify-email/${token}`, options.baseUrl).toString();
  const emails = await db().transaction(async (tx) => {
    await tx.delete(emailChanges).where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)));
    await tx.insert(emailChanges).values({
      userId,
      newEmail: input.newEmail,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
    });
    await recordAccountEvent(
      userId,
      "email_change_requested",
      `You asked to change your email to ${input.newEmail}.`,
      tx,
    );
    const confirmation = await queueEmail(
      {
        kind: "email_change",
        to: input.newEmail,
        subject: `Confirm your new ${options.siteName} email address`,
        text: [
          "Hi,",
          "",
          `Open this link within 24 hours to make ${input.newEmail} the email address of your ${options.siteName} account:`,
          "",
          link,
          "",
          "If you did not ask for this, ignore this email: nothing changes.",
        ].join("\n"),
      },
      tx,
    );
    const notice = await queueSecurityNotice(
      user.email,
      `Your ${options.siteName} email address is about to change`,
      [
        "Hi,",
        "",
        `Someone signed in to your ${options.siteName} account asked to change its email address to ${input.newEmail}. ` +
          "It changes only when the link we sent there is opened.",
        "",
        "Nothing changes unless that link is opened. If this was not you, change your password now and contact us.",
      ],
      tx,
    );
    return [confirmation, notice];
  });
  await sendQueuedEmails(emails);
  return { ok: true, newEmail: input.newEmail };
}

async function emailTaken(email: string, exceptUserId: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, exceptUserId)))
    .limit(1);
  return Boolean(row);
}

const pendingChange = (token: string) =>
  and(
    eq(emailChanges.tokenHash, sha256(token)),
    isNull(emailChanges.usedAt),
    gt(emailChanges.expiresAt, sql`now()`),
  );

/** The new address an unused, unexpired link would confirm, or null. */
export async function getEmailChange(token: string): Promise<{ newEmail: string } | null> {
  const [row] = await db()
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(pendingChange(token))
    .limit(1);
  return row ?? null;
}

export type ConfirmEmailResult = { ok: true; email: string } | { ok: false; message: string };

/** Opens the link: the account's email becomes the new address (if nobody took it meanwhile). */
export async function confirmEmailChange(
  token: string,
  options: { siteName: string; linkVerifiedEmail: LinkVerifiedEmail },
): Promise<ConfirmEmailResult> {
  const invalid = { ok: false, message: MANAGE_ACCOUNT_MESSAGES.emailLinkInvalid } as const;
  let outcome: { newEmail: string; notice: QueuedEmail } | null;
  try {
    outcome = await db().transaction(async (tx) => {
      const [change] = await tx
        .update(emailChanges)
        .set({ usedAt: sql`now()` })
        .where(pendingChange(token))
        .returning();
      if (!change) return null;
      const [before] = await tx
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.id, change.userId), isNull(users.deletedAt)))
        .for("update");
      if (!before) return null;
      await tx
        .update(users)
        .set({ email: change.newEmail, emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(users.id, change.userId));
      // The link was opened from the new address: that proves it (decision 0053).
      await markEmailVerified(tx, change.userId, change.newEmail, options.linkVerifiedEmail);
      await recordAccountEvent(
        change.userId,
        "email_changed",
        `Your email address changed to ${change.newEmail}.`,
        tx,
      );
      const notice = await queueSecurityNotice(
        before.email,
        `Your ${options.siteName} email address was changed`,
        [
          "Hi,",
          "",
          `The email address of your ${options.siteName} account is now ${change.newEmail}. This address will not get account emails any more.`,
          "",
          "If this was not you, contact us straight away.",
        ],
        tx,
      );
      return { newEmail: change.newEmail, notice };
    });
  } catch (error) {
    // Someone signed up with the address after the link was sent.
    const code =
      (error as { cause?: { code?: string }; code?: string })?.cause?.code ??
      (error as { code?: string })?.code;
    if (code === "23505") return { ok: false, message: ACCOUNT_MESSAGES.emailTaken };
    throw error;
  }
  if (!outcome) return invalid;
  await sendQueuedEmail(outcome.notice);
  return { ok: true, email: outcome.newEmail };
}

export type ActiveSession = {
  device: string;
  createdAt: Date;
  expiresAt: Date;
  remember: boolean;
  current: boolean;
};

/** The account's signed-in browsers, this one first, then newest first. */
export async function listActiveSessions(
  userId: string,
  currentSessionId: string | null,
): Promise<ActiveSession[]> {
  const rows = await db()
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.createdAt));
  const current = currentSessionId ? sha256(currentSessionId) : null;
  return rows
    .map((row) => ({
      device: describeUserAgent(row.userAgent),
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
      remember: row.remember,
      current: row.idHash === current,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Signs out every other browser; this one stays. Returns how many ended. */
export async function signOutOtherSessions(userId: string, currentSessionId: string | null): Promise<number> {
  const where = currentSessionId
    ? and(eq(sessions.userId, userId), ne(sessions.idHash, sha256(currentSessionId)))
    : eq(sessions.userId, userId);
  const deleted = await db().delete(sessions).where(where).returning({ idHash: sessions.idHash });
  if (deleted.length)
    await recordAccountEvent(
      userId,
      "sessions_signed_out",
      `You signed out ${deleted.length} other session${deleted.length === 1 ? "" : "s"}.`,
    );
  return deleted.length;
}

export type ActivityItem = {
  id: string;
  source: "notification" | "account";
  title: string;
  message: string;
  at: Date;
  link: string | null;
  tone: "success" | "warning" | "info";
};

const EVENT_TITLES: Record<AccountEventKind, string> = {
  profile_updated: "Profile updated",
  password_changed: "Password changed",
  email_change_requested: "Email change requested",
  email_changed: "Email address changed",
  sessions_signed_out: "Sessions signed out",
  data_exported: "Data exported",
  project_rated: "Project rated",
  account_deleted: "Account deleted",
};

/** The Dashboard's recent activity: notifications and the account's own history, newest first. */
export async function listRecentActivity(
  userId: string,
  limit = RECENT_ACTIVITY_SHOWN,
): Promise<ActivityItem[]> {
  const [notes, events] = await Promise.all([
    listNotifications(userId, limit),
    db()
      .select()
      .from(accountEvents)
      .where(eq(accountEvents.userId, userId))
      .orderBy(desc(accountEvents.createdAt))
      .limit(limit),
  ]);
  const items: ActivityItem[] = [
    ...notes.map((n) => ({
      id: n.id,
      source: "notification" as const,
      title: n.title,
      message: n.message,
      at: n.createdAt,
      link: n.link,
      tone: n.type as ActivityItem["tone"],
    })),
    ...events.map((e) => ({
      id: e.id,
      source: "account" as const,
      title: EVENT_TITLES[e.kind as AccountEventKind] ?? e.kind,
      message: e.message,
      at: e.createdAt,
      link: null,
      tone: "info" as const,
    })),
  ];
  return items.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, limit);
}
