import { openDatabase, setDatabase } from "../platform/db.server";
import { runSeed } from "./seed.server";
import { warmSentenceEncoder } from "../chat/encoder.server";
import type { ChatIndex } from "../chat/retrieval";
import { rebuildChatIndex } from "../chat/search-index.server";

// For the chat's scripts and test setups: the index over the seeded content,
// built as the server builds it, from a database.

/** The chat index over the seeded content, in an in-memory database; `close` ends the database. */
export async function seededIndex(): Promise<{ index: ChatIndex; close: () => Promise<void> }> {
  const handle = await openDatabase({ kind: "pglite" });
  setDatabase(handle);
  await runSeed();
  return { index: await rebuildChatIndex(), close: () => handle.close() };
}

/**
 * Reads the seeded content's passages and sentences with the sentence encoder
 * into its cache in the temporary folder (decision 0096), once before test
 * workers start: each worker's first question reads them from there instead
 * of reading them itself (11 s the first time on a machine).
 */
export async function warmSeededSentences(): Promise<void> {
  const { index, close } = await seededIndex();
  try {
    await warmSentenceEncoder(index);
  } finally {
    await close();
  }
}
