import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import type { AuditAction, AuditActorRole } from "./audit";
import { db, type Database, type Transaction } from "./db.server";
import { containsPattern, paginate, type Page } from "./pagination";
import { auditLog, users } from "../schema";

// The append-only audit log (docs/decisions/0017-back-office-and-audit-log.md).
// Record an entry in the same transaction as the change it describes, so the
// two commit or fail together.

export type AuditActor = {
  /** Null for the system. */
  id: string | null;
  role: AuditActorRole;
  /** The actor's username; looked up from `id` when left out. */
  label?: string;
  ip?: string;
};

export type AuditEntry = {
  actor: AuditActor;
  action: AuditAction;
  target: { type: string; id?: string; label?: string };
  before?: unknown;
  after?: unknown;
  reason?: string;
};

export type AuditRow = typeof auditLog.$inferSelect;

/** A staff member acting from the back-office. */
export const staffActor = (user: { id: string; username: string }, ip = ""): AuditActor => ({
  id: user.id,
  role: "staff",
  label: user.username,
  ip,
});

/** JSON for a jsonb column: dates as ISO strings, undefined dropped. */
const json = (value: unknown) =>
  value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);

/** Appends one entry. Pass the transaction that makes the change. */
export async function recordAudit(entry: AuditEntry, database: Database | Transaction = db()): Promise<void> {
  const { actor } = entry;
  const label =
    actor.label ??
    (actor.id
      ? sql<string>`coalesce((select ${users.username} from ${users} where ${users.id} = ${actor.id}), '')`
      : "");
  await database.insert(auditLog).values({
    actorId: actor.id,
    actorRole: actor.role,
    actorLabel: label,
    actorIp: (actor.ip ?? "").slice(0, 100),
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id ?? "",
    targetLabel: (entry.target.label ?? "").slice(0, 300),
    before: json(entry.before),
    after: json(entry.after),
    reason: (entry.reason ?? "").slice(0, 2000),
  });
}

export type AuditFilter = {
  action?: string;
  actorId?: string;
  /** staff, client or system. */
  actorRole?: string;
  targetType?: string;
  targetId?: string;
  /** Searches the actor's and the target's labels. */
  q?: string;
  /** Inclusive start day and exclusive end, as dates. */
  from?: Date;
  until?: Date;
};

function conditions(filter: AuditFilter): SQL | undefined {
  const where: Array<SQL | undefined> = [];
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.actorId) where.push(eq(auditLog.actorId, filter.actorId));
  if (filter.actorRole) where.push(eq(auditLog.actorRole, filter.actorRole));
  if (filter.targetType) where.push(eq(auditLog.targetType, filter.targetType));
  if (filter.targetId) where.push(eq(auditLog.targetId, filter.targetId));
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    where.push(
      or(
        ilike(auditLog.actorLabel, pattern),
        ilike(auditLog.targetLabel, pattern),
        ilike(auditLog.targetId, pattern),
        ilike(auditLog.reason, pattern),
      ),
    );
  }
  if (filter.from) where.push(gte(auditLog.createdAt, filter.from));
  if (filter.until) where.push(lt(auditLog.createdAt, filter.until));
  return where.length ? and(...where) : undefined;
}

/** Newest first, one page at a time. */
export async function listAuditLog(
  filter: AuditFilter,
  requestedPage = 1,
): Promise<{ entries: AuditRow[]; page: Page }> {
  const where = conditions(filter);
  const [total] = await db().select({ n: count() }).from(auditLog).where(where);
  const page = paginate(total?.n ?? 0, requestedPage);
  const entries = await db()
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
  return { entries, page };
}

/** The entries about one target, oldest first (a submission's or a project's story). */
export async function auditTrail(targetType: string, targetId: string, limit = 100): Promise<AuditRow[]> {
  const rows = await db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.reverse();
}

/** The people who appear as actors, for the log's filter. */
export async function listAuditActors(): Promise<Array<{ id: string; label: string }>> {
  const rows = await db()
    .selectDistinct({ id: auditLog.actorId, label: auditLog.actorLabel })
    .from(auditLog)
    .where(sql`${auditLog.actorId} is not null`)
    .orderBy(auditLog.actorLabel)
    .limit(200);
  return rows.map((row) => ({ id: row.id!, label: row.label }));
}
