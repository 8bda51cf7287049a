import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { findAccountByEmail, replacePassword } from "./accounts.server";
import { newPasswordProblem } from "./common-passwords.server";
import { db } from "../platform/db.server";
import { queueEmail, sendQueuedEmail } from "../platform/mail.server";
import { createSecret, hashPassword, sha256 } from "./passwords.server";
import { passwordResets } from "../schema";

/** A reset link works once, for one hour. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/**
 * Emails a reset link when an account has this email. Says nothing either
 * way: the caller shows the same message whether or not the account exists.
 */
export async function requestPasswordReset(
  email: string,
  options: { baseUrl: string; siteName: string },
): Promise<void> {
  const user = await findAccountByEmail(email);
  if (!user) return;
  const token = createSecret();
  const link = new URL(`/reset-password/${token}`, options.baseUrl).toString();
  // The link and its email are recorded together: a reset the outbox does not know of never exists.
  const resetEmail = await db().transaction(async (tx) => {
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
    });
    return queueEmail(
      {
        kind: "password_reset",
        to: user.email,
        subject: `Reset your ${options.siteName} password`,
        text: [
          `Hi ${user.username},`,
          "",
          `Someone asked to reset the password of your ${options.siteName} account. If it was you, open this link within an hour:`,
          "",
          link,
          "",
          "If it was not you, ignore this email: your password stays as it is.",
        ].join("\n"),
      },
      tx,
    );
  });
  await sendQueuedEmail(resetEmail);
}

/** Whether a reset token is known, unused and unexpired. */
export async function isResetTokenValid(token: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, sha256(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** "invalid": the token is unknown, used or expired. */
export type ResetResult =
  { ok: true } | { ok: false; reason: "invalid" } | { ok: false; reason: "password"; message: string };

/**
 * Sets the new password and uses up the token, in one transaction; like a
 * password change, it signs the account out of every session, revokes its API
 * keys and voids any other link. A common password is refused before the
 * token is used, so the link still works for a better one.
 */
export async function resetPassword(token: string, password: string): Promise<ResetResult> {
  const problem = await newPasswordProblem(password);
  if (problem) return { ok: false, reason: "password", message: problem };
  const passwordHash = await hashPassword(password);
  return db().transaction(async (tx): Promise<ResetResult> => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.tokenHash, sha256(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) return { ok: false, reason: "invalid" };
    await replacePassword(reset.userId, passwordHash, {}, tx);
    return { ok: true };
  });
}

export async function deleteStalePasswordResets(): Promise<void> {
  await db()
    .delete(passwordResets)
    .where(
      or(
        lt(passwordResets.expiresAt, sql`now() - interval '1 day'`),
        lt(passwordResets.usedAt, sql`now() - interval '1 day'`),
      ),
    );
}
