import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
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
  },
  (t) => [
    uniqueIndex("chat_conversations_visitor_public_id_key").on(t.visitorHash, t.publicId),
    index("chat_conversations_visitor_updated_at_idx").on(t.visitorHash, t.updatedAt),
    index("chat_conversations_updated_at_idx").on(t.updatedAt),
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
  },
  (t) => [
    index("chat_messages_conversation_id_idx").on(t.conversationId, t.id),
    check("chat_messages_type_check", sql`${t.type} in ('user', 'ai')`),
  ],
);
