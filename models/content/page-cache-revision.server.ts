import { db } from "../platform/db.server";
import { pageCacheRevisions } from "../schema";

/**
 * The page cache revision: raised by trigger, in the writer's transaction, by
 * every change to what anonymous pages show (drizzle/0013_page_cache_revisions.sql,
 * decision 0039). One primary-key read; 0 before the row exists.
 */
export async function readPageCacheRevision(): Promise<number> {
  const [row] = await db()
    .select({ revision: pageCacheRevisions.revision })
    .from(pageCacheRevisions)
    .limit(1);
  return row?.revision ?? 0;
}
