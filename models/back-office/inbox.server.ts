import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { auditTrail, recordAudit, type AuditActor, type AuditRow } from "../platform/audit.server";
import { db, queryRows } from "../platform/db.server";
import { isUuid } from "../platform/ids";
import { queueEmail, sendQueuedEmail } from "../platform/mail.server";
import { submissionReplies, users } from "../schema";
import { getSiteShell } from "../content/site-content.server";
import { INBOX_EXPORT_LIMIT, INBOX_MESSAGES, type InboxFilter, type ReplyInput } from "./inbox";
import { INBOX_SOURCES, inboxSource, readFields, type InboxSource } from "./inbox-sources.server";
import { containsPattern, paginate, type Page } from "../platform/pagination";

// The inbox: every public submission in one list, through the registry in
// inbox-sources.server.ts. Staff actions (handled, reply, export, download)
// are written to the audit log.

export type InboxItem = {
  type: string;
  typeLabel: string;
  id: string;
  createdAt: Date;
  handled: boolean;
  handledAt: Date | null;
  name: string;
  email: string;
  summary: string;
};

type RawItem = {
  type: string;
  id: string;
  created_at: Date | string;
  handled: boolean;
  handled_at: Date | string | null;
  name: string;
  email: string;
  summary: string;
};

/** One branch of the union: the source's rows in the list's shape, filtered. */
function branch(source: InboxSource, filter: InboxFilter): SQL {
  const t = source.table;
  const where: SQL[] = source.where ? [source.where] : [];
  if (filter.status === "unhandled") where.push(sql`${t.handled} = false`);
  if (filter.status === "handled") where.push(sql`${t.handled} = true`);
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    where.push(
      sql`(coalesce(${source.name}, '') || ' ' || coalesce(${source.email}, '') || ' '
        || coalesce(${source.summary}, '') || ' ' || ${t.id}::text) ilike ${pattern}`,
    );
  }
  const condition = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  return sql`select ${source.type}::text as type, ${t.id} as id, ${t.createdAt} as created_at, ${t.handled} as handled, ${t.handledAt} as handled_at,
    coalesce(${source.name}, '')::text as name, coalesce(${source.email}, '')::text as email, coalesce(${source.summary}, '')::text as summary
    from ${t} ${condition}`;
}

function union(filter: InboxFilter): SQL {
  const sources = filter.type ? INBOX_SOURCES.filter((s) => s.type === filter.type) : INBOX_SOURCES;
  return sql.join(
    sources.map((source) => sql`(${branch(source, filter)})`),
    sql` union all `,
  );
}

const toItem = (row: RawItem): InboxItem => ({
  type: row.type,
  typeLabel: inboxSource(row.type)?.label ?? row.type,
  id: row.id,
  createdAt: new Date(row.created_at),
  handled: row.handled,
  handledAt: row.handled_at ? new Date(row.handled_at) : null,
  name: row.name,
  email: row.email,
  summary: row.summary,
});

/** Unhandled first, then newest first. */
const ORDER = sql`order by handled asc, created_at desc, id desc`;

export async function listInbox(
  filter: InboxFilter,
  requestedPage = 1,
): Promise<{ items: InboxItem[]; page: Page }> {
  const all = union(filter);
  const [counted] = await queryRows<{ n: number }>(sql`select count(*)::int as n from (${all}) as inbox`);
  const page = paginate(Number(counted?.n ?? 0), requestedPage);
  const rows = await queryRows<RawItem>(
    sql`select * from (${all}) as inbox ${ORDER} limit ${page.limit} offset ${page.offset}`,
  );
  return { items: rows.map(toItem), page };
}

/** How many submissions wait for someone, per type, as rows (type, n): a subquery for the sidebar's badges. */
export const unhandledByType = (): SQL =>
  sql`select type, count(*)::int as n from (${union({ status: "unhandled", q: "" })}) as inbox group by type`;

/** The row when it belongs to this kind (a chat handoff is not found as a form ticket, nor the other way round). */
const inSource = (source: InboxSource, id: string) => and(eq(source.table.id, id), source.where);

async function findRow(source: InboxSource, id: string): Promise<Record<string, unknown> | null> {
  const [row] = await db().select().from(source.table).where(inSource(source, id)).limit(1);
  return (row as Record<string, unknown> | undefined) ?? null;
}

export type Reply = {
  id: string;
  toEmail: string;
  subject: string;
  body: string;
  createdAt: Date;
  staff: string | null;
  emailId: string | null;
};

export type SubmissionDetail = {
  type: string;
  typeLabel: string;
  id: string;
  createdAt: Date;
  handled: boolean;
  handledAt: Date | null;
  sender: { name: string; email: string };
  fields: Array<[string, string]>;
  attachment: { name: string; size: number } | null;
  replies: Reply[];
  history: AuditRow[];
};

/** The audit log's id for a submission. */
const submissionTargetId = (type: string, id: string) => `${type}:${id}`;

/** Everything the detail page shows, or null for an unknown type or id. */
export async function getSubmission(
  type: string | undefined,
  id: string | undefined,
): Promise<SubmissionDetail | null> {
  const source = inboxSource(type);
  if (!source || !isUuid(id)) return null;
  const row = await findRow(source, id);
  if (!row) return null;
  const replies = await db()
    .select({
      id: submissionReplies.id,
      toEmail: submissionReplies.toEmail,
      subject: submissionReplies.subject,
      body: submissionReplies.body,
      createdAt: submissionReplies.createdAt,
      staff: users.username,
      emailId: submissionReplies.emailId,
    })
    .from(submissionReplies)
    .leftJoin(users, eq(users.id, submissionReplies.staffId))
    .where(and(eq(submissionReplies.submissionType, source.type), eq(submissionReplies.submissionId, id)))
    .orderBy(asc(submissionReplies.createdAt));
  const attachment = source.attachment?.(row) ?? null;
  return {
    type: source.type,
    typeLabel: source.label,
    id,
    createdAt: row.createdAt as Date,
    handled: row.handled as boolean,
    handledAt: (row.handledAt as Date | null) ?? null,
    sender: source.sender(row),
    fields: readFields(source, row),
    attachment: attachment ? { name: attachment.name, size: attachment.size } : null,
    replies,
    history: await auditTrail("submission", submissionTargetId(source.type, id)),
  };
}

export type HandledResult = { ok: true; changed: boolean } | { ok: false };

/** Marks a submission handled (or open again). The row is locked, so two staff clicking at once record one change. */
export async function setSubmissionHandled(
  type: string | undefined,
  id: string | undefined,
  handled: boolean,
  actor: AuditActor,
): Promise<HandledResult> {
  const source = inboxSource(type);
  if (!source || !isUuid(id)) return { ok: false };
  const t = source.table;
  return db().transaction(async (tx) => {
    const [row] = (await tx.select().from(t).where(inSource(source, id)).for("update")) as Array<
      Record<string, unknown>
    >;
    if (!row) return { ok: false } as const;
    if (row.handled === handled) return { ok: true, changed: false } as const;
    const handledAt = handled ? new Date() : null;
    await tx.update(t).set({ handled, handledAt }).where(eq(t.id, id));
    const sender = source.sender(row);
    await recordAudit(
      {
        actor,
        action: handled ? "submission.mark_handled" : "submission.mark_unhandled",
        target: {
          type: "submission",
          id: submissionTargetId(source.type, id),
          label: `${source.label} from ${sender.name}`,
        },
        before: { handled: row.handled, handled_at: row.handledAt },
        after: { handled, handled_at: handledAt },
      },
      tx,
    );
    return { ok: true, changed: true } as const;
  });
}

export type ReplyResult = { ok: true; reply: { id: string; to: string } } | { ok: false };

/**
 * Stores the reply beside the submission, with an audit entry, and records its
 * email in the outbox in the same transaction; sends it after the commit (a
 * failed send is retried from the outbox).
 */
export async function replyToSubmission(
  type: string | undefined,
  id: string | undefined,
  input: ReplyInput,
  actor: AuditActor & { id: string },
): Promise<ReplyResult> {
  const source = inboxSource(type);
  if (!source || !isUuid(id)) return { ok: false };
  const row = await findRow(source, id);
  if (!row) return { ok: false };
  const sender = source.sender(row);
  const { site } = await getSiteShell();
  const received = (row.createdAt as Date).toISOString().slice(0, 10);
  const text = `${input.body}\n\n— ${actor.label ?? "The team"}, ${site.name}\n\n${INBOX_MESSAGES.replyFooter(source.label.toLowerCase(), received)}\n`;
  const { reply, email } = await db().transaction(async (tx) => {
    const email = await queueEmail(
      { kind: "submission_reply", to: sender.email, subject: input.subject, text },
      tx,
    );
    const [inserted] = await tx
      .insert(submissionReplies)
      .values({
        submissionType: source.type,
        submissionId: id,
        staffId: actor.id,
        toEmail: sender.email,
        subject: input.subject,
        body: input.body,
        emailId: email.id,
      })
      .returning({ id: submissionReplies.id });
    await recordAudit(
      {
        actor,
        action: "submission.reply",
        target: {
          type: "submission",
          id: submissionTargetId(source.type, id),
          label: `${source.label} from ${sender.name}`,
        },
        after: {
          reply_id: inserted!.id,
          email_id: email.id,
          to: sender.email,
          subject: input.subject,
          body: input.body,
        },
      },
      tx,
    );
    return { reply: inserted!, email };
  });
  await sendQueuedEmail(email);
  return { ok: true, reply: { id: reply.id, to: sender.email } };
}

/** The stored attachment of a submission (a CV, a pitch deck), with an audit entry for the download. */
export async function getSubmissionAttachment(
  type: string | undefined,
  id: string | undefined,
  actor: AuditActor,
) {
  const source = inboxSource(type);
  if (!source?.attachment || !isUuid(id)) return null;
  const row = await findRow(source, id);
  const attachment = row ? source.attachment(row) : null;
  if (!row || !attachment) return null;
  await recordAudit({
    actor,
    action: "submission.download_attachment",
    target: {
      type: "submission",
      id: submissionTargetId(source.type, id),
      label: `${source.label} from ${source.sender(row).name}`,
    },
    after: { name: attachment.name, size: attachment.size },
  });
  return attachment;
}

/**
 * The filtered list for a spreadsheet: the shared columns and, when one type
 * is chosen, every field of that type; otherwise every field in one cell.
 * At most INBOX_EXPORT_LIMIT rows. Recorded in the audit log: it is personal data leaving the system.
 */
export async function exportInbox(
  filter: InboxFilter,
  actor: AuditActor,
): Promise<{ header: string[]; rows: string[][]; truncated: boolean }> {
  const matches = await queryRows<RawItem>(
    sql`select * from (${union(filter)}) as inbox ${ORDER} limit ${INBOX_EXPORT_LIMIT + 1}`,
  );
  const truncated = matches.length > INBOX_EXPORT_LIMIT;
  const items = matches.slice(0, INBOX_EXPORT_LIMIT).map(toItem);
  const single = filter.type ? inboxSource(filter.type) : null;

  // Full rows, fetched per type in one query each.
  const full = new Map<string, Record<string, unknown>>();
  for (const source of INBOX_SOURCES) {
    const ids = items.filter((item) => item.type === source.type).map((item) => item.id);
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const rows = (await db()
        .select()
        .from(source.table)
        .where(sql`${source.table.id} in ${chunk}`)) as Array<Record<string, unknown>>;
      for (const row of rows) full.set(`${source.type}:${String(row.id)}`, row);
    }
  }

  const common = ["Type", "ID", "Received", "Handled", "Handled at", "Name", "Email", "Summary"];
  const fieldColumns = single ? single.fields.map(([label]) => label) : ["Details"];
  const rows = items.map((item) => {
    const row = full.get(`${item.type}:${item.id}`);
    const source = inboxSource(item.type);
    const fields = row && source ? readFields(source, row, { forExport: true }) : [];
    const base = [
      item.typeLabel,
      item.id,
      item.createdAt.toISOString(),
      item.handled ? "yes" : "no",
      item.handledAt?.toISOString() ?? "",
      item.name,
      item.email,
      item.summary,
    ];
    return single
      ? [...base, ...fields.map(([, value]) => value)]
      : [...base, fields.map(([label, value]) => `${label}: ${value}`).join("\n")];
  });
  await recordAudit({
    actor,
    action: "inbox.export",
    target: { type: "inbox", label: single?.label ?? "All submissions" },
    after: { filter, rows: rows.length, truncated },
  });
  return { header: [...common, ...fieldColumns], rows, truncated };
}
