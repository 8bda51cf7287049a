import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { db, type Database, type Transaction } from "../platform/db.server";
import { chatConversations, chatGaps, chatMessages } from "../schema";
import type { ChatRating, GapReason } from "./gaps";
import { topicTerms } from "./text";

// Visitors' ratings of the assistant's answers, and the gap rows they and the
// "I don't know" answers leave for staff (docs/decisions/0037).

/** Longest group key kept; a question with no topic words is grouped by all its words. */
const GROUP_KEY_MAX = 200;

/**
 * What groups wordings of one question: its distinct topic words in indexed
 * form (stemmed, synonyms folded, stop words out), sorted. "Do you sell car
 * insurance?" and "car insurance, do you sell it" share "car insurance sell".
 */
export function gapGroupKey(question: string): string {
  const terms = [...new Set(topicTerms(question))].sort();
  // Only letters, digits and spaces, so a key is safe as a path segment.
  const words = question
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const key = (terms.length ? terms : words).join(" ") || "-";
  return key.slice(0, GROUP_KEY_MAX);
}

/** Adds one question to the gap queue; the same message and reason twice is one row. */
export async function recordGap(
  input: { messageId: number; question: string; reason: GapReason },
  database: Database | Transaction = db(),
): Promise<void> {
  await database
    .insert(chatGaps)
    .values({ ...input, groupKey: gapGroupKey(input.question) })
    .onConflictDoNothing({ target: [chatGaps.messageId, chatGaps.reason] });
}

/**
 * A visitor rates one of the assistant's answers in their own conversations
 * (`visitor` is their chat cookie's hash). Another visitor's message, a
 * visitor's own message or an unknown id is "not found". A new rating
 * replaces the old; "down" puts the question it answered in the gap queue,
 * "up" takes it back out while it is still open.
 */
export async function rateAnswer(
  visitor: string,
  messageId: number,
  rating: ChatRating,
): Promise<{ ok: true; rating: ChatRating } | { ok: false }> {
  return db().transaction(async (tx) => {
    const [message] = await tx
      .select({ id: chatMessages.id, conversationId: chatMessages.conversationId })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .where(
        and(
          eq(chatMessages.id, messageId),
          eq(chatMessages.type, "ai"),
          eq(chatConversations.visitorHash, visitor),
        ),
      )
      .limit(1)
      .for("update", { of: chatMessages });
    if (!message) return { ok: false as const };

    await tx
      .update(chatMessages)
      .set({ rating, ratedAt: sql`now()` })
      .where(eq(chatMessages.id, message.id));
    if (rating === "up") {
      await tx
        .delete(chatGaps)
        .where(
          and(
            eq(chatGaps.messageId, message.id),
            eq(chatGaps.reason, "unhelpful"),
            isNull(chatGaps.answeredAt),
          ),
        );
    } else {
      // The question is the visitor's message just before the answer.
      const [question] = await tx
        .select({ message: chatMessages.message })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.conversationId, message.conversationId),
            eq(chatMessages.type, "user"),
            lt(chatMessages.id, message.id),
          ),
        )
        .orderBy(desc(chatMessages.id))
        .limit(1);
      if (question)
        await recordGap({ messageId: message.id, question: question.message, reason: "unhelpful" }, tx);
    }
    return { ok: true as const, rating };
  });
}
