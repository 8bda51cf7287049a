import { inArray, sql } from "drizzle-orm";
import { db, type Transaction } from "../platform/db.server";
import { contentBlocks } from "../schema";
import { forgetKeptContent, keptContent } from "./kept-content.server";
import { SHELL_BLOCKS, type SiteShell } from "./site-content";

type ShellKey = keyof typeof SHELL_BLOCKS;

/**
 * The site identity, navigation and footer, as seeded: every page's layout
 * reads them, so each process keeps one copy while the content revision stays
 * the same (./kept-content.server.ts).
 */
export const getSiteShell = keptContent(readSiteShell);

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
  forgetKeptContent();
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
