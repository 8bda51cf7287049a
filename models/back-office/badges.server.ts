import { desc, eq, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { db, queryRows } from "../platform/db.server";
import { oncePerRequest } from "../platform/per-request";
import { auditLog, chatGaps, emailOutbox } from "../schema";
import { unhandledByType } from "./inbox.server";
import { FAILED_EMAIL } from "./outbox.server";

// What every back-office page shows in its sidebar: submissions waiting per
// type, failed emails and open chat-gap groups. One statement, once per
// request: the layout and the overview (which shows the same figures) share it.
// And the overview's activity: what clients did and what staff did.

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

/** An entry of the overview's activity lists. */
export type ActivityEntry = {
  id: number;
  createdAt: Date;
  actorLabel: string;
  actorRole: string;
  action: string;
  targetType: string;
  targetLabel: string;
};

/** Whose actions the overview lists apart: clients' and staff's (the system's are in the audit log). */
export const ACTIVITY_ROLES = ["client", "staff"] as const;
export type ActivityRole = (typeof ACTIVITY_ROLES)[number];

/**
 * The overview's two activity lists: the newest entries of the audit log by clients and by staff
 * (by the actor's role), `limit` of each, newest first, in one statement and without counting the log.
 */
export async function recentActivity(limit = 6): Promise<Record<ActivityRole, ActivityEntry[]>> {
  const newest = (role: ActivityRole) =>
    db()
      .select({
        id: auditLog.id,
        createdAt: auditLog.createdAt,
        actorLabel: auditLog.actorLabel,
        actorRole: auditLog.actorRole,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetLabel: auditLog.targetLabel,
      })
      .from(auditLog)
      .where(eq(auditLog.actorRole, role))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit);
  const rows = await unionAll(newest("client"), newest("staff"));
  const byNewest = (a: ActivityEntry, b: ActivityEntry) =>
    new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime() || b.id - a.id;
  return {
    client: rows.filter((row) => row.actorRole === "client").sort(byNewest),
    staff: rows.filter((row) => row.actorRole === "staff").sort(byNewest),
  };
}
