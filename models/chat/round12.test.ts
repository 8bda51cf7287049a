import { describe, expect, it } from "vitest";
import { explainRetrieval } from "./retrieval";
import { citedUrl, seededChatIndex, withSignal } from "./testing";

// Decision 0097: classes of the round-12 misses. The questions here are not
// the evaluation sets' (tests/chat-eval/).

const index = seededChatIndex();
const cited = (query: string) => citedUrl(index, query);

describe("a word the site never uses that describes, not names", () => {
  it("does not make a well-covered question about something else", () => {
    // "bespoke" is an adjective: it says what kind of typefaces, not what the question is about.
    const question = "who makes the bespoke typefaces in your brand identity projects";
    expect(explainRetrieval(index, question).novel).toContain("bespok");
    expect(cited(question)).toBe("/collabpage");
    expect(withSignal("describingWords", false, () => cited(question))).toBeNull();
  });

  it("still counts when the site's words hold little of the question", () => {
    expect(cited("tell me a funny story about tuesday afternoons")).toBeNull();
    expect(cited("say something witty about the weekend")).toBeNull();
  });
});
