import { describe, expect, it } from "vitest";
import { explainRetrieval } from "./retrieval";
import { seededChatIndex } from "./testing";
import { topicTerms } from "./text";

// Round 36 (decision 0107). The questions here are not the evaluation sets' (tests/chat-eval/).

const index = seededChatIndex();

describe("round 36", () => {
  it("reads round 36's Hinglish words as the English they stand for", () => {
    expect(topicTerms("kaunsi jagah khali hai")).toEqual(
      expect.arrayContaining([topicTerms("place")[0], topicTerms("empty")[0]]),
    );
    expect(topicTerms("raat ko phone uthayega koi")).toContain(topicTerms("answer")[0]);
    // "zaroori", "rahega", "mujhse", "sara", "nhi" and "ke baare me" are glue, not topics.
    for (const question of [
      "shoot zaroori hai kya",
      "kaunsa better rahega",
      "mujhse pooch lena",
      "mera sara data",
      "abhi tak nhi aaya",
      "logo ke baare me",
    ])
      expect(
        topicTerms(question).some((t) => /^(zaroor|rah|mujh|sara|nhi|baar)/.test(t)),
        question,
      ).toBe(false);
    expect(topicTerms("is the studio eco concious")).toEqual(
      topicTerms("is the studio environmental conscious"),
    );
  });

  it("reads 'opening a …' as starting one, not a job opening", () => {
    const career = topicTerms("career")[0];
    expect(topicTerms("opening a tea brand, can you name it")).not.toContain(career);
    expect(topicTerms("opening our second cafe next month")).not.toContain(career);
    // A job opening is still one.
    expect(explainRetrieval(index, "any opening for a motion designer").terms).toContain(career);
  });
});
