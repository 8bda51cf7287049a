import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { db, type Database, type Transaction } from "../platform/db.server";
import { queueEmail, sendQueuedEmail, type QueuedEmail } from "../platform/mail.server";
import { consumeRateLimit, type RateLimitRule } from "../platform/rate-limit.server";
import { emailVerifications, users } from "../schema";
import { EMAIL_VERIFICATION_MESSAGES, EMAIL_VERIFICATION_TTL_MS } from "./email-verification";
import { createSecret, sha256 } from "./passwords.server";

// Proving an account's email address (docs/decisions/0053-email-verification.md).
// Until the owner opens a link sent to the address, nothing others sent to it
// (a meeting booked with it, the emails the outbox holds for it) is linked to
// the account. Signup queues the first link; a signed-in client may ask again.

type Executor = Database | Transaction;

/** What a link needs: where the site is and what it is called. */
export type MailContext = { baseUrl: string; siteName: string };

/** Links sent again per account: 5 an hour, so the button cannot be used to flood an inbox. */
const RESEND_LIMIT: RateLimitRule = { limit: 5, windowMs: 60 * 60 * 1000 };

/**
 * A new confirmation link for the account's current address, recorded with
 * its email in the caller's transaction (the change it belongs to: a signup, a
 * request for another link). Earlier unused links stop working. Send the
 * returned email with `sendQueuedEmail` after the commit.
 */
export async function queueEmailVerification(
  user: { id: string; email: string },
  options: MailContext,
  tx: Executor,
): Promise<QueuedEmail> {
  const token = createSecret();
  const link = new URL(`/confirm-email/${token}`, options.baseUrl).toString();
  await tx
    .delete(emailVerifications)
    .where(and(eq(emailVerifications.userId, user.id), isNull(emailVerifications.usedAt)));
  await tx.insert(emailVerifications).values({
    userId: user.id,
    email: user.email,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + EMAIL_VERIFICATION_TTL_MS),
  });
  return queueEmail(
    {
      kind: "email_verification",
      to: user.email,
      subject: `Confirm your ${options.siteName} email address`,
      text: [
        "Hi,",
        "",
        `Open this link within ${EMAIL_VERIFICATION_MESSAGES.linkLifetime} to confirm that ${user.email} is the address of your ${options.siteName} account:`,
        "",
        link,
        "",
        "Once it is confirmed, meetings booked with this address appear in your dashboard.",
        "If you did not create an account with us, ignore this email: nothing is linked to it.",
      ].join("\n"),
    },
    tx,
  );
}

type ResendResult =
  | { ok: true; email: string }
  | { ok: false; reason: "verified" }
  | { ok: false; reason: "limited"; retryAfterSeconds: number };

/** "Send the link again", for a signed-in client whose address is not confirmed yet. */
export async function resendEmailVerification(userId: string, options: MailContext): Promise<ResendResult> {
  const [user] = await db()
    .select({ id: users.id, email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user || user.verifiedAt) return { ok: false, reason: "verified" };
  const limit = await consumeRateLimit(`email-verification:${userId}`, RESEND_LIMIT);
  if (limit.limited) return { ok: false, reason: "limited", retryAfterSeconds: limit.retryAfterSeconds };
  const email = await db().transaction((tx) => queueEmailVerification(user, options, tx));
  await sendQueuedEmail(email);
  return { ok: true, email: user.email };
}

const pendingLink = (token: string) =>
  and(
    eq(emailVerifications.tokenHash, sha256(token)),
    isNull(emailVerifications.usedAt),
    gt(emailVerifications.expiresAt, sql`now()`),
  );

/** The address an unused, unexpired link would confirm, or null. */
export async function getEmailVerification(token: string): Promise<{ email: string } | null> {
  const [row] = await db()
    .select({ email: emailVerifications.email })
    .from(emailVerifications)
    .where(pendingLink(token))
    .limit(1);
  return row ?? null;
}

/**
 * The address is proved (a confirmation link, an email change's link, a staff
 * invitation): the account is marked verified, its other links stop working
 * and a client's meetings booked with the address join it (`linkVerifiedEmail`:
 * calendar's linking, passed in because calendar sits to identity's right,
 * decision 0066). In the caller's transaction.
 */
export async function markEmailVerified(
  tx: Transaction,
  userId: string,
  email: string,
  linkVerifiedEmail: LinkVerifiedEmail,
): Promise<void> {
  const [user] = await tx
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ role: users.role });
  await tx
    .update(emailVerifications)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)));
  if (user?.role === "client") await linkVerifiedEmail(tx, userId, email);
}

/** What joins a client's account once an address is proved: calendar's `linkMeetingsToVerifiedEmail`. */
export type LinkVerifiedEmail = (tx: Transaction, userId: string, email: string) => Promise<void>;

type VerifyEmailResult = { ok: true; email: string } | { ok: false };

/**
 * Opens a link, once: the account's address is confirmed if it is still the
 * one the link was sent to (a link sent before an email change proves nothing
 * about the new address).
 */
export function verifyEmail(token: string, linkVerifiedEmail: LinkVerifiedEmail): Promise<VerifyEmailResult> {
  return db().transaction(async (tx): Promise<VerifyEmailResult> => {
    const [link] = await tx
      .update(emailVerifications)
      .set({ usedAt: sql`now()` })
      .where(pendingLink(token))
      .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
    if (!link) return { ok: false };
    const [user] = await tx
      .select({ email: users.email })
      .from(users)
      .where(
        and(
          eq(users.id, link.userId),
          isNull(users.deletedAt),
          sql`lower(${users.email}) = lower(${link.email})`,
        ),
      )
      .for("update");
    if (!user) return { ok: false };
    await markEmailVerified(tx, link.userId, user.email, linkVerifiedEmail);
    return { ok: true, email: user.email };
  });
}
