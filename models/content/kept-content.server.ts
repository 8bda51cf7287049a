import { readPageCacheRevision } from "./page-cache-revision.server";

// Seeded content (the site shell, the dashboard's recommendations, the billing
// settings) changes rarely and is read on nearly every page. Each process keeps
// one copy per read, tagged with the content revision it was read at; the
// revision is raised by trigger on every write to content_blocks and the other
// tables anonymous pages show (drizzle/0013_page_cache_revisions.sql, decision
// 0039), so a change made by any process, by any means, is seen here.

/**
 * How long this process trusts its last revision read: the page cache's bound
 * (app/lib/page-cache.server.ts), so a change shows on signed-in pages as soon
 * as on anonymous ones. Under load, one revision read a second for all copies.
 */
const REVISION_TRUST_MS = 1_000;

let checked: { revision: number; at: number } | undefined;
let reading: Promise<number> | undefined;
const copies = new Set<() => void>();

async function currentRevision(): Promise<number> {
  if (checked && Date.now() - checked.at < REVISION_TRUST_MS) return checked.revision;
  reading ??= readPageCacheRevision()
    .then((revision) => {
      checked = { revision, at: Date.now() };
      return revision;
    })
    .finally(() => {
      reading = undefined;
    });
  return reading;
}

/**
 * `read`, kept in memory while the content revision stays the same. The
 * revision is read before the content, so a write in between only makes the
 * copy newer than its tag (the next revision read replaces it).
 */
export function keptContent<T>(read: () => Promise<T>): () => Promise<T> {
  let copy: { revision: number; value: Promise<T> } | undefined;
  copies.add(() => {
    copy = undefined;
  });
  return async () => {
    const revision = await currentRevision();
    if (copy && copy.revision === revision) return copy.value;
    const entry = { revision, value: read() };
    copy = entry;
    entry.value.catch(() => {
      if (copy === entry) copy = undefined;
    });
    return entry.value;
  };
}

/** Drops every kept copy and the trusted revision: after a content write in this process, and between test files. */
export function forgetKeptContent(): void {
  checked = undefined;
  for (const forget of copies) forget();
}
