import { describe, expect, it } from "vitest";
import { answerFromContent } from "./answer";
import { regionNamed } from "./compose";
import { RETRIEVAL_SIGNALS } from "./retrieval";
import { meaningWords, readQuestion } from "./semantic";
import { seededChatIndex } from "./testing";

// Meaning as well as words (decision 0063), and answers that answer: yes or
// no first, the asker's region first, what differs in a comparison. Questions
// here are not the evaluation sets' (tests/chat-eval/).

const index = seededChatIndex();
const ask = (query: string, region?: "us" | "eu" | "in") => answerFromContent(index, query, null, { region });

describe("meaning", () => {
  it("reads passages and questions as word vectors, frequent words weighing little", () => {
    expect(index.semantic).not.toBeNull();
    expect(meaningWords("do u do app dev")).toEqual(["app", "development"]);
    const meaning = readQuestion(index.semantic!, ["melody"]);
    expect(meaning.vector).not.toBeNull();
    expect(meaning.closeness.get("melody")?.length).toBe(index.semantic!.vocabulary.length);
  });

  it("declines a question whose main word the site never uses, whatever else it shares", () => {
    for (const question of ["how much is a netflix plan", "is a macbook pro good for video", "gopro price"])
      expect(ask(question).found).toBe(false);
  });
});

describe("what the question is about (decision 0068)", () => {
  it("reads words the site never uses after 'for my' / 'for our' as the visitor's business, not the subject", () => {
    expect(ask("can u make an app for my dental clinic").sources[0]?.url).toBe(
      "/strategy?service=App%20Creation",
    );
    expect(ask("a logo for our florist").found).toBe(true);
    RETRIEVAL_SIGNALS.contextWords = false;
    try {
      expect(ask("a logo for our florist").found).toBe(false);
    } finally {
      RETRIEVAL_SIGNALS.contextWords = true;
    }
    // The same words as the object of the question are its subject: declined.
    expect(ask("can u fix my dental clinic chair").found).toBe(false);
  });

  it("declines advice on what to buy or use unless a passage is about it", () => {
    expect(ask("best phone for taking photos").found).toBe(false);
    expect(ask("free logo maker online").found).toBe(false);
    expect(ask("is figma worth it").found).toBe(false);
    expect(ask("which token bundle is the best value").found).toBe(true);
  });
});

describe("answers that answer", () => {
  it("opens a can-I question with yes or no", () => {
    expect(ask("can i get my money back for tokens i never spent").response).toMatch(/^Yes: /);
    expect(ask("can i get a refund on a gift card").response).toMatch(/^No: /);
  });

  it("puts the asker's region first: the one the question names, else the visitor's", () => {
    expect(regionNamed("price in euros")).toBe("eu");
    expect(regionNamed("how much in rs")).toBe("in");
    expect(ask("essential bundle price in euros").response).toContain(
      "€65 (Europe), $70 (US), ₹5,800 (India)",
    );
    expect(ask("essential bundle price", "in").response).toContain("₹5,800 (India), $70 (US), €65 (Europe)");
  });

  it("says what differs between two plans first", () => {
    expect(ask("social or motion plan, which one").response).toMatch(
      /^What differs: SOCIAL: 120 Creative Tokens a month, 2 active projects; MOTION: 200 Creative Tokens a month, 3 active projects\./,
    );
  });
});
