import { eq } from "drizzle-orm";
import { db } from "../platform/db.server";
import { contentBlocks } from "../schema";
import { CHAT_SYNONYMS_BLOCK, chatSynonymsSchema, type ChatSynonyms } from "./synonyms";

/** The ways visitors ask about each passage, as seeded (seeds/chat-synonyms.json); null when not loaded. */
export async function getChatSynonyms(): Promise<ChatSynonyms | null> {
  const [row] = await db()
    .select({ data: contentBlocks.data })
    .from(contentBlocks)
    .where(eq(contentBlocks.key, CHAT_SYNONYMS_BLOCK))
    .limit(1);
  return row ? chatSynonymsSchema.parse(row.data) : null;
}
