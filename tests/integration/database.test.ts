import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, pingDatabase } from "~models/db.server";
import { loader as healthz } from "~/routes/healthz";

describe("database", () => {
  it("starts migrated and empty for every test file", async () => {
    const tables = await db().execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.rows.map((row) => row.table_name)).toContain("content_blocks");
    const rows = await db().execute(sql`select count(*)::int as n from content_blocks`);
    expect(rows.rows[0]?.n).toBe(0);
  });

  it("answers the health check", async () => {
    await expect(pingDatabase()).resolves.toBeUndefined();
    const response = await healthz();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok", database: "up" });
  });
});
