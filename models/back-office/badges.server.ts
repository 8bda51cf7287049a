import { desc, sql } from "drizzle-orm";
import type { AuditRow } from "../platform/audit.server";
import { db, queryRows } from "../platform/db.server";
import { oncePerRequest } from "../platform/per-request";
import { auditLog, chatGaps, emailOutbox } from "../schema";
import { unhandledByType } from "./inbox.server";
import { FAILED_EMAIL } from "./outbox.server";

// What every back-office page shows in its sidebar: submissions waiting per
// type, failed emails and open chat-gap groups. One statement, once per
// request: the layout and the overview (which shows the same figures) share it.

export type BackOfficeCounts = {
  /** Unhandled submissions per inbox type (types with none are absent). */
  unhandled: Record<string, number>;
  failedEmails: number;
  openGaps: number;
};

export const countBackOffice = oncePerRequest(async (_request: Request): Promise<BackOfficeCounts> => {
  const [row] = await queryRows<{
    unhandled: Record<string, number> | string | null;
    failed_emails: number;
    open_gaps: number;
  }>(sql`select
    (select json_object_agg(c.type, c.n) from (${unhandledByType()}) as c) as unhandled,
    (select count(*)::int from ${emailOutbox} where ${FAILED_EMAIL}) as failed_emails,
    (select count(distinct ${chatGaps.groupKey})::int from ${chatGaps} where ${chatGaps.answeredAt} is null) as open_gaps`);
  const unhandled = typeof row?.unhandled === "string" ? JSON.parse(row.unhandled) : (row?.unhandled ?? {});
  return {
    unhandled: Object.fromEntries(
      Object.entries(unhandled as Record<string, number>).map(([k, v]) => [k, Number(v)]),
    ),
    failedEmails: Number(row?.failed_emails ?? 0),
    openGaps: Number(row?.open_gaps ?? 0),
  };
});

/** The newest entries of the audit log (the overview's "recent staff actions"), without counting the log. */
export async function recentAudit(limit = 8): Promise<AuditRow[]> {
  return db().select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit);
}
