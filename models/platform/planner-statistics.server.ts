import { sql } from "drizzle-orm";
import { db, getDatabaseHandle } from "./db.server";

// The embedded database has no autovacuum daemon, so nothing refreshes the
// query planner's statistics as tables grow: a year of history took the
// revenue report from 87 ms to 5–20 s on PGlite until the tables were
// analysed (docs/decisions/0076). The server analyses the embedded database at
// boot and once a day after (app/lib/boot.server.ts); PostgreSQL's own
// autovacuum does this there, so it is left alone.

/** How often the server refreshes the embedded database's planner statistics. */
export const PLANNER_STATISTICS_INTERVAL_MS = 24 * 3600 * 1000;

/** Runs ANALYZE on the embedded database; answers whether it ran (never on PostgreSQL). */
export async function refreshPlannerStatistics(): Promise<boolean> {
  if (getDatabaseHandle()?.kind !== "pglite") return false;
  await db().execute(sql`analyze`);
  return true;
}
