import { and, eq, isNull } from "drizzle-orm";
import { db } from "../platform/db.server";
import { sendEmail } from "../platform/mail.server";
import { getNotificationPreferences } from "../platform/notifications.server";
import { users } from "../schema";
import { renderClockEmail, type ClockEmail } from "./email";

// The delivery clock's emails to a client: plain text and HTML with the same
// words, sent through the outbox only when the client wants project updates.

/** Queues the email for the client when their preferences allow it; answers whether it was queued. */
export async function emailClient(userId: string, email: ClockEmail): Promise<boolean> {
  const preferences = await getNotificationPreferences(userId);
  if (!preferences.email || !preferences.projectUpdates) return false;
  const [user] = await db()
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user) return false;
  const { text, html } = renderClockEmail(email);
  await sendEmail({ to: user.email, subject: email.subject, text, html, kind: "delivery_clock" });
  return true;
}
