import { z } from "zod";

// The gap queue (docs/decisions/0037-chat-gap-queue-and-index-revision.md):
// questions the assistant answered with "I don't know" or whose answer a
// visitor rated down, grouped for staff, who answer them as FAQ entries.
// Pure: the panel, the pages, the API and the tests share it.

export const CHAT_RATINGS = ["up", "down"] as const;
export type ChatRating = (typeof CHAT_RATINGS)[number];

export const GAP_REASONS = ["unknown", "unhelpful"] as const;
export type GapReason = (typeof GAP_REASONS)[number];

export const FEEDBACK_MESSAGES = {
  messageId: "message_id must be the id of one of the assistant's answers.",
  rating: 'rating must be "up" or "down".',
  notFound: "There is no such answer in your conversations.",
} as const;

/** The rating form and POST /api/chat/feedback/ alike: {message_id, rating}. */
export const ChatFeedbackSchema = z.object({
  message_id: z.coerce
    .number({ error: FEEDBACK_MESSAGES.messageId })
    .int({ error: FEEDBACK_MESSAGES.messageId })
    .positive({ error: FEEDBACK_MESSAGES.messageId })
    .max(Number.MAX_SAFE_INTEGER, { error: FEEDBACK_MESSAGES.messageId }),
  rating: z.enum(CHAT_RATINGS, { error: FEEDBACK_MESSAGES.rating }),
});

export const FAQ_MESSAGES = {
  questionRequired: "Write the question as a visitor would ask it.",
  questionTooLong: "Keep the question under 300 characters.",
  answerRequired: "Write the answer the assistant should give.",
  answerTooLong: "Keep the answer under 2000 characters.",
  link: 'The link must be a page of this site: a path starting with "/", like /contact#offline-meet.',
  answered: (n: number) =>
    `Saved. The assistant answers it within 10 seconds; ${n} question${n === 1 ? "" : "s"} marked answered.`,
  alreadyAnswered: "This group has no open questions left: someone answered it already.",
  saved: "Saved. The assistant uses the new wording within 10 seconds.",
  deleted: "Deleted. The questions it answered are back in the open gaps.",
} as const;

/** A link to one of the site's pages: a path, never another site ("//evil.example"). */
const sitePath = /^\/(?![/\\])[^\s]*$/;

/** What staff write for a gap, and later edit: the assistant answers from it. */
export const ChatFaqSchema = z.object({
  question: z
    .string({ error: FAQ_MESSAGES.questionRequired })
    .trim()
    .min(1, { error: FAQ_MESSAGES.questionRequired, abort: true })
    .max(300, { error: FAQ_MESSAGES.questionTooLong }),
  answer: z
    .string({ error: FAQ_MESSAGES.answerRequired })
    .trim()
    .min(1, { error: FAQ_MESSAGES.answerRequired, abort: true })
    .max(2000, { error: FAQ_MESSAGES.answerTooLong }),
  link: z
    .string()
    .trim()
    .max(300, { error: FAQ_MESSAGES.link })
    .regex(sitePath, { error: FAQ_MESSAGES.link })
    .optional(),
});
export type ChatFaqInput = z.infer<typeof ChatFaqSchema>;

/** seeds/chat-faqs.json: what `npm run chat:export-faqs` writes, loaded back by id. */
export const chatFaqSeedSchema = z.array(ChatFaqSchema.extend({ id: z.uuid() }));

export const GAP_STATUSES = [
  { value: "open", label: "Open" },
  { value: "answered", label: "Answered" },
] as const;
export type GapStatus = (typeof GAP_STATUSES)[number]["value"];

export const parseGapStatus = (params: URLSearchParams): GapStatus =>
  params.get("status") === "answered" ? "answered" : "open";

/** Where the assistant sends a visitor for an FAQ entry with no page of its own. */
export const FAQ_DEFAULT_URL = "/helpsupport#faq";
