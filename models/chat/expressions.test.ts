import { describe, expect, it } from "vitest";
import { expressionsNotIn, FIXED_EXPRESSIONS, foldExpressions } from "./expressions";
import { retrieve } from "./retrieval";
import { seededChatIndex, withSignal } from "./testing";

// Decision 0091: fixed expressions of everyday English in which a site word
// means something else. The questions here are not the evaluation sets'.

const fold = (question: string) => foldExpressions(question, FIXED_EXPRESSIONS).replace(/\s+/g, " ").trim();

describe("foldExpressions", () => {
  it("reads an expression as one word the site never uses, or as the plain word it means", () => {
    expect(fold("Token of Appreciation for the team")).toBe("tokenofappreciation for the team");
    expect(fold("whats our plan b")).toBe("what is our planb");
    expect(fold("a brand-new office")).toBe("a new office");
    expect(fold("two credit cards")).toBe("two creditcard");
    // Decision 0094: "in charge" names the person at the head of something, not a price.
    expect(fold("who is in charge of motion")).toBe("who is head of motion");
  });

  it("leaves words that only contain an expression, and one after 'for my', as written", () => {
    expect(foldExpressions("the postbox and the posters", FIXED_EXPRESSIONS)).toBe(
      "the postbox and the posters",
    );
    expect(foldExpressions("a poster for our school project", FIXED_EXPRESSIONS)).toBe(
      "a poster for our school project",
    );
  });
});

describe("expressionsNotIn", () => {
  it("keeps the site's own phrases the site's", () => {
    const kept = expressionsNotIn(["Every discipline in-house. Write a business plan with us."]);
    expect(kept.map((e) => e.phrase)).not.toContain("business plan");
    expect(kept.map((e) => e.phrase)).toContain("plan b");
    expect(kept).toHaveLength(FIXED_EXPRESSIONS.length - 1);
  });
});

describe("retrieval with fixed expressions (RETRIEVAL_SIGNALS.expressions)", () => {
  const index = seededChatIndex();
  const status = (question: string) => retrieve(index, question).status;

  it("declines a site word inside an expression that means something else, only while on", () => {
    for (const question of [
      "token of appreciation for my team",
      "i need a game plan for my exams",
      "post office timings",
    ]) {
      expect(status(question), question).toBe("unknown");
      // The expression is what declines it, not the compound rule.
      expect(
        withSignal("compounds", false, () => status(question)),
        question,
      ).toBe("unknown");
      expect(
        withSignal("expressions", false, () => withSignal("compounds", false, () => status(question))),
        question,
      ).toBe("found");
    }
  });

  it("still answers a question that uses an expression for a plain word", () => {
    expect(status("we are a brand new startup, need a logo")).toBe("found");
  });
});
