import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CHAT_COPY } from "~models/chat/copy";
import { AnswerRating } from "./answer-rating";

describe("rating an answer", () => {
  it("shows a drawn thumb and the word on each button, never an emoji (an empty box without an emoji font)", () => {
    const html = renderToStaticMarkup(<AnswerRating messageId={7} rating="up" onRate={() => {}} />);
    expect(html).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(html.match(/<svg/g)).toHaveLength(2);
    expect(html).toContain(`${CHAT_COPY.helpful}</button>`);
    expect(html).toContain(`${CHAT_COPY.notHelpful}</button>`);
    expect(html).toMatch(/aria-pressed="true"[^>]*>.*Helpful<\/button>/);
  });
});
