import { inArray, sql } from "drizzle-orm";
import { db, type Transaction } from "../platform/db.server";
import { contentBlocks } from "../schema";
import { readPageCacheRevision } from "./page-cache-revision.server";
import { SHELL_BLOCKS, type SiteShell } from "./site-content";

type ShellKey = keyof typeof SHELL_BLOCKS;

/**
 * How long this process trusts its copy of the shell without reading the
 * content revision again: the page cache's bound (app/lib/html-cache.server.ts),
 * so a change made by any process shows on signed-in pages as soon as on
 * anonymous ones.
 */
const SHELL_TRUST_MS = 1_000;

let kept: { revision: number; checkedAt: number; shell: Promise<SiteShell> } | undefined;

/**
 * The site identity, navigation and footer, as seeded: every page's layout
 * reads them, so one copy per process serves every request while the content
 * revision (raised by trigger on any write to content_blocks, decision 0039)
 * stays the same. At most one revision read per second under load.
 */
export async function getSiteShell(): Promise<SiteShell> {
  const now = Date.now();
  if (kept && now - kept.checkedAt < SHELL_TRUST_MS) return kept.shell;
  const revision = await readPageCacheRevision();
  if (kept && kept.revision === revision) {
    kept.checkedAt = now;
    return kept.shell;
  }
  // Read after the revision: a write in between only makes this copy newer than its tag.
  const shell = readSiteShell();
  const entry = { revision, checkedAt: now, shell };
  kept = entry;
  shell.catch(() => {
    if (kept === entry) kept = undefined;
  });
  return shell;
}

/** Drops this process's copy of the shell: after a write here, and when tests empty the database. */
export function forgetSiteShell() {
  kept = undefined;
}

async function readSiteShell(): Promise<SiteShell> {
  const keys = Object.keys(SHELL_BLOCKS) as ShellKey[];
  const rows = await db().select().from(contentBlocks).where(inArray(contentBlocks.key, keys));
  const byKey = new Map(rows.map((row) => [row.key, row.data]));
  const entries = keys.map((key) => {
    const data = byKey.get(key);
    if (data === undefined) throw new Error(`Content block "${key}" is missing: run npm run seed.`);
    return [key, SHELL_BLOCKS[key].parse(data)] as const;
  });
  return Object.fromEntries(entries) as SiteShell;
}

export type WriteCount = { inserted: number; updated: number; unchanged: number };

/** Inserts or replaces one content block; a block whose JSON is unchanged is left alone. */
export async function upsertContentBlock(tx: Transaction, key: string, data: unknown): Promise<WriteCount> {
  forgetSiteShell();
  const written = await tx
    .insert(contentBlocks)
    .values({ key, data })
    .onConflictDoUpdate({
      target: contentBlocks.key,
      set: { data: sql`excluded.data`, updatedAt: sql`now()` },
      setWhere: sql`${contentBlocks.data} is distinct from excluded.data`,
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const row = written[0];
  if (!row) return { inserted: 0, updated: 0, unchanged: 1 };
  return row.inserted ? { inserted: 1, updated: 0, unchanged: 0 } : { inserted: 0, updated: 1, unchanged: 0 };
}

export async function hasAnyContent(): Promise<boolean> {
  const rows = await db().select({ key: contentBlocks.key }).from(contentBlocks).limit(1);
  return rows.length > 0;
}
