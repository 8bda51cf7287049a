import { and, asc, desc, eq, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import { db } from "../platform/db.server";
import { createSecret, sha256 } from "../identity/passwords.server";
import { chatConversations, chatMessages, submissionReplies } from "../schema";
import type { ChatSourceLink } from "./compose";
import type { ChatRating } from "./gaps";
import type { PreviousTurn } from "./retrieval";

// Conversations belong to a visitor: the random key in their chat cookie,
// stored only as its SHA-256. The client's conversation_id names a
// conversation within that visitor's own, never across visitors. A
// conversation that holds an answer about an account also belongs to that
// account's sign-in (its owner): another sign-in, or none, at the same browser
// starts afresh (docs/decisions/0052-chat-conversations-belong-to-their-account.md).

/** Conversations nobody has written to for this long are deleted (at boot). */
export const CHAT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export type StoredMessage = {
  id: number;
  type: "user" | "ai";
  message: string;
  sources: ChatSourceLink[];
  timestamp: string;
  /** The visitor's rating of an ai message, if any (models/chat/feedback.server.ts). */
  rating: ChatRating | null;
  /** An answer from the asker's own account (its balance, its projects…). */
  aboutAccount: boolean;
};

/** The account an answer about an account was given to, and the SHA-256 of the sign-in (session or API token) that asked. */
export type ConversationOwner = { accountId: string; signInHash: string };

const conversationColumns = {
  id: chatConversations.id,
  publicId: chatConversations.publicId,
  handoffTicketId: chatConversations.handoffTicketId,
  accountId: chatConversations.accountId,
};
export type Conversation = {
  id: string;
  publicId: string;
  handoffTicketId: string | null;
  accountId: string | null;
};

export const newVisitorKey = () => createSecret();
export const visitorHash = (key: string) => sha256(key);

/** "chat_" plus a timestamp, as the spec's client makes them. */
export const newConversationId = (now = Date.now()) => `chat_${now}`;

/** The visitor's conversation with this id, created on first use. */
export async function openConversation(visitor: string, publicId: string): Promise<Conversation> {
  const [row] = await db()
    .insert(chatConversations)
    .values({ visitorHash: visitor, publicId })
    .onConflictDoUpdate({
      target: [chatConversations.visitorHash, chatConversations.publicId],
      set: { updatedAt: sql`now()` },
    })
    .returning(conversationColumns);
  return row!;
}

export async function findConversation(visitor: string, publicId: string): Promise<Conversation | null> {
  const [row] = await db()
    .select(conversationColumns)
    .from(chatConversations)
    .where(and(eq(chatConversations.visitorHash, visitor), eq(chatConversations.publicId, publicId)))
    .limit(1);
  return row ?? null;
}

/** The visitor's most recent conversation (the one /chat shows). */
export async function latestConversation(visitor: string): Promise<Conversation | null> {
  const [row] = await db()
    .select(conversationColumns)
    .from(chatConversations)
    .where(eq(chatConversations.visitorHash, visitor))
    .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.createdAt))
    .limit(1);
  return row ?? null;
}

export async function listMessages(conversationId: string): Promise<StoredMessage[]> {
  const rows = await db()
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(asc(chatMessages.id));
  return rows.map((row) => ({
    id: row.id,
    type: row.type as StoredMessage["type"],
    message: row.message,
    sources: row.sources,
    timestamp: row.createdAt.toISOString(),
    rating: row.rating as ChatRating | null,
    aboutAccount: row.aboutAccount,
  }));
}

/** The last question and the passages that answered it, for follow-ups. */
export async function previousTurn(conversationId: string): Promise<PreviousTurn | null> {
  const rows = await db()
    .select({ type: chatMessages.type, message: chatMessages.message, passageIds: chatMessages.passageIds })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(desc(chatMessages.id))
    .limit(2);
  const ai = rows.find((r) => r.type === "ai");
  const user = rows.find((r) => r.type === "user");
  return user ? { query: user.message, passageIds: ai?.passageIds ?? [] } : null;
}

type NewMessage = {
  type: "user" | "ai";
  message: string;
  sources?: ChatSourceLink[];
  passageIds?: string[];
  createdAt?: Date;
  /** An answer about an account: the conversation becomes its owner's (see appendMessages). */
  aboutAccount?: boolean;
};

/**
 * Adds messages in order and marks the conversation as active; answers the
 * stored rows. With an answer about an account, `owner` becomes the
 * conversation's owner; one another sign-in owns already refuses it (the
 * routes check the cookie's holder first: visitorHeldByAnother).
 */
export async function appendMessages(
  conversationId: string,
  messages: NewMessage[],
  owner: ConversationOwner | null = null,
): Promise<StoredMessage[]> {
  const binds = messages.some((m) => m.aboutAccount);
  if (binds && !owner) throw new Error("An answer about an account needs the account it was given to");
  return db().transaction(async (tx) => {
    const rows = await tx
      .insert(chatMessages)
      .values(
        messages.map((m) => ({
          conversationId,
          type: m.type,
          message: m.message,
          sources: m.sources ?? [],
          passageIds: m.passageIds ?? [],
          createdAt: m.createdAt,
          aboutAccount: m.aboutAccount ?? false,
        })),
      )
      .returning();
    await tx
      .update(chatConversations)
      .set({ updatedAt: sql`now()` })
      .where(eq(chatConversations.id, conversationId));
    if (binds) {
      const bound = await tx
        .update(chatConversations)
        .set({ accountId: owner!.accountId, signInHash: owner!.signInHash })
        .where(
          and(
            eq(chatConversations.id, conversationId),
            or(
              isNull(chatConversations.accountId),
              and(
                eq(chatConversations.accountId, owner!.accountId),
                eq(chatConversations.signInHash, owner!.signInHash),
              ),
            ),
          ),
        )
        .returning({ id: chatConversations.id });
      // Never an answer about one account in a conversation another sign-in owns.
      if (!bound.length) throw new Error("The conversation belongs to another sign-in");
    }
    return rows
      .sort((a, b) => a.id - b.id)
      .map((row) => ({
        id: row.id,
        type: row.type as StoredMessage["type"],
        message: row.message,
        sources: row.sources,
        timestamp: row.createdAt.toISOString(),
        rating: row.rating as ChatRating | null,
        aboutAccount: row.aboutAccount,
      }));
  });
}

/**
 * Whether any of the visitor's conversations holds answers about an account
 * for another sign-in than `asker` (another account, another session of the
 * same account, or nobody signed in now): then the chat cookie is not this
 * person's to read, and they start a fresh one.
 */
export async function visitorHeldByAnother(
  visitor: string,
  asker: ConversationOwner | null,
): Promise<boolean> {
  const someoneElse = asker
    ? or(ne(chatConversations.accountId, asker.accountId), ne(chatConversations.signInHash, asker.signInHash))
    : isNotNull(chatConversations.accountId);
  const [row] = await db()
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(and(eq(chatConversations.visitorHash, visitor), someoneElse))
    .limit(1);
  return Boolean(row);
}

/** Clear: the visitor's conversations and their messages are deleted. A ticket made from one keeps its transcript. */
export async function clearConversations(visitor: string): Promise<number> {
  const deleted = await db()
    .delete(chatConversations)
    .where(eq(chatConversations.visitorHash, visitor))
    .returning({ id: chatConversations.id });
  return deleted.length;
}

export async function recordHandoff(conversationId: string, email: string, ticketId: string): Promise<void> {
  await db()
    .update(chatConversations)
    .set({ handoffEmail: email, handoffTicketId: ticketId })
    .where(eq(chatConversations.id, conversationId));
}

/**
 * The inbox type of a chat hand-off (models/back-office/inbox-sources.server.ts):
 * staff replies to the ticket are stored under it (submission_replies).
 */
const HANDOFF_INBOX_TYPE = "chat_handoff";

/** A staff reply to a conversation's hand-off ticket, as the visitor sees it in the chat. */
export type StaffReply = { id: string; body: string; createdAt: Date };

/** The team's replies to the hand-off ticket (sent by email from the staff inbox), oldest first. */
export async function listHandoffReplies(ticketId: string): Promise<StaffReply[]> {
  return db()
    .select({
      id: submissionReplies.id,
      body: submissionReplies.body,
      createdAt: submissionReplies.createdAt,
    })
    .from(submissionReplies)
    .where(
      and(
        eq(submissionReplies.submissionType, HANDOFF_INBOX_TYPE),
        eq(submissionReplies.submissionId, ticketId),
      ),
    )
    .orderBy(asc(submissionReplies.createdAt));
}

export async function deleteStaleConversations(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - CHAT_RETENTION_MS);
  const deleted = await db()
    .delete(chatConversations)
    .where(lt(chatConversations.updatedAt, cutoff))
    .returning({ id: chatConversations.id });
  return deleted.length;
}
