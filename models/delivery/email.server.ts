import type { Transaction } from "../platform/db.server";
import type { QueuedEmail } from "../platform/mail.server";
import { queueProjectUpdate } from "../platform/notifications.server";
import { renderClockEmail, type ClockEmail } from "./email";

// The delivery clock's emails to a client: plain text and HTML with the same
// words, sent through the outbox only when the client wants project updates.

/**
 * Records the email for the client in the change's own transaction when their
 * preferences allow it, so the email exists exactly when the hold or the
 * reminder's claim commits; null when they do not want it. Send it with
 * `sendQueuedEmail` after the commit (the outbox retries it otherwise).
 */
export function queueClientEmail(userId: string, email: ClockEmail, tx: Transaction): Promise<QueuedEmail[]> {
  const { text, html } = renderClockEmail(email);
  return queueProjectUpdate(userId, { subject: email.subject, text, html, kind: "delivery_clock" }, tx);
}
