import { sql } from "drizzle-orm";
import { db } from "../platform/db.server";
import { chatConversations, chatMessages } from "../schema";
import {
  CONFIRMS,
  resolutionRate,
  RESOLUTION_WAIT_MS,
  RESOLUTION_WINDOW_DAYS,
  type ConversationOutcome,
  type ResolutionRate,
} from "./resolution";

// The assistant's resolution rate over a period's conversations, for the
// back-office (/admin/chat-gaps, and the reports page when it exists): one
// statement, one row per conversation.

/** The same words as CONFIRMS, for Postgres (whose word boundary is \y). */
const CONFIRMS_SQL = CONFIRMS.source.replace(/\\b/g, "\\y");

/** Conversations started in [from, to). */
export type ResolutionPeriod = { from?: Date; to?: Date };

/**
 * The resolution rate (./resolution.ts) of the conversations started in
 * `period`: by default the last RESOLUTION_WINDOW_DAYS days (and the day
 * before, whose conversations have had their 24 hours). `now` decides which
 * are still open (their last answer less than 24 h before it).
 */
export async function chatResolutionRate(
  period: ResolutionPeriod = {},
  now = new Date(),
): Promise<ResolutionRate> {
  const since =
    period.from ??
    new Date(now.getTime() - RESOLUTION_WINDOW_DAYS * 24 * 60 * 60 * 1000 - RESOLUTION_WAIT_MS);
  const until = period.to ?? null;
  const answer = sql`${chatMessages.type} = 'ai' and jsonb_array_length(${chatMessages.sources}) > 0`;
  const rows = await db()
    .select({
      handedOff: sql<boolean>`bool_or(${chatConversations.handoffTicketId} is not null or ${chatConversations.handoffEmail} is not null)`,
      answered: sql<boolean>`coalesce(bool_or(${answer}), false)`,
      confirmed: sql<boolean>`coalesce(bool_or(${chatMessages.rating} = 'up'
        or (${chatMessages.type} = 'user' and ${chatMessages.message} ~* ${CONFIRMS_SQL})), false)`,
      lastRating: sql<
        "up" | "down" | null
      >`(array_agg(${chatMessages.rating} order by ${chatMessages.id} desc) filter (where ${answer}))[1]`,
      lastAnswerAt: sql<string | null>`max(${chatMessages.createdAt}) filter (where ${answer})`,
    })
    .from(chatConversations)
    .innerJoin(chatMessages, sql`${chatMessages.conversationId} = ${chatConversations.id}`)
    .where(
      until
        ? sql`${chatConversations.createdAt} >= ${since.toISOString()} and ${chatConversations.createdAt} < ${until.toISOString()}`
        : sql`${chatConversations.createdAt} >= ${since.toISOString()}`,
    )
    .groupBy(chatConversations.id);
  const outcomes: ConversationOutcome[] = rows.map((row) => ({
    handedOff: Boolean(row.handedOff),
    answered: Boolean(row.answered),
    confirmed: Boolean(row.confirmed),
    lastRating: row.lastRating,
    lastAnswerAt: row.lastAnswerAt ? new Date(row.lastAnswerAt) : null,
  }));
  return resolutionRate(outcomes, now);
}
