import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { supportTickets } from "./submissions";

/**
 * One chat with the assistant. `public_id` is the client's conversation_id
 * (spec: "chat_" plus a timestamp); it is only unique per visitor, who is the
 * SHA-256 of the random chat cookie, so a guessed id never reaches another
 * visitor's conversation (docs/decisions/0015-chat-assistant.md).
 */
export const chatConversations = pgTable(
  "chat_conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    publicId: text("public_id").notNull(),
    visitorHash: text("visitor_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** "Talk to a person": the support ticket made from the transcript, and where the team replies. */
    handoffEmail: text("handoff_email"),
    handoffTicketId: uuid("handoff_ticket_id").references(() => supportTickets.id, { onDelete: "set null" }),
    /**
     * Set by the first answer about an account (its balance, its projects): that
     * account, and the SHA-256 of the sign-in (session or API token) it was
     * given to. From then on the conversation is shown to that sign-in alone
     * (docs/decisions/0052-chat-conversations-belong-to-their-account.md); it
     * goes with the account.
     */
    accountId: uuid("account_id").references(() => users.id, { onDelete: "cascade" }),
    signInHash: text("sign_in_hash"),
  },
  (t) => [
    uniqueIndex("chat_conversations_visitor_public_id_key").on(t.visitorHash, t.publicId),
    index("chat_conversations_visitor_updated_at_idx").on(t.visitorHash, t.updatedAt),
    index("chat_conversations_updated_at_idx").on(t.updatedAt),
    index("chat_conversations_account_id_idx").on(t.accountId),
    check("chat_conversations_owner_check", sql`(${t.accountId} is null) = (${t.signInHash} is null)`),
  ],
);

/** A chat message (docs/product.md, "Chat assistant"): id, type (user or ai), message, sources, timestamp. */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => chatConversations.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    message: text("message").notNull(),
    /** [{title, url}]: the site pages the answer came from. */
    sources: jsonb("sources").$type<{ title: string; url: string }[]>().notNull().default([]),
    /** Ids of the passages an answer used, so a follow-up ("how much is it?") keeps the topic. */
    passageIds: jsonb("passage_ids").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The visitor's verdict on an ai message ("up" or "down"); a new rating replaces it. */
    rating: text("rating"),
    ratedAt: timestamp("rated_at", { withTimezone: true }),
    /** An answer from the asker's own account (models/chat/account.server.ts), left out of a hand-off to another address. */
    aboutAccount: boolean("about_account").notNull().default(false),
  },
  (t) => [
    index("chat_messages_conversation_id_idx").on(t.conversationId, t.id),
    check("chat_messages_type_check", sql`${t.type} in ('user', 'ai')`),
    check(
      "chat_messages_rating_check",
      sql`${t.rating} is null or (${t.rating} in ('up', 'down') and ${t.type} = 'ai')`,
    ),
  ],
);

/**
 * A question the assistant could not answer well: it said "I don't know"
 * (reason "unknown") or the visitor rated the answer down ("unhelpful").
 * `group_key` (models/chat/gaps.ts) puts wordings of one question together, so
 * the back-office's grouped list is one GROUP BY. Rows outlive the
 * conversation (cleared or expired): `message_id` becomes null, the question
 * stays. Answering a group marks its open rows answered with the FAQ entry.
 */
export const chatGaps = pgTable(
  "chat_gaps",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    messageId: bigint("message_id", { mode: "number" }).references(() => chatMessages.id, {
      onDelete: "set null",
    }),
    question: text("question").notNull(),
    groupKey: text("group_key").notNull(),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    faqId: uuid("faq_id").references(() => chatFaqs.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("chat_gaps_message_reason_key").on(t.messageId, t.reason),
    index("chat_gaps_open_group_idx")
      .on(t.groupKey, t.createdAt)
      .where(sql`${t.answeredAt} is null`),
    index("chat_gaps_group_idx").on(t.groupKey, t.createdAt),
    check("chat_gaps_reason_check", sql`${t.reason} in ('unknown', 'unhelpful')`),
  ],
);

/**
 * Answers staff wrote for questions the site did not cover. The assistant
 * answers from them (models/chat/sources/faqs.ts); `npm run chat:export-faqs`
 * writes them to seeds/chat-faqs.json, which the seed loads back by id.
 */
export const chatFaqs = pgTable("chat_faqs", {
  id: uuid("id").primaryKey().defaultRandom(),
  question: text("question").notNull(),
  answer: text("answer").notNull(),
  /** A page of this site ("/contact#offline-meet"), or null for the help page's FAQ. */
  link: text("link"),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
