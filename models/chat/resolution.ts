// Resolution rate as Intercom Fin counts it (decision 0063): a conversation
// is resolved when the visitor confirms (rates an answer helpful or thanks
// the assistant) or leaves without asking for a person within 24 hours of the
// last answer. It is not resolved when they ask for a person, when the last
// answer was rated not helpful, or when the assistant never answered (only
// "I don't know" or small talk). A conversation whose last answer is less
// than 24 hours old is still open and not counted. Pure: the figures are read
// by ./resolution.server.ts and by npm run eval:chat.

export const RESOLUTION_WAIT_MS = 24 * 60 * 60 * 1000;
/** The back-office counts conversations started within this many days. */
export const RESOLUTION_WINDOW_DAYS = 30;

export type ConversationOutcome = {
  /** The visitor asked for a person ("Talk to a person"). */
  handedOff: boolean;
  /** At least one answer from the site's content or the account (an answer with sources). */
  answered: boolean;
  /** An answer rated helpful, or the visitor thanked the assistant after one. */
  confirmed: boolean;
  /** The rating of the last answer, if any. */
  lastRating: "up" | "down" | null;
  /** When the assistant last answered. */
  lastAnswerAt: Date | null;
};

export type Resolution = "confirmed" | "assumed" | "handed-off" | "rated-down" | "unanswered" | "open";

export function resolutionOf(outcome: ConversationOutcome, now: Date): Resolution {
  if (outcome.handedOff) return "handed-off";
  if (!outcome.answered) return "unanswered";
  if (outcome.lastRating === "down") return "rated-down";
  if (outcome.confirmed) return "confirmed";
  if (outcome.lastAnswerAt && now.getTime() - outcome.lastAnswerAt.getTime() >= RESOLUTION_WAIT_MS)
    return "assumed";
  return "open";
}

/** "thanks", "that helped", "perfect": a visitor confirming an answer. */
export const CONFIRMS =
  /^\s*(thanks?|thank (you|u)|thx|ty|tysm|cheers|great|perfect|awesome|got it|that helped|that helps|helpful|ok thanks|okay thanks)\b/i;

export type ResolutionRate = {
  resolved: number;
  counted: number;
  open: number;
  byResolution: Record<Resolution, number>;
  /** resolved / counted, or null when nothing is counted yet. */
  rate: number | null;
};

export function resolutionRate(outcomes: ConversationOutcome[], now: Date): ResolutionRate {
  const byResolution: Record<Resolution, number> = {
    confirmed: 0,
    assumed: 0,
    "handed-off": 0,
    "rated-down": 0,
    unanswered: 0,
    open: 0,
  };
  for (const outcome of outcomes) byResolution[resolutionOf(outcome, now)]++;
  const resolved = byResolution.confirmed + byResolution.assumed;
  const counted = outcomes.length - byResolution.open;
  return {
    resolved,
    counted,
    open: byResolution.open,
    byResolution,
    rate: counted ? resolved / counted : null,
  };
}
