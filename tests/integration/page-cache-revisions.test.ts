import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { readPageCacheRevision } from "~models/content/page-cache-revision.server";
import { db } from "~models/platform/db.server";
import { blogPosts, contentBlocks, subscriptionPlans, tokenPackages } from "~models/schema";
import { runSeed } from "~models/views/seed.server";
import { createPageCache } from "~/lib/page-cache.server";

// The anonymous page cache across processes (decision 0039): each server
// process has its own cache in memory; a content change raises the shared
// revision in the writer's transaction, and every cache drops what it stored
// before that revision within a second. Two caches with their own clocks play
// two processes.

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/** One "process": a page cache in front of a page that shows a content block. */
async function startProcess() {
  let clock = 1_000_000;
  let renders = 0;
  const app = express();
  app.use(createPageCache({ now: () => clock, revision: readPageCacheRevision }));
  app.get("/page", (_req, res, next) => {
    renders++;
    db()
      .select({ data: contentBlocks.data })
      .from(contentBlocks)
      .where(eq(contentBlocks.key, "test-page"))
      .then(([row]) => {
        res
          .set({ "Cache-Control": "public, max-age=300, s-maxage=3600", "Content-Type": "text/html" })
          .send(`<p>${(row?.data as { text?: string } | undefined)?.text ?? "none"}</p>`);
      }, next);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  closers.push(() => server.close());
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    async get() {
      const response = await fetch(`${base}/page`);
      return { cache: response.headers.get("x-page-cache"), body: await response.text() };
    },
    advance: (ms: number) => (clock += ms),
    renders: () => renders,
  };
}

const setText = (text: string) =>
  db()
    .insert(contentBlocks)
    .values({ key: "test-page", data: { text } })
    .onConflictDoUpdate({ target: contentBlocks.key, set: { data: { text } } });

describe("page cache revisions", () => {
  it("a change made through one process is served by another within a second", async () => {
    await setText("one");
    const first = await startProcess();
    const second = await startProcess();
    expect(await first.get()).toEqual({ cache: "miss", body: "<p>one</p>" });
    expect(await second.get()).toEqual({ cache: "miss", body: "<p>one</p>" });
    expect(await second.get()).toEqual({ cache: "hit", body: "<p>one</p>" });

    // Staff edit the content in the first process; nothing tells the second.
    await setText("two");
    // Within the bound the second may still answer from memory (it has not looked yet)…
    second.advance(500);
    expect((await second.get()).cache).toBe("hit");
    // …and once a second has passed it reads the revision again and renders afresh.
    second.advance(600);
    expect(await second.get()).toEqual({ cache: "miss", body: "<p>two</p>" });
    expect(await second.get()).toEqual({ cache: "hit", body: "<p>two</p>" });
    first.advance(1_001);
    expect(await first.get()).toEqual({ cache: "miss", body: "<p>two</p>" });
    // Nothing changed since: stored pages keep being served, one revision read a second.
    second.advance(5_000);
    expect((await second.get()).cache).toBe("hit");
    expect(second.renders()).toBe(2);
  });

  it("shares one revision read between requests that arrive together", async () => {
    await setText("together");
    const app = await startProcess();
    await app.get();
    const answers = await Promise.all(Array.from({ length: 5 }, () => app.get()));
    expect(answers.every((answer) => answer.cache === "hit")).toBe(true);
    expect(app.renders()).toBe(1);
  });

  it("is raised by what anonymous pages show, in the writer's transaction, and not by view counts", async () => {
    await runSeed();
    const before = await readPageCacheRevision();
    await db()
      .update(subscriptionPlans)
      .set({ name: sql`${subscriptionPlans.name}` });
    const afterPlans = await readPageCacheRevision();
    expect(afterPlans).toBeGreaterThan(before);
    await db()
      .update(tokenPackages)
      .set({ name: sql`${tokenPackages.name}` });
    const afterPackages = await readPageCacheRevision();
    expect(afterPackages).toBeGreaterThan(afterPlans);
    await db()
      .update(blogPosts)
      .set({ title: sql`${blogPosts.title}` });
    const afterPosts = await readPageCacheRevision();
    expect(afterPosts).toBeGreaterThan(afterPackages);
    // A visit counted on a (cached) post changes nothing a page cache stores.
    await db()
      .update(blogPosts)
      .set({ countedViews: sql`${blogPosts.countedViews} + 1` });
    expect(await readPageCacheRevision()).toBe(afterPosts);
    // A change rolled back raises nothing.
    await db()
      .transaction(async (tx) => {
        await tx.update(contentBlocks).set({ data: { text: "never" } });
        throw new Error("roll back");
      })
      .catch(() => {});
    expect(await readPageCacheRevision()).toBe(afterPosts);
  });
});
