import { sql } from "drizzle-orm";
import { db, getDatabaseHandle } from "./db.server";
import { log, withLogContext } from "./log.server";
import { jobDuration, jobRuns } from "./metrics.server";

// One run of a periodic job at a time across every process on the database
// (decision 0039). Each server process runs the jobs every minute and cron
// may run `npm run jobs` too; without this, two runs at once could both read
// the same item as due. The items' own claims stay (SKIP LOCKED, conditional
// updates, idempotency keys); this lock makes a second run wait its turn.

/** Advisory lock keys, one per job (fixed numbers no other lock in the database uses). */
export const JOB_LOCK_KEYS = {
  renewals: 4_170_390_101,
  giftCards: 4_170_390_102,
  tokenExpiry: 4_170_390_103,
  emailRetries: 4_170_390_104,
  /** Delivery clock reminders (decision 0048). */
  clockReminders: 4_170_390_105,
  /** Token expiry reminders (decision 0049). */
  tokenExpiryReminders: 4_170_390_113,
  /** Receipts a crash or a caller without a send step left unsent (decision 0058). */
  unsentReceipts: 4_170_390_158,
  /** Organisations' weekly digest to each member who keeps it on (issue #40, decision 0078). */
  weeklyDigest: 4_170_390_178,
} as const;

export type JobName = keyof typeof JOB_LOCK_KEYS;

/**
 * Runs `work` if no other process is running the same job, and answers its
 * result; answers `undefined` when another process holds the job (it does the
 * work, and a run a minute later finds nothing left).
 *
 * PostgreSQL: a transaction holds `pg_try_advisory_xact_lock(key)` while
 * `work` runs on the pool's other connections, so everything `work` commits
 * is committed before the lock is let go; a crash rolls the transaction back
 * and frees the lock. PGlite: one process per data dir (the data dir lock),
 * and a transaction there would hold its only connection, so `work` just runs.
 */
export function runJobExclusively<T>(job: JobName, work: () => Promise<T>): Promise<T | undefined> {
  // One log line and one count per run, with the job's name on every line it logs.
  return withLogContext({ job }, async () => {
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    try {
      const result = await runLocked(job, work);
      const outcome = result === undefined ? "skipped" : "ok";
      jobRuns.inc({ job, outcome });
      jobDuration.observe({ job }, seconds());
      log().info({ outcome, durationMs: Math.round(seconds() * 1000) }, "job run");
      return result;
    } catch (error) {
      jobRuns.inc({ job, outcome: "failed" });
      jobDuration.observe({ job }, seconds());
      // The stack is logged once, by whoever handles the failure (the caller).
      log().warn(
        { outcome: "failed", durationMs: Math.round(seconds() * 1000), error: String(error) },
        "job run",
      );
      throw error;
    }
  });
}

async function runLocked<T>(job: JobName, work: () => Promise<T>): Promise<T | undefined> {
  if (getDatabaseHandle()?.kind !== "postgres") return work();
  return db().transaction(async (tx) => {
    const result = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${JOB_LOCK_KEYS[job]}::bigint) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (!result.rows[0]?.locked) return undefined;
    return work();
  });
}
