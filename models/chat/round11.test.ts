import { describe, expect, it } from "vitest";
import { explainRetrieval } from "./retrieval";
import { topicTerms } from "./text";
import { citedUrl, seededChatIndex, withSignal } from "./testing";

// Decision 0096: classes of the round-11 misses. A place the site never
// names is where the visitor is, not what they ask about; the rest of
// Hinglish's closed class is read as English. The questions here are not the
// evaluation sets' (tests/chat-eval/).

const index = seededChatIndex();
const cited = (query: string) => citedUrl(index, query);

describe("a place the site never names", () => {
  it("is where the visitor or their client is, not the subject", () => {
    const question = "green plan cost for my client in kenya";
    expect(cited(question)).toBe("/solutions/green");
    expect(withSignal("places", false, () => cited(question))).toBeNull();
    expect(withSignal("places", false, () => explainRetrieval(index, question).verdict)).toBe(
      "something else",
    );
  });

  it("does not carry a question about something else in that place", () => {
    for (const question of ["cheap flights to portugal price", "best gym membership in nairobi"])
      expect(cited(question), question).toBeNull();
  });
});

describe("Hinglish's closed class", () => {
  it("reads glue, numbers and time words as English", () => {
    expect(topicTerms("sabse sasta plan kitne din me milta hai")).toEqual(
      topicTerms("how long for the cheap plan"),
    );
  });

  it("answers a Hinglish question whose only site words are the topic", () => {
    // Each was declined while its glue ("ek", "mahine", "karta", "sabse", "saal", "din", "aata") was read as a topic.
    expect(cited("starter plan ka rate ek mahine ka kitna hai")).toBe("/solutions/green");
    expect(cited("referral code kaise kaam karta hai bhai")).toBe("/referrals");
    expect(cited("sabse sasta token pack kitne ka hai")).toBe("/creative-tokens");
    expect(cited("gift card ki validity kitne saal ki hai")).toBe("/gift");
    expect(cited("office weekend pe khula rehta hai kya")).not.toBeNull();
  });
});

describe("explainRetrieval", () => {
  it("names the rule that declines and the words the site never uses", () => {
    const explained = explainRetrieval(index, "zumba class membership price");
    expect(explained.verdict).not.toBe("relevant");
    expect(explained.novel).toContain("zumba");
    expect(explainRetrieval(index, "how much is the starter plan").verdict).toBe("relevant");
  });
});
