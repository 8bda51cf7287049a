import { z } from "zod";
import type { ChatDocument } from "./sources/types";

// The ways visitors ask about each passage (issue #38, decision 0086):
// seeds/chat-synonyms.json, which the content team edits beside the pages,
// lists for a passage (by its id, e.g. "strategy:app-creation") the everyday
// words and phrases for its subject ("phone app", "iphone", "android").
// Retrieval searches them as a separate, low-weight field: they let a
// paraphrase reach its passage and pass the relevance floor, and never
// outrank the passage's own words. They are never shown.

/** The content block (and seed file, seeds/chat-synonyms.json) that holds them. */
export const CHAT_SYNONYMS_BLOCK = "chat-synonyms";

export const chatSynonymsSchema = z.object({
  /** Passage id → the ways visitors ask about it. */
  askedAs: z.record(z.string().min(1), z.array(z.string().trim().min(1).max(80)).max(60)),
});
export type ChatSynonyms = z.infer<typeof chatSynonymsSchema>;

/** The passages with their `askedAs` phrases; a passage without an entry is left as it is. */
export function withAskedAs(documents: ChatDocument[], synonyms: ChatSynonyms | null): ChatDocument[] {
  if (!synonyms) return documents;
  return documents.map((doc) => {
    const asked = synonyms.askedAs[doc.id];
    return asked?.length ? { ...doc, askedAs: [...(doc.askedAs ?? []), ...asked] } : doc;
  });
}

/** The entries that name no passage (a renamed or removed one): a check for the seed file. */
export function unknownPassages(documents: ChatDocument[], synonyms: ChatSynonyms): string[] {
  const ids = new Set(documents.map((d) => d.id));
  return Object.keys(synonyms.askedAs).filter((id) => !ids.has(id));
}
