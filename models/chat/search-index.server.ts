import { reportError } from "../platform/errors.server";
import { db } from "../platform/db.server";
import { todayInAgencyTimeZone } from "../platform/form-fields";
import { contentRevisions } from "../schema";
import { buildChatIndex, fingerprintOf, type ChatIndex } from "./retrieval";
import { CHAT_SOURCES, type ChatDocument, type ChatSource } from "./sources";
import { withAskedAs } from "./synonyms";
import { getChatSynonyms } from "./synonyms.server";
import { loadWordNet } from "./thesaurus.server";
import { loadWordVectors } from "./vectors.server";

// The search index lives in each server process's memory: it is derived from
// the database's content and rebuilt from it, so nothing another process
// needs is kept here. Built at boot. Every change to what it is built from
// raises content_revisions.revision, by trigger, in the writer's transaction
// (this process, another server process, npm run seed). A question that finds
// the last look older than the check interval reads that one row and, when it
// moved, rebuilds before answering (docs/decisions/0037).

/** How often a chat request may read the content revision (one single-row select). */
export const CHAT_INDEX_CHECK_INTERVAL_MS = 2_000;
/** The promise: a content change is in every process's answers within this long. */
export const CHAT_INDEX_FRESHNESS_MS = 10_000;

type IndexState = {
  index: ChatIndex;
  /** The revision the index was built from; null when built from other sources (tests). */
  revision: string | null;
  checkedAt: number;
  refreshing?: Promise<ChatIndex>;
};

const state = globalThis as typeof globalThis & { __ascendraChatIndex?: IndexState };

/**
 * The content revision, as "<counter>@<time>#<day>": the time tells a reset counter (a restored
 * dump) apart, and the agency's date makes a new day reload the passages, so an event that has
 * been is no longer among those to come (the index is rebuilt only when a passage changed).
 */
async function readRevision(): Promise<string> {
  const [row] = await db()
    .select({ revision: contentRevisions.revision, changedAt: contentRevisions.changedAt })
    .from(contentRevisions)
    .limit(1);
  const day = todayInAgencyTimeZone();
  return row ? `${row.revision}@${row.changedAt.toISOString()}#${day}` : `none#${day}`;
}

/** Every passage of every source; two passages with one id are a bug in a source. */
async function loadChatDocuments(sources: ChatSource[] = CHAT_SOURCES): Promise<ChatDocument[]> {
  const loaded = await Promise.all(
    sources.map(async (source) => ({ source, documents: await source.load() })),
  );
  const owner = new Map<string, string>();
  for (const { source, documents } of loaded) {
    for (const doc of documents) {
      const other = owner.get(doc.id);
      if (other)
        throw new Error(
          `Chat source "${source.name}" repeats the passage id "${doc.id}" (also in "${other}").`,
        );
      owner.set(doc.id, source.name);
    }
  }
  const documents = loaded.flatMap((l) => l.documents);
  // The ways visitors ask about the site's own passages (seeds/chat-synonyms.json), not about a test's.
  return sources !== CHAT_SOURCES ? documents : withAskedAs(documents, await getChatSynonyms());
}

/**
 * Reads the content and builds a fresh index (boot, tests). The revision is
 * read first: a change committed while the passages load raises it again, so
 * the next check rebuilds once more rather than missing it.
 */
export async function rebuildChatIndex(sources?: ChatSource[]): Promise<ChatIndex> {
  const revision = sources ? null : await readRevision();
  const index = buildChatIndex(await loadChatDocuments(sources), loadWordVectors(), loadWordNet());
  state.__ascendraChatIndex = { index, revision, checkedAt: Date.now() };
  return index;
}

async function refreshIfChanged(current: IndexState, now: number): Promise<ChatIndex> {
  const revision = await readRevision();
  if (revision === current.revision) return current.index;
  const documents = await loadChatDocuments();
  // A write that changed no passage (a seed run rewriting the same text) keeps the index.
  const index =
    fingerprintOf(documents) === current.index.fingerprint
      ? current.index
      : buildChatIndex(documents, loadWordVectors(), loadWordNet());
  state.__ascendraChatIndex = { index, revision, checkedAt: now };
  return index;
}

/**
 * The current index. At most every CHAT_INDEX_CHECK_INTERVAL_MS a question
 * reads the content revision and, when it moved, waits for the rebuild (about
 * 100 ms for the seeded content), so it is answered from the new content.
 * Concurrent questions share one check.
 */
export async function getChatIndex(now = Date.now()): Promise<ChatIndex> {
  const current = state.__ascendraChatIndex;
  if (!current) return rebuildChatIndex();
  if (current.refreshing) return current.refreshing;
  if (now - current.checkedAt < CHAT_INDEX_CHECK_INTERVAL_MS) return current.index;
  current.checkedAt = now;
  current.refreshing = refreshIfChanged(current, now)
    .catch((error) => {
      reportError(error, "Refreshing the chat index failed");
      return current.index;
    })
    .finally(() => {
      current.refreshing = undefined;
    });
  return current.refreshing;
}

/** Waits for a refresh, if one is running (tests). */
export async function settleChatIndex(): Promise<void> {
  await state.__ascendraChatIndex?.refreshing;
}
