// Seeded content (here the site shell: navbar and footer) is read once per process and
// kept while the content revision stays the same: signed-in pages stop paying
// a query and a parse for it, and a change made by any process, even by plain
// SQL, shows within the page cache's one-second bound.
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { forgetKeptContent } from "~models/content/kept-content.server";
import { getSiteShell } from "~models/content/site-content.server";
import { runSeed } from "~models/views/seed.server";
import { db, getDatabaseHandle, setDatabase } from "~models/platform/db.server";
import { withStatementLog } from "~models/platform/testing.server";

let statements: string[] = [];
const original = getDatabaseHandle()!;

beforeEach(async () => {
  await runSeed();
  forgetKeptContent();
  statements = [];
  setDatabase(withStatementLog(original, (query) => statements.push(query)));
  vi.useFakeTimers({ toFake: ["Date"] });
});

afterEach(() => {
  vi.useRealTimers();
  setDatabase(original);
});

const shellReads = () => statements.filter((q) => /from "content_blocks"/.test(q)).length;
const revisionReads = () => statements.filter((q) => /from "page_cache_revisions"/.test(q)).length;

it("is read once, then served from memory without a query within the second", async () => {
  const first = await getSiteShell();
  for (let i = 0; i < 5; i++) expect(await getSiteShell()).toBe(first);
  expect(shellReads()).toBe(1);
  expect(revisionReads()).toBe(1);
});

it("after the second, one revision read confirms it, and nothing more", async () => {
  const first = await getSiteShell();
  vi.advanceTimersByTime(1_500);
  expect(await getSiteShell()).toBe(first);
  expect(revisionReads()).toBe(2);
  expect(shellReads()).toBe(1);
});

it("a change by any process (here plain SQL) shows once the second has passed", async () => {
  expect((await getSiteShell()).site.tagline).not.toBe("Changed elsewhere");
  await db().execute(
    sql`update content_blocks set data = jsonb_set(data, '{tagline}', '"Changed elsewhere"') where key = 'site'`,
  );
  expect((await getSiteShell()).site.tagline).not.toBe("Changed elsewhere");
  vi.advanceTimersByTime(1_001);
  expect((await getSiteShell()).site.tagline).toBe("Changed elsewhere");
  expect(shellReads()).toBe(2);
});

it("a write through the seed in this process shows at once", async () => {
  await db().execute(
    sql`update content_blocks set data = jsonb_set(data, '{tagline}', '"Old tagline"') where key = 'site'`,
  );
  vi.advanceTimersByTime(1_001);
  expect((await getSiteShell()).site.tagline).toBe("Old tagline");
  // The seed puts the file's tagline back: a write in this process.
  await runSeed();
  expect((await getSiteShell()).site.tagline).not.toBe("Old tagline");
});
