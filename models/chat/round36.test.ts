import { describe, expect, it } from "vitest";
import { answerFromContent } from "./answer";
import { composeAnswer } from "./compose";
import { buildChatIndex, explainRetrieval, retrieve } from "./retrieval";
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
    // "mil sakte", "mil jayega": can be got; "mil" alone stays the English word.
    expect(topicTerms("designers mil sakte hain kya")).toEqual(topicTerms("designers"));
    expect(topicTerms("designers mil jayenge")).toEqual(topicTerms("designers"));
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

  it("answers 'what do you do?' and its kin with the studio's services", () => {
    for (const question of [
      "what do you do?",
      "hey, what exactly do u guys do",
      "so what is it you actually sell here",
    ]) {
      const reply = answerFromContent(index, question);
      expect(reply.found, question).toBe(true);
      expect(reply.sources[0]?.url, question).toBe("/services");
    }
    // Not when the verb goes on to something else, or "what" is not where the question starts.
    const services = topicTerms("services")[0];
    expect(topicTerms("what do you do with my data")).not.toContain(services);
    expect(topicTerms("who owns what you make for me")).not.toContain(services);
  });

  it("reads 'aap log kya karte ho' as the studio's services, and 'what do you do with my data' as personal data", () => {
    expect(answerFromContent(index, "aap log kya karte ho").sources[0]?.url).toBe("/services");
    expect(answerFromContent(index, "tumhari company kya karti hai").sources[0]?.url).toBe("/services");
    expect(topicTerms("what do you do with my data")).toEqual(
      topicTerms("what do you do with my personal information"),
    );
  });

  it("says yes or no from the clause that shares the question's words", () => {
    const policy = buildChatIndex([
      {
        id: "policy:privacy",
        url: "/privacy",
        title: "Privacy Policy",
        keywords: ["privacy"],
        text: "We collect what we need to run your account, keep your personal information no longer than we need to, never sell it, and tell you how to see it.",
      },
      {
        id: "policy:shipping",
        url: "/shipping",
        title: "Shipping Policy",
        keywords: ["shipping"],
        text: "We deliver files online, and no shipping fees apply.",
      },
    ]);
    const lead = (question: string) =>
      composeAnswer(retrieve(policy, question), question).response.slice(0, 4);
    expect(lead("do you keep my personal information")).toBe("Yes:");
    expect(lead("do you sell my personal information")).toBe("No: ");
    expect(lead("do you charge shipping fees")).toBe("No: ");
  });
});
