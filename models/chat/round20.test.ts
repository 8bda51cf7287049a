import { describe, expect, it } from "vitest";
import { answerFromContent } from "./answer";
import { composeAnswer } from "./compose";
import { topicTerms } from "./text";
import { thirdPartyNames } from "./third-party";
import { citedUrl, seededChatIndex, withSignal } from "./testing";

// Decision 0100: round 20's search-box shorthand, and a story that ends in a question.
// The questions here are not the evaluation sets' (tests/chat-eval/).

const index = seededChatIndex();

describe("round 20", () => {
  it("spells out 'pkg', 'docs', 'smm' and the misspelt 'calender'", () => {
    expect(topicTerms("pro pkg")).toEqual(topicTerms("pro package"));
    expect(topicTerms("our help docs")).toEqual(topicTerms("our help documents"));
    expect(topicTerms("smm retainer")).toEqual(topicTerms("social media retainer"));
    expect(topicTerms("posting calender")).toEqual(topicTerms("posting calendar"));
    expect(citedUrl(index, "starter pkg price in usd")).toBe("/solutions/green");
    // Spelled out, "google docs" is still another company's product.
    expect(thirdPartyNames("how do i share google docs with my team")).toEqual(["google documents"]);
  });

  it("gives no service as a place to start when the business's story ends in a question about something else", () => {
    const question =
      "We run a tailoring shop in Pune and send parcels daily. Which courier company is cheap for Delhi?";
    expect(
      withSignal("askedSentence", false, () =>
        withSignal("businessFallbackAsks", false, () => answerFromContent(index, question).found),
      ),
    ).toBe(true);
    expect(answerFromContent(index, question).found).toBe(false);
    // A description with no question still gets the services to start from.
    expect(answerFromContent(index, "We run a tailoring shop in Pune. We send parcels daily.").found).toBe(
      true,
    );
  });

  it("leads with yes or no for the sentence that asks, after a story", () => {
    const question =
      "We are a bakery in Vashi and want to give a gift card to our head baker. Can we choose the day it is emailed?";
    expect(answerFromContent(index, question).response).toMatch(/^Yes: .*the day you choose/);
    expect(withSignal("askedSentence", false, () => answerFromContent(index, question).response)).not.toMatch(
      /^(Yes|No):/,
    );
  });

  it("reads 'we use no…' as a no", () => {
    const passage = {
      id: "cookies",
      title: "Cookies",
      url: "/privacy",
      text: "We use no advertising or tracking cookies. We use one cookie to keep you signed in.",
    };
    const question = "do you use advertising cookies";
    const answer = composeAnswer(
      {
        status: "found",
        followUp: false,
        intents: [],
        terms: topicTerms(question),
        ranked: [{ document: passage, score: 1 }],
      },
      question,
    );
    expect(answer.response).toMatch(/^No: We use no advertising/);
  });
});
