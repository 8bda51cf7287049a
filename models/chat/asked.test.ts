import { describe, expect, it } from "vitest";
import { askedSentence } from "./asked";

// Decision 0100: a message that tells its story before it asks.

describe("askedSentence", () => {
  it("finds the sentence that asks after a story, and keeps the story", () => {
    expect(
      askedSentence(
        "We run a bakery in Vashi and open a second shop next month. Our old logo looks dated. How much is a new logo?",
      ),
    ).toEqual({
      asked: "How much is a new logo?",
      story: "We run a bakery in Vashi and open a second shop next month. Our old logo looks dated.",
    });
  });

  it("takes the last sentence that asks, and leaves out what follows it", () => {
    expect(
      askedSentence("I bought 50 tokens in March for our clinic. Do they expire? Thanks a lot!")?.asked,
    ).toBe("Do they expire?");
    // A question without a question mark, by its first word; a line break ends a sentence too.
    expect(askedSentence("our school wants a website for admissions\nwhat would that cost")?.asked).toBe(
      "what would that cost",
    );
    // A request for an answer asks too.
    expect(
      askedSentence("We run a printing press in Thane since 1998. Kindly tell the charges for a logo.")
        ?.asked,
    ).toBe("Kindly tell the charges for a logo.");
  });

  it("is null for one sentence, a greeting before the question, or a message with nothing that asks", () => {
    expect(askedSentence("how much is a logo for my cafe?")).toBeNull();
    expect(askedSentence("Hi there. How much is a logo?")).toBeNull();
    expect(askedSentence("We run a bakery in Vashi. We need a logo.")).toBeNull();
  });

  it("does not end a sentence inside a figure or an abbreviation", () => {
    expect(
      askedSentence("We have a budget of 1.5 lakh for a rebrand of our firm. What do you suggest?"),
    ).toEqual({
      asked: "What do you suggest?",
      story: "We have a budget of 1.5 lakh for a rebrand of our firm.",
    });
  });
});
