import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDatabaseHandle, pingDatabase, queryRows } from "~models/platform/db.server";
import { refreshPlannerStatistics } from "~models/platform/planner-statistics.server";
import { beginShutdown, readiness } from "~/lib/health.server";

describe("database", () => {
  it("starts migrated and empty for every test file", async () => {
    const tables = await queryRows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.map((row) => row.table_name)).toContain("content_blocks");
    const [count] = await queryRows<{ n: number }>(sql`select count(*)::int as n from content_blocks`);
    expect(count?.n).toBe(0);
  });

  it("is ready while the database answers at this build's schema, and not once shutting down", async () => {
    await expect(pingDatabase()).resolves.toBeUndefined();
    const before = await readiness();
    expect(before.ready).toBe(true);
    expect(before.checks.migrations).toEqual({ ok: true, detail: expect.stringMatching(/^\d{4}_/) });
    // The flag stays set in this worker; nothing else in the integration suite reads readiness.
    beginShutdown();
    const after = await readiness();
    expect(after.ready).toBe(false);
    expect(after.checks.shutdown).toEqual({ ok: false, detail: "shutting down" });
  });

  it("refreshes the embedded database's planner statistics, and leaves PostgreSQL's to its autovacuum", async () => {
    await queryRows(sql`create table planner_probe (n int)`);
    await queryRows(sql`insert into planner_probe select generate_series(1, 500)`);
    const statsRows = async () =>
      (
        await queryRows<{ n: number }>(
          sql`select count(*)::int as n from pg_stats where tablename = 'planner_probe'`,
        )
      )[0]!.n;
    try {
      const embedded = getDatabaseHandle()?.kind === "pglite";
      expect(await refreshPlannerStatistics()).toBe(embedded);
      if (embedded) expect(await statsRows()).toBeGreaterThan(0);
    } finally {
      await queryRows(sql`drop table planner_probe`);
    }
  });
});
