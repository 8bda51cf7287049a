import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pingDatabase, queryRows } from "~models/platform/db.server";
import { loader as healthz } from "~/routes/healthz";

describe("database", () => {
  it("starts migrated and empty for every test file", async () => {
    const tables = await queryRows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.map((row) => row.table_name)).toContain("content_blocks");
    const [count] = await queryRows<{ n: number }>(sql`select count(*)::int as n from content_blocks`);
    expect(count?.n).toBe(0);
  });

  it("answers the health check", async () => {
    await expect(pingDatabase()).resolves.toBeUndefined();
    const response = await healthz();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok", database: "up" });
  });
});
