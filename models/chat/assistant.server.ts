import { decideRegion } from "../billing/currency";
import type { FormOutcome, SubmissionContext } from "../forms/submission-steps.server";
import { chatAnswers } from "../platform/metrics.server";
import { submitSupportTicket } from "../forms/submissions.server";
import { consumeRateLimit } from "../platform/rate-limit.server";
import { getSiteShell } from "../content/site-content.server";
import { answerAccountQuestion, type AccountAsker } from "./account.server";
import { answerFromContent } from "./answer";
import type { ChatSourceLink } from "./compose";
import {
  appendMessages,
  findConversation,
  latestConversation,
  listHandoffReplies,
  listMessages,
  newConversationId,
  openConversation,
  previousTurn,
  recordHandoff,
  type ConversationOwner,
  type StoredMessage,
} from "./conversations.server";
import { CHAT_API_MESSAGES, CHAT_COPY } from "./copy";
import { recordGap } from "./feedback.server";
import type { ChatHandoffInput } from "./handoff";
import { meaningOf } from "./encoder.server";
import { getChatIndex } from "./search-index.server";
import { askLanguageModel, chatLlmConfig } from "./llm.server";

/** Per client address: 30 messages in 10 minutes (a person chatting sends far fewer). */
export const CHAT_RATE_LIMIT = { limit: 30, windowMs: 10 * 60 * 1000 } as const;
/** Earlier messages the language model sees, besides the passages. */
const LLM_HISTORY = 6;
/** support_tickets.description holds at most 5000 characters; the newest part of a long chat is kept. */
const TRANSCRIPT_MAX = 4500;

/** docs/product.md, "Chat assistant": the chat call's answer; `message_id` is what a rating names. */
export type ChatReply = {
  response: string;
  sources: ChatSourceLink[];
  timestamp: string;
  message_id: number;
};

/**
 * A signed-in asker: their account, its email, and the SHA-256 of the sign-in
 * they came with (the session, or the API token). A conversation that gets an
 * answer about the account belongs to that sign-in from then on.
 */
export type ChatAsker = AccountAsker & { email: string; signInHash: string };

const ownerOf = (asker: ChatAsker): ConversationOwner => ({
  accountId: asker.id,
  signInHash: asker.signInHash,
});

export type AskOutcome =
  | { status: "ok"; reply: ChatReply; conversationId: string }
  | { status: "limited"; message: string; retryAfterSeconds: number };

const limited = (retryAfterSeconds: number): AskOutcome => ({
  status: "limited",
  message: CHAT_API_MESSAGES.tooMany(Math.max(1, Math.ceil(retryAfterSeconds / 60))),
  retryAfterSeconds,
});

/**
 * Answers one message (already trimmed, not blank) in the visitor's
 * conversation, and stores both. With a language model configured, found
 * passages are handed to it; its silence or failure leaves the passages' answer.
 */
export async function askAssistant(input: {
  query: string;
  /** The client's conversation_id; without one, a new conversation (the API) or the latest (the /chat form). */
  conversationId?: string | null;
  continueLatest?: boolean;
  visitor: string;
  clientAddress: string;
  /**
   * The signed-in account (session or API token): questions about "my tokens",
   * "my project"… are answered for it alone. The caller has checked that the
   * visitor's conversations are not another sign-in's (visitorHeldByAnother).
   */
  user?: ChatAsker | null;
  /** The request's Accept-Language: price lists open with the visitor's region (models/billing/currency.ts). */
  acceptLanguage?: string | null;
}): Promise<AskOutcome> {
  const limit = await consumeRateLimit(`chat:${input.clientAddress}`, CHAT_RATE_LIMIT);
  if (limit.limited) return limited(limit.retryAfterSeconds);

  const receivedAt = new Date();
  const publicId =
    input.conversationId ||
    (input.continueLatest ? (await latestConversation(input.visitor))?.publicId : null) ||
    newConversationId(receivedAt.getTime());
  const conversation = await openConversation(input.visitor, publicId);
  const [previous, index] = await Promise.all([previousTurn(conversation.id), getChatIndex()]);
  // An account question is answered from the asker's own records, never from the content or the language model.
  const account = await answerAccountQuestion(input.query, input.user ?? null);
  const region = decideRegion({ acceptLanguage: input.acceptLanguage }).region;
  // Read by the sentence encoder (decision 0093) only when the content answers.
  const meaning = account ? null : await meaningOf(index, input.query);
  const answer = account ?? answerFromContent(index, input.query, previous, { region, meaning });
  const aboutAccount = Boolean(account?.aboutAccount);

  let response = answer.response;
  if (answer.found && answer.passageIds.length && chatLlmConfig()) {
    const [{ site }, history] = await Promise.all([getSiteShell(), listMessages(conversation.id)]);
    const passages = answer.passageIds.map((id) => index.documents.get(id)!);
    response =
      (await askLanguageModel({
        agency: site.name,
        query: input.query,
        passages,
        history: history.slice(-LLM_HISTORY),
      })) ?? response;
  }

  const [, ai] = await appendMessages(
    conversation.id,
    [
      { type: "user", message: input.query, createdAt: receivedAt },
      { type: "ai", message: response, sources: answer.sources, passageIds: answer.passageIds, aboutAccount },
    ],
    aboutAccount && input.user ? ownerOf(input.user) : null,
  );
  // "I don't know" puts the question in the back-office's gap queue (docs/decisions/0037).
  if (!answer.found) await recordGap({ messageId: ai!.id, question: input.query, reason: "unknown" });
  chatAnswers.inc({ outcome: answer.found ? "answered" : "declined" });
  return {
    status: "ok",
    reply: { response, sources: answer.sources, timestamp: ai!.timestamp, message_id: ai!.id },
    conversationId: conversation.publicId,
  };
}

/**
 * A message /chat shows: a stored one, or a staff reply to the conversation's
 * hand-off ticket (no rating: `rating` is left out, and its id is negative, so
 * it never names a stored message).
 */
export type ConversationMessage = Omit<StoredMessage, "rating"> & { rating?: StoredMessage["rating"] };

/**
 * What /chat shows: the visitor's latest conversation, with the team's replies
 * to its hand-off ticket (sent from the staff inbox, which also emails them)
 * in time order among the messages, so a visitor who comes back reads them here.
 */
export async function currentConversation(
  visitor: string | null,
): Promise<{ conversationId: string | null; messages: ConversationMessage[] }> {
  const conversation = visitor ? await latestConversation(visitor) : null;
  if (!conversation) return { conversationId: null, messages: [] };
  const [messages, replies] = await Promise.all([
    listMessages(conversation.id),
    conversation.handoffTicketId ? listHandoffReplies(conversation.handoffTicketId) : [],
  ]);
  const fromStaff: ConversationMessage[] = replies.map((reply, i) => ({
    id: -(i + 1),
    type: "ai",
    message: CHAT_COPY.staffReply(reply.body),
    sources: [],
    timestamp: reply.createdAt.toISOString(),
    aboutAccount: false,
  }));
  // Stored messages keep their order; each reply goes after the ones written before it.
  const merged: ConversationMessage[] = [];
  let next = 0;
  for (const message of messages) {
    while (next < fromStaff.length && fromStaff[next]!.timestamp < message.timestamp)
      merged.push(fromStaff[next++]!);
    merged.push(message);
  }
  return { conversationId: conversation.publicId, messages: [...merged, ...fromStaff.slice(next)] };
}

/** An answer shortened to this many characters when the whole conversation would not fit otherwise. */
const SHORT_ANSWER = 200;

/**
 * The conversation as the team reads it. Every message is in it: when the
 * whole text is longer than the ticket holds, the assistant's answers are
 * shortened (the team can ask the site the same questions) before any
 * earlier message is cut.
 */
function transcript(messages: StoredMessage[], options: { accountAnswers: boolean }): string {
  const render = (short: boolean) =>
    messages
      .map((m) => {
        const who = m.type === "user" ? "Visitor" : CHAT_COPY.name;
        if (m.aboutAccount && !options.accountAnswers)
          return `[${m.timestamp}] ${who}: ${CHAT_COPY.accountAnswerLeftOut}`;
        if (short && m.type === "ai") {
          const text = m.message.length > SHORT_ANSWER ? `${m.message.slice(0, SHORT_ANSWER)}…` : m.message;
          return `[${m.timestamp}] ${who}: ${text}${m.sources.length ? ` (${m.sources.map((s) => s.url).join(", ")})` : ""}`;
        }
        const sources = m.sources.length ? `\n  (sources: ${m.sources.map((s) => s.url).join(", ")})` : "";
        return `[${m.timestamp}] ${who}: ${m.message}${sources}`;
      })
      .join("\n\n");
  let text = render(false);
  if (text.length > TRANSCRIPT_MAX) text = render(true);
  if (text.length > TRANSCRIPT_MAX)
    text = `… (earlier messages cut)\n${text.slice(text.length - TRANSCRIPT_MAX)}`;
  return text || "(The visitor asked for a person before writing a message.)";
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * "Talk to a person": the conversation becomes a support ticket through the
 * public-forms pipeline (stored, emailed to the support mailbox, a copy to the
 * visitor), and the chat records the ticket number.
 *
 * Answers about an account go only to that account's own email, asked for by
 * its owner. To any other address the hand-off still goes, with each such
 * answer replaced by a note (the questions stay, so the team knows what was
 * asked, and the ticket names the signed-in account): refusing would leave a
 * client who gives their work address with no way to reach a person
 * (docs/decisions/0052-chat-conversations-belong-to-their-account.md).
 */
export async function handOffConversation(
  input: ChatHandoffInput & { visitor: string; conversationId?: string | null; asker?: ChatAsker | null },
  context: SubmissionContext,
): Promise<FormOutcome> {
  const conversation =
    (input.conversationId
      ? await findConversation(input.visitor, input.conversationId)
      : await latestConversation(input.visitor)) ??
    (await openConversation(input.visitor, input.conversationId || newConversationId()));
  const messages = await listMessages(conversation.id);
  const accountAnswers = Boolean(
    input.asker && conversation.accountId === input.asker.id && sameAddress(input.asker.email, input.email),
  );
  const outcome = await submitSupportTicket(
    {
      email: input.email,
      subject: CHAT_COPY.handoffSubject,
      type: "Support",
      description: `Conversation ${conversation.publicId} with the chat assistant:\n\n${transcript(messages, { accountAnswers })}`,
    },
    context,
    "chat",
  );
  if (outcome.status !== "ok") return outcome;
  const ticketNumber = Number(outcome.extra?.ticket_number);
  await recordHandoff(conversation.id, input.email, outcome.id);
  const message = CHAT_COPY.handoffDone(ticketNumber, input.email);
  const [stored] = await appendMessages(conversation.id, [{ type: "ai", message }]);
  return {
    status: "ok",
    id: outcome.id,
    message,
    extra: { ticket_number: ticketNumber, timestamp: stored!.timestamp },
  };
}
