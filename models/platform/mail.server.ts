import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { db, queryRows, type Transaction } from "./db.server";
import { runJobExclusively } from "./job-lock.server";
import { log } from "./log.server";
import { emailAttempts } from "./metrics.server";
import { emailOutbox, type StoredAttachment } from "../schema";

export type MailConfig = { smtpUrl?: string; from: string };

let config: MailConfig = { from: "Ascendra <no-reply@ascendra.studio>" };
let transport: Transporter | undefined;

/** Called at boot. Without an SMTP URL, email stays in the outbox table for staff to read. */
export function configureMail(next: MailConfig): void {
  config = next;
  transport = next.smtpUrl ? nodemailer.createTransport(next.smtpUrl) : undefined;
}

/** A file sent with an email: its name, MIME type and bytes (a string is sent as UTF-8). */
export type EmailAttachment = { filename: string; contentType: string; content: string | Uint8Array };

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
  attachments?: EmailAttachment[];
};

/** How an attachment is kept on the outbox row (base64), so a retry sends the same bytes. */
const storedAttachment = (file: EmailAttachment): StoredAttachment => ({
  filename: file.filename,
  contentType: file.contentType,
  content: Buffer.from(file.content).toString("base64"),
});

/** How many times an email is tried before it waits for staff. */
const MAX_SEND_ATTEMPTS = 5;

/** Sends one outbox row; `counted` when the attempt was already added (a claimed retry). */
async function deliver(
  id: string,
  email: {
    to: string;
    subject: string;
    text: string;
    html?: string | null;
    attachments?: StoredAttachment[] | null;
  },
  counted = false,
): Promise<boolean> {
  if (!transport) return false;
  const attempts = counted ? emailOutbox.attempts : sql`${emailOutbox.attempts} + 1`;
  try {
    await transport.sendMail({
      from: config.from,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html ?? undefined,
      attachments: (email.attachments ?? []).map((file) => ({
        filename: file.filename,
        contentType: file.contentType,
        content: Buffer.from(file.content, "base64"),
      })),
    });
    await db()
      .update(emailOutbox)
      .set({ sentAt: sql`now()`, error: null, attempts })
      .where(eq(emailOutbox.id, id));
    emailAttempts.inc({ outcome: "sent" });
    log().info({ emailId: id, outcome: "sent", retry: counted }, "email attempt");
    return true;
  } catch (error) {
    // Handled here: the row keeps the error and a later retry tries again.
    emailAttempts.inc({ outcome: "failed" });
    log().warn({ err: error, emailId: id, outcome: "failed", retry: counted }, "email attempt");
    await db()
      .update(emailOutbox)
      .set({ error: String((error as Error).message ?? error).slice(0, 1000), attempts })
      .where(eq(emailOutbox.id, id));
    return false;
  }
}

/**
 * Records the email in the outbox, then sends it over SMTP when configured.
 * A failed send is recorded on the row (and retried later) rather than
 * failing the request: nothing is lost.
 */
export async function sendEmail(email: OutgoingEmail): Promise<{ id: string; sent: boolean }> {
  const queued = await queueEmail(email, db());
  return { id: queued.id, sent: await sendQueuedEmail(queued) };
}

/**
 * Records the email in the outbox inside the caller's transaction, so it
 * exists exactly when the change it tells of commits (a job's claim, say).
 * Send it with `sendQueuedEmail` after the commit.
 */
export async function queueEmail(
  email: OutgoingEmail,
  tx: Transaction | ReturnType<typeof db>,
): Promise<QueuedEmail> {
  const attachments = (email.attachments ?? []).map(storedAttachment);
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      kind: email.kind,
      attachments,
    })
    .returning({ id: emailOutbox.id });
  return { id: row!.id, email: { ...email, attachments } };
}
export type QueuedEmail = {
  id: string;
  email: Omit<OutgoingEmail, "attachments"> & { attachments: StoredAttachment[] };
};

/** Records several emails, in order, inside the caller's transaction (see `queueEmail`). */
export async function queueEmails(
  emails: OutgoingEmail[],
  tx: Transaction | ReturnType<typeof db>,
): Promise<QueuedEmail[]> {
  const queued: QueuedEmail[] = [];
  for (const email of emails) queued.push(await queueEmail(email, tx));
  return queued;
}

/**
 * Sends an email `queueEmail` recorded, once its transaction has committed;
 * null (nothing was queued: the client does not want the email) sends nothing.
 * A list (one email per member of an organisation) is sent one after the other.
 */
export async function sendQueuedEmail(queued: QueuedEmail | readonly QueuedEmail[] | null): Promise<boolean> {
  if (!queued) return false;
  if (!Array.isArray(queued)) {
    const one = queued as QueuedEmail;
    return deliver(one.id, one.email);
  }
  let sent = true;
  for (const email of queued) sent = (await deliver(email.id, email.email)) && sent;
  return sent && queued.length > 0;
}

/** Sends several recorded emails, one after the other, once their transaction has committed. */
export async function sendQueuedEmails(queued: QueuedEmail[]): Promise<void> {
  for (const email of queued) await sendQueuedEmail(email);
}

/** How often each server process retries failed email. */
export const EMAIL_RETRY_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Sends again the emails whose sending failed, oldest first. Rows are claimed
 * (attempt counted) in one statement that skips rows another process holds,
 * and one process retries at a time, so two servers never send the same
 * email. Returns how many went out.
 */
export async function retryUnsentEmails(limit = 20): Promise<number> {
  if (!transport) return 0;
  // A claimed row still looks unsent until its delivery ends: the job lock
  // keeps a second process from claiming it again meanwhile (decision 0039).
  return (await runJobExclusively("emailRetries", () => retryClaimedEmails(limit))) ?? 0;
}

async function retryClaimedEmails(limit: number): Promise<number> {
  const claimable = db()
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        isNull(emailOutbox.sentAt),
        isNotNull(emailOutbox.error),
        lt(emailOutbox.attempts, MAX_SEND_ATTEMPTS),
      ),
    )
    .orderBy(asc(emailOutbox.createdAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db()
    .update(emailOutbox)
    .set({ attempts: sql`${emailOutbox.attempts} + 1` })
    .where(inArray(emailOutbox.id, claimable))
    .returning();
  let sent = 0;
  for (const email of claimed) if (await deliver(email.id, email, true)) sent++;
  return sent;
}

/** Whether an SMTP server is configured (otherwise email stays in the outbox). */
export function isMailConfigured(): boolean {
  return Boolean(transport);
}

export type ResendStatus = "sent" | "failed" | "not_configured" | "already_sent" | "not_found" | "busy";

/**
 * Staff's "retry now" for one unsent email, whatever its attempts so far. The
 * row is claimed like the scheduled retry's (SKIP LOCKED, attempt counted), so
 * a retry running elsewhere never sends it twice.
 */
export async function resendEmail(id: string): Promise<ResendStatus> {
  if (!transport) return "not_configured";
  const claimable = db()
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.id, id), isNull(emailOutbox.sentAt)))
    .for("update", { skipLocked: true });
  const [claimed] = await db()
    .update(emailOutbox)
    .set({ attempts: sql`${emailOutbox.attempts} + 1` })
    .where(inArray(emailOutbox.id, claimable))
    .returning();
  if (!claimed) {
    const [row] = await db()
      .select({ sentAt: emailOutbox.sentAt })
      .from(emailOutbox)
      .where(eq(emailOutbox.id, id))
      .limit(1);
    if (!row) return "not_found";
    return row.sentAt ? "already_sent" : "busy";
  }
  return (await deliver(claimed.id, claimed, true)) ? "sent" : "failed";
}

/**
 * The outbox's backlog for the metrics (one query per scrape): emails not
 * sent yet, failed ones past their last retry included, and the age of the
 * oldest of them.
 */
export async function readOutboxBacklog(): Promise<{ unsent: number; oldestAgeSeconds: number }> {
  const [row] = await queryRows<{ unsent: number; oldest: number }>(
    sql`select count(*)::int as unsent,
          coalesce(extract(epoch from now() - min(${emailOutbox.createdAt})), 0)::float8 as oldest
        from ${emailOutbox} where ${emailOutbox.sentAt} is null`,
  );
  return { unsent: Number(row?.unsent ?? 0), oldestAgeSeconds: Math.max(0, Number(row?.oldest ?? 0)) };
}
