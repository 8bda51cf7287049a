import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { recordAudit, type AuditActor } from "../platform/audit.server";
import { db } from "../platform/db.server";
import { isUuid } from "../platform/ids";
import { isMailConfigured, resendEmail, type ResendStatus } from "../platform/mail.server";
import { emailOutbox } from "../schema";
import { type EmailState, type OutboxFilter } from "./outbox";
import { containsPattern, paginate, type Page } from "../platform/pagination";

export { emailState, type OutboxFilter } from "./outbox";

// The email outbox as staff see it: every email the site sent, failed to
// send, or keeps because no SMTP server is configured; with a retry.

export type EmailRow = typeof emailOutbox.$inferSelect;

const STATE_CONDITIONS: Record<EmailState, SQL> = {
  sent: isNotNull(emailOutbox.sentAt),
  failed: and(isNull(emailOutbox.sentAt), isNotNull(emailOutbox.error))!,
  queued: and(isNull(emailOutbox.sentAt), isNull(emailOutbox.error))!,
};

function conditions(filter: OutboxFilter): SQL | undefined {
  const where: Array<SQL | undefined> = [];
  if (filter.status !== "all") where.push(STATE_CONDITIONS[filter.status]);
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    where.push(
      or(
        ilike(emailOutbox.to, pattern),
        ilike(emailOutbox.subject, pattern),
        ilike(emailOutbox.kind, pattern),
      ),
    );
  }
  return where.length ? and(...where) : undefined;
}

export async function listOutboxPage(
  filter: OutboxFilter,
  requestedPage = 1,
): Promise<{
  emails: Array<Omit<EmailRow, "text" | "html" | "attachments"> & { attachmentCount: number }>;
  page: Page;
}> {
  const where = conditions(filter);
  const [total] = await db().select({ n: count() }).from(emailOutbox).where(where);
  const page = paginate(total?.n ?? 0, requestedPage);
  const emails = await db()
    .select({
      id: emailOutbox.id,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      kind: emailOutbox.kind,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
      error: emailOutbox.error,
      attempts: emailOutbox.attempts,
      attachmentCount: sql<number>`jsonb_array_length(${emailOutbox.attachments})`.mapWith(Number),
    })
    .from(emailOutbox)
    .where(where)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(page.limit)
    .offset(page.offset);
  return { emails, page };
}

/** An email that could not be sent (the sidebar's badge counts these). */
export const FAILED_EMAIL = STATE_CONDITIONS.failed;

export async function getEmail(id: string | undefined): Promise<EmailRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return row ?? null;
}

export { isMailConfigured };

/** What the email page lists of its attachments (not their bytes). */
export const attachmentList = (email: Pick<EmailRow, "attachments">) =>
  email.attachments.map((file, index) => ({
    index,
    filename: file.filename,
    contentType: file.contentType,
    size: Math.floor((file.content.length * 3) / 4) - (file.content.match(/=+$/)?.[0].length ?? 0),
  }));

/** One attachment of an outbox email, by its position, for staff to download. */
export async function getEmailAttachment(
  id: string | undefined,
  index: string | undefined,
): Promise<{ name: string; contentType: string; bytes: Uint8Array } | null> {
  if (!/^\d{1,3}$/.test(index ?? "")) return null;
  const email = await getEmail(id);
  const file = email?.attachments[Number(index)];
  if (!file) return null;
  return { name: file.filename, contentType: file.contentType, bytes: Buffer.from(file.content, "base64") };
}

/** Sends one unsent email again now, and records the attempt in the audit log. */
export async function retryEmail(id: string | undefined, actor: AuditActor): Promise<ResendStatus> {
  const before = await getEmail(id);
  if (!before) return "not_found";
  const status = await resendEmail(before.id);
  if (status === "sent" || status === "failed") {
    const after = (await getEmail(before.id))!;
    await recordAudit({
      actor,
      action: "email.retry",
      target: { type: "email", id: before.id, label: `${before.subject} → ${before.to}` },
      before: { sent_at: before.sentAt, error: before.error, attempts: before.attempts },
      after: { sent_at: after.sentAt, error: after.error, attempts: after.attempts },
    });
  }
  return status;
}

/** How many failed emails one "retry all" sends at most. */
const RETRY_ALL_LIMIT = 50;

/** Retries every failed email (oldest first, up to RETRY_ALL_LIMIT); each attempt is audited. */
export async function retryFailedEmails(actor: AuditActor): Promise<{ sent: number; failed: number }> {
  const failed = await db()
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(STATE_CONDITIONS.failed)
    .orderBy(sql`${emailOutbox.createdAt} asc`)
    .limit(RETRY_ALL_LIMIT);
  const tally = { sent: 0, failed: 0 };
  for (const { id } of failed) {
    const status = await retryEmail(id, actor);
    if (status === "sent") tally.sent++;
    else if (status === "failed") tally.failed++;
  }
  return tally;
}
