import { describe, expect, it } from "vitest";
import { intentsOf } from "./intent";
import { explainRetrieval } from "./retrieval";
import { seededChatIndex } from "./testing";
import { topicTerms } from "./text";

// Decision 0109 (the first designs' 48 hours: tests/integration/chat.test.ts, which has the careers
// page's roles). The questions here are not the evaluation sets' (tests/chat-eval/).

const index = seededChatIndex();

describe("how long, in English and Hinglish", () => {
  it("reads 'kitna time', 'kitne din', 'kab tak' as asking how long", () => {
    for (const question of [
      "logo ready hone me kitna time",
      "kitne din lagenge brand kit ko",
      "refund kab tak milega",
      "how long for the first drafts",
    ])
      expect(intentsOf(question), question).toContain("duration");
    expect(intentsOf("logo kitne ka hai")).not.toContain("duration");
  });

  it("reads 'how much time' and 'how many days' as how long, not as a price", () => {
    expect(explainRetrieval(index, "app banane me kitna time lagta hai").terms).not.toContain(
      topicTerms("price")[0],
    );
    expect(explainRetrieval(index, "how many days for a brand identity").terms).not.toContain(
      topicTerms("price")[0],
    );
    // "how much" alone still asks a price.
    expect(explainRetrieval(index, "how much for a brand identity").terms).toContain(topicTerms("price")[0]);
  });
});
