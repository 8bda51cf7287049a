import { buildChatIndex, fingerprintOf, type ChatIndex } from "./retrieval";
import { CHAT_SOURCES, type ChatDocument, type ChatSource } from "./sources";

// The search index lives in each server process's memory: it is derived from
// the database's content and rebuilt from it, so nothing another process
// needs is kept here. Built at boot; after `npm run seed` (another process)
// the next chat request that finds it older than the check interval compares
// the content's fingerprint and rebuilds in the background.

/** How often a chat request may check whether the content changed. */
export const CHAT_INDEX_CHECK_INTERVAL_MS = 10_000;

const state = globalThis as typeof globalThis & {
  __ascendraChatIndex?: { index: ChatIndex; checkedAt: number; refreshing?: Promise<void> };
};

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
  return loaded.flatMap((l) => l.documents);
}

/** Reads the content and builds a fresh index (boot, after seeding, tests). */
export async function rebuildChatIndex(sources?: ChatSource[]): Promise<ChatIndex> {
  const index = buildChatIndex(await loadChatDocuments(sources));
  state.__ascendraChatIndex = { index, checkedAt: Date.now() };
  return index;
}

async function refreshIfChanged(): Promise<void> {
  const documents = await loadChatDocuments();
  const current = state.__ascendraChatIndex;
  if (current && fingerprintOf(documents) === current.index.fingerprint) return;
  state.__ascendraChatIndex = { index: buildChatIndex(documents), checkedAt: Date.now() };
}

/**
 * The current index. Answers never wait for a refresh: a stale check runs in
 * the background and the next question uses its result.
 */
export async function getChatIndex(now = Date.now()): Promise<ChatIndex> {
  const current = state.__ascendraChatIndex;
  if (!current) return rebuildChatIndex();
  if (now - current.checkedAt >= CHAT_INDEX_CHECK_INTERVAL_MS && !current.refreshing) {
    current.checkedAt = now;
    current.refreshing = refreshIfChanged()
      .catch((error) => console.error("Refreshing the chat index failed:", error))
      .finally(() => {
        current.refreshing = undefined;
      });
  }
  return state.__ascendraChatIndex!.index;
}

/** Waits for a background refresh, if one is running (tests). */
export async function settleChatIndex(): Promise<void> {
  await state.__ascendraChatIndex?.refreshing;
}
