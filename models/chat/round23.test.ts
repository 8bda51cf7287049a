import { describe, expect, it } from "vitest";
import { answerFromContent } from "./answer";
import { citedUrl, seededChatIndex } from "./testing";

// Round 23: what the chat answers on questions that the pages answer in words the index lacked.
// The questions here are not the evaluation sets' (tests/chat-eval/).

const index = seededChatIndex();

describe("round 23", () => {
  it("says a studio visit is booked for a day after today, as the visit form requires", () => {
    const question = "can i visit your studio today";
    expect(citedUrl(index, question)).toBe("/contact#offline-meet");
    expect(answerFromContent(index, question).response).toContain("Pick a day after today");
  });
});
