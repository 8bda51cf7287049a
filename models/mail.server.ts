import { desc, eq, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { db } from "./db.server";
import { emailOutbox } from "./schema";

export type MailConfig = { smtpUrl?: string; from: string };

let config: MailConfig = { from: "Ascendra <no-reply@ascendra.studio>" };
let transport: Transporter | undefined;

/** Called at boot. Without an SMTP URL, email stays in the outbox table for staff to read. */
export function configureMail(next: MailConfig): void {
  config = next;
  transport = next.smtpUrl ? nodemailer.createTransport(next.smtpUrl) : undefined;
}

export type OutgoingEmail = { to: string; subject: string; text: string; html?: string; kind: string };

/**
 * Records the email in the outbox, then sends it over SMTP when configured.
 * A failed send is recorded on the row rather than failing the request.
 */
export async function sendEmail(email: OutgoingEmail): Promise<{ id: string; sent: boolean }> {
  const [row] = await db()
    .insert(emailOutbox)
    .values({ to: email.to, subject: email.subject, text: email.text, html: email.html, kind: email.kind })
    .returning({ id: emailOutbox.id });
  const id = row!.id;
  if (!transport) return { id, sent: false };
  try {
    await transport.sendMail({ from: config.from, to: email.to, subject: email.subject, text: email.text, html: email.html });
    await db().update(emailOutbox).set({ sentAt: sql`now()` }).where(eq(emailOutbox.id, id));
    return { id, sent: true };
  } catch (error) {
    console.error(`Sending email ${id} failed:`, error);
    await db()
      .update(emailOutbox)
      .set({ error: String((error as Error).message ?? error).slice(0, 1000) })
      .where(eq(emailOutbox.id, id));
    return { id, sent: false };
  }
}

export async function listOutbox(limit = 50) {
  return db().select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
}
