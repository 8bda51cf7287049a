import { and, eq, isNull } from "drizzle-orm";
import type { Transaction } from "../platform/db.server";
import { queueEmail, sendQueuedEmail, type QueuedEmail } from "../platform/mail.server";
import { getNotificationPreferences } from "../platform/notifications.server";
import { users } from "../schema";
import { renderClockEmail, type ClockEmail } from "./email";

// The delivery clock's emails to a client: plain text and HTML with the same
// words, sent through the outbox only when the client wants project updates.

/**
 * Records the email for the client in the change's own transaction when their
 * preferences allow it, so the email exists exactly when the hold or the
 * reminder's claim commits; null when they do not want it. Send it with
 * `sendClientEmail` after the commit (the outbox retries it otherwise).
 */
export async function queueClientEmail(
  userId: string,
  email: ClockEmail,
  tx: Transaction,
): Promise<QueuedEmail | null> {
  const preferences = await getNotificationPreferences(userId, tx);
  if (!preferences.email || !preferences.projectUpdates) return null;
  const [user] = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user) return null;
  const { text, html } = renderClockEmail(email);
  return queueEmail({ to: user.email, subject: email.subject, text, html, kind: "delivery_clock" }, tx);
}

/** Sends what `queueClientEmail` recorded, once its transaction has committed. */
export async function sendClientEmail(queued: QueuedEmail | null): Promise<void> {
  if (queued) await sendQueuedEmail(queued);
}
