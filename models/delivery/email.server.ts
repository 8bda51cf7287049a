import { and, eq, isNull } from "drizzle-orm";
import { db } from "../platform/db.server";
import { sendEmail } from "../platform/mail.server";
import { getNotificationPreferences } from "../platform/notifications.server";
import { users } from "../schema";

// The delivery clock's emails to a client: plain text and HTML with the same
// words, sent through the outbox only when the client wants project updates.

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type ClockEmail = {
  subject: string;
  lines: string[];
  link: { label: string; path: string };
  siteUrl?: string;
};

/** The email's two bodies. */
export function renderClockEmail(email: ClockEmail): { text: string; html: string } {
  const base = (email.siteUrl ?? process.env.PUBLIC_URL ?? "").replace(/\/$/, "");
  const href = `${base}${email.link.path}`;
  const text = `${email.lines.join("\n\n")}\n\n${email.link.label}: ${href}\n\n— Ascendra\n`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(email.subject)}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111;max-width:36rem">
${email.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
<p><a href="${escapeHtml(href)}">${escapeHtml(email.link.label)}</a></p>
<p>— Ascendra</p>
</body></html>`;
  return { text, html };
}

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
