import { count, eq, sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { runJobs } from "~models/billing/jobs.server";
import { runSeed, seedOnBoot } from "~models/views/seed.server";
import { listLedger } from "~models/billing/tokens.server";
import {
  db,
  getDatabaseHandle,
  openDatabase,
  queryRows,
  runWithDatabase,
  type DatabaseHandle,
} from "~models/platform/db.server";
import { runJobExclusively } from "~models/platform/job-lock.server";
import { createEmptyTestDatabase } from "~models/platform/testing.server";
import { contentBlocks, notifications, payments, subscriptions } from "~models/schema";
import * as apiSubscribe from "~/routes/api/billing/subscribe";
import { api } from "./billing-helpers";
import { signedInClient } from "./project-helpers";

// Several server processes on one PostgreSQL database (decision 0039), played
// in one test process: each "process" is a pool of its own, and
// runWithDatabase makes every model function use that pool. PGlite is one
// process per data dir, so there is nothing to race there: these skip.

const template = inject("testDatabase");
const postgres = template.kind === "postgres" ? template : null;

/** What the server does at boot (app/lib/boot.server.ts): open and migrate, then seed an empty database. */
async function boot(url: string): Promise<DatabaseHandle> {
  const handle = await openDatabase({ kind: "postgres", url, poolSize: 4 });
  await runWithDatabase(handle, () => handle.whileBootLocked(() => seedOnBoot()));
  return handle;
}

describe.skipIf(!postgres)("several processes on one PostgreSQL database", () => {
  it("boot together on an empty database: one migrates and seeds, the others find it done", async () => {
    const database = await createEmptyTestDatabase(postgres!, "boot_race");
    const handles: DatabaseHandle[] = [];
    try {
      const booted = await Promise.allSettled([boot(database.url), boot(database.url), boot(database.url)]);
      for (const outcome of booted) if (outcome.status === "fulfilled") handles.push(outcome.value);
      expect(booted.map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
      const [journal] = await queryRows<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        handles[0]!.db,
      );
      expect(journal!.n).toBeGreaterThan(0);
      // Seeded once: every block once, and a second boot loads nothing.
      const [blocks] = await handles[0]!.db.select({ n: count() }).from(contentBlocks);
      expect(blocks!.n).toBeGreaterThan(0);
      const duplicates = await queryRows(
        sql`select key from content_blocks group by key having count(*) > 1`,
        handles[1]!.db,
      );
      expect(duplicates).toEqual([]);
      expect(await runWithDatabase(handles[2]!, () => seedOnBoot())).toEqual([]);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await database.drop();
    }
  });

  it("lives through PostgreSQL closing its idle connections, and answers on new ones", async () => {
    const database = await createEmptyTestDatabase(postgres!, "idle_closed");
    const handle = await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 });
    const other = await openDatabase({ kind: "postgres", url: database.url, poolSize: 1 });
    try {
      // Two connections of the pool in use at once, then both idle.
      await Promise.all([handle.db.execute(sql`select pg_sleep(0.05)`), handle.db.execute(sql`select 1`)]);
      const [mine] = await queryRows<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        other.db,
      );
      expect(mine!.n).toBeGreaterThanOrEqual(2);
      await other.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      // The pool hears of it (an uncaught error would fail this file), then opens new connections.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const [answer] = await queryRows<{ n: number }>(sql`select 41 + 1 as n`, handle.db);
      expect(answer!.n).toBe(42);
    } finally {
      await Promise.all([handle.close(), other.close()]);
      await database.drop();
    }
  });

  it("runs a due renewal once when two processes run the jobs at the same moment", async () => {
    const database = await createEmptyTestDatabase(postgres!, "jobs_race");
    const first = await openDatabase({ kind: "postgres", url: database.url, poolSize: 4 });
    const second = await openDatabase({ kind: "postgres", url: database.url, poolSize: 4 });
    try {
      const client = await runWithDatabase(first, async () => {
        await runSeed();
        const client = await signedInClient();
        const subscribed = await api.send(apiSubscribe.action, client, "POST", "/api/subscribe/", {
          plan_id: "social",
        });
        expect(subscribed.status).toBe(201);
        return client;
      });
      const [sub] = await first.db.select().from(subscriptions).where(eq(subscriptions.userId, client.id));
      const due = new Date(sub!.currentPeriodEnd.getTime() + 1000);

      const reports = await Promise.all([
        runWithDatabase(first, () => runJobs(due)),
        runWithDatabase(second, () => runJobs(due)),
        runWithDatabase(second, () => runJobs(due)),
      ]);
      expect(reports.reduce((sum, report) => sum + report.periodsRenewed, 0)).toBe(1);

      await runWithDatabase(first, async () => {
        // One charge for the subscription, one for the renewal; one period's grant; one notice.
        expect(await db().select().from(payments).where(eq(payments.userId, client.id))).toHaveLength(2);
        const grants = (await listLedger(client.id)).filter((entry) => entry.reason === "subscription");
        expect(grants).toHaveLength(2);
        const renewedNotices = await db()
          .select()
          .from(notifications)
          .where(eq(notifications.title, "Plan renewed"));
        expect(renewedNotices).toHaveLength(1);
        const [renewed] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
        expect(renewed!.currentPeriodStart.getTime()).toBe(sub!.currentPeriodEnd.getTime());
      });
    } finally {
      await Promise.all([first.close(), second.close()]);
      await database.drop();
    }
  });

  it("lets one process at a time run a job; the other skips it", async () => {
    const database = await createEmptyTestDatabase(postgres!, "jobs_lock");
    const first = await openDatabase({ kind: "postgres", url: database.url, poolSize: 4 });
    const second = await openDatabase({ kind: "postgres", url: database.url, poolSize: 4 });
    try {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let entered = () => {};
      const inside = new Promise<void>((resolve) => (entered = resolve));
      const running = runWithDatabase(first, () =>
        runJobExclusively("renewals", async () => {
          entered();
          await held;
          return "first";
        }),
      );
      await inside;
      expect(await runWithDatabase(second, () => runJobExclusively("renewals", async () => "second"))).toBe(
        undefined,
      );
      // Another job is not held up by it.
      expect(await runWithDatabase(second, () => runJobExclusively("giftCards", async () => "second"))).toBe(
        "second",
      );
      release();
      expect(await running).toBe("first");
      // Released with the transaction: the next run gets it.
      expect(await runWithDatabase(second, () => runJobExclusively("renewals", async () => "second"))).toBe(
        "second",
      );
    } finally {
      await Promise.all([first.close(), second.close()]);
      await database.drop();
    }
  });
});

describe("jobs on the embedded database", () => {
  it.skipIf(postgres)("run without a lock: PGlite is one process per data dir", async () => {
    expect(getDatabaseHandle()?.kind).toBe("pglite");
    expect(await runJobExclusively("renewals", async () => "ran")).toBe("ran");
  });
});
