import { describe, expect, it } from "vitest";
import { answerFromContent } from "./answer";
import { explainRetrieval } from "./retrieval";
import { seededChatIndex } from "./testing";
import { processTerm, topicTerms } from "./text";

// Round 34 (decision 0106). The questions here are not the evaluation sets' (tests/chat-eval/).

const index = seededChatIndex();
const answer = (question: string) => answerFromContent(index, question);

describe("round 34", () => {
  it("cites the contact page for the projects mailbox, as visitors name it", () => {
    const reply = answer("to which mail address do we send our brief for a new project");
    expect(reply.found).toBe(true);
    expect(reply.sources[0]?.url).toBe("/contact");
    expect(reply.response).toContain("projects@");
  });

  it("reads the writer's business and role, named first, as the writer's own and not another's owner", () => {
    for (const question of [
      "florist owner in sydney. what does the smallest token bundle cost in dollars",
      "florist owner here: what does the smallest token bundle cost",
    ])
      expect(explainRetrieval(index, question).verdict, question).not.toBe("another compound");
    // Another company's founder is still another company's.
    expect(explainRetrieval(index, "who is the florist founder of that shop").verdict).toBe(
      "another compound",
    );
  });

  it("reads a custom thing as the studio's own work, not another thing's", () => {
    const reply = answer("a custom jingle for our radio ads, can we use it forever");
    expect(reply.found).toBe(true);
    expect(reply.sources[0]?.url).toBe("/strategy?service=Sound%20Design");
    // "custom track" is a track made to order, not another thing's track.
    expect(
      explainRetrieval(index, "a custom track for our podcast intro, can we use it forever").verdict,
    ).not.toBe("another compound");
  });

  it("reads round 34's words as the site's", () => {
    expect(topicTerms("is the music licence lifetime")).toContain(topicTerms("forever")[0]);
    for (const question of ["salary negotiate karni padti hai kya waha", "design pasand nahi aaya to"])
      expect(
        topicTerms(question).some((t) => /^(waha|pasand)/.test(t)),
        question,
      ).toBe(false);
    // A sum without its number is in rupees; with its number, the number.
    expect(topicTerms("one says 5k, the agency says lakhs")).toContain(topicTerms("rupees")[0]);
    expect(topicTerms("a 5 lakh budget")).toContain("500000");
    expect(topicTerms("team office me baithti hai")).toContain(topicTerms("sit")[0]);
    expect(topicTerms("the guy who leads design")).toContain(topicTerms("person")[0]);
    // "u guys" is the studio: the same words as "you".
    expect(topicTerms("what do u guys sell")).toEqual(topicTerms("what do you sell"));
  });

  it("reads a relative beside the studio's work as whom the work is for", () => {
    const relative = processTerm("relative");
    const question =
      "my niece lives in spain, she wants only a landing page designed, no build. price in euro";
    expect(explainRetrieval(index, question).terms).not.toContain(relative);
    expect(explainRetrieval(index, question).verdict).toBe("relevant");
  });

  it("declines entertainment asked of the chat itself", () => {
    for (const question of ["tell me something funny pls", "tell me a joke, slow day at the office"]) {
      expect(topicTerms(question), question).toContain("ideasask");
      expect(answer(question).found, question).toBe(false);
    }
  });
});
