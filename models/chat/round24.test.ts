import { describe, expect, it } from "vitest";
import { explainRetrieval } from "./retrieval";
import { citedUrl, seededChatIndex } from "./testing";
import { topicTerms, wordsOf } from "./text";

// Round 24: visitors' words for what the pages say in others (decision 0102).
// The questions here are not the evaluation sets' (tests/chat-eval/).

const index = seededChatIndex();

describe("round 24", () => {
  it("reads Hindi's 'banana hai' as making something, and the fruit as the fruit", () => {
    expect(wordsOf("salon ka snapchat filter banana h")).toContain("make");
    expect(wordsOf("website banana hai")).toContain("make");
    expect(wordsOf("is a ripe banana healthy")).toContain("banana");
    expect(wordsOf("one banana is enough")).toContain("banana");
  });

  it("reads 'apni X ke liye' as 'for my X', the visitor's business", () => {
    expect(wordsOf("apni bakery ke liye logo").join(" ")).toContain("for my bakery");
  });

  it("reads a limit, or none, as the site writes it", () => {
    expect(topicTerms("max invites per friend")).toEqual(topicTerms("limit invites per friend"));
    expect(topicTerms("a plan with no limit")).toEqual(topicTerms("a plan unlimited"));
    expect(citedUrl(index, "which plan has no limit on design requests")).toBe("/solutions/purple");
  });

  it("reads a bank's current or savings account as something else than a client account", () => {
    expect(topicTerms("open a current account")).not.toContain("account");
    expect(citedUrl(index, "how do i open a savings account for my shop")).toBeNull();
  });

  it("reads a file format as the files a client gets", () => {
    expect(topicTerms("only jpg or png?")).toEqual(topicTerms("only image or image?"));
  });

  it("reads who writes before an emoji as who writes, not what they ask about", () => {
    expect(explainRetrieval(index, "student here 🙂 any workshops").terms).not.toContain("student");
    expect(explainRetrieval(index, "student here. any workshops").terms).not.toContain("student");
  });
});
