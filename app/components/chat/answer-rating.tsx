import type { FormEvent } from "react";
import { CHAT_COPY, CHAT_PAGE } from "~models/chat/copy";
import { ThumbIcon } from "../icons";

export type Rating = "up" | "down";

/**
 * Helpful / Not helpful under one of the assistant's answers. A native form
 * to /chat (intent=feedback), so it works without JavaScript; with it the
 * panel's `onRate` posts to the JSON API instead and the page stays put.
 */
export function AnswerRating({
  messageId,
  rating,
  onRate,
}: {
  messageId: number;
  rating: Rating | null;
  onRate: (event: FormEvent<HTMLFormElement>) => void;
}) {
  // A drawn thumb and the word: an emoji would be an empty box where no emoji font is installed.
  const button = (value: Rating, label: string) => (
    <button type="submit" name="rating" value={value} aria-pressed={rating === value}>
      <ThumbIcon down={value === "down"} />
      {label}
    </button>
  );
  return (
    <form method="post" action={CHAT_PAGE} className="chat-rate" onSubmit={onRate} data-testid="chat-rate">
      <input type="hidden" name="intent" value="feedback" />
      <input type="hidden" name="message_id" value={messageId} />
      <span>{rating ? CHAT_COPY.rated : CHAT_COPY.rateQuestion}</span>
      {button("up", CHAT_COPY.helpful)}
      {button("down", CHAT_COPY.notHelpful)}
    </form>
  );
}
