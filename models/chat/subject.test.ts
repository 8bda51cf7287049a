import { describe, expect, it } from "vitest";
import { composeAnswer } from "./compose";
import { GENERIC_TERMS, subjectWords } from "./general-advice";
import { intentsOf } from "./intent";
import { retrieve, SUBJECT_SHARE } from "./retrieval";
import type { ChatDocument } from "./sources/types";
import { processTerm, topicTerms } from "./text";
import { citedUrl, seededChatIndex, termsOf, withSignal } from "./testing";
import { thirdPartyNames } from "./third-party";

// Decision 0089: the subject check (built, measured, off), context words that
// head their phrase or describe the visitor's business, the "work" kind of
// question, a page's other passages in an answer, and the vocabulary added.
// The questions here are not the evaluation sets' (tests/chat-eval/).

const index = seededChatIndex();
const cited = (query: string) => citedUrl(index, query);
const terms = termsOf;

describe("subjectWords", () => {
  it("leaves out everyday verbs, people, times and the words for the kind of answer", () => {
    for (const word of ["brought", "sister", "morning", "colleague", "options"])
      expect(GENERIC_TERMS.has(processTerm(word)!), word).toBe(true);
    expect(subjectWords(terms("sister", "gift", "morning", "price"))).toEqual(terms("gift"));
    // Nothing else left: every term is the subject.
    expect(subjectWords(terms("price", "morning"))).toEqual(terms("price", "morning"));
    expect(subjectWords(terms("best", "logo"), new Set(terms("best")))).toEqual(terms("logo"));
  });

  it("keeps the site's things, and words the vocabulary folds onto them, as subjects", () => {
    for (const word of ["logo", "ticket", "issue", "weekend", "hours", "boss", "plan"])
      expect(GENERIC_TERMS.has(processTerm(word)!), word).toBe(false);
  });
});

describe("the subject check (RETRIEVAL_SIGNALS.subjectShare, off)", () => {
  it("declines a passage that accounts for too little of the question's subject, only while on", () => {
    const question = "refund for my flight booking";
    // Context beside work (decision 0097) declines it on its own now; off, to see the subject check alone.
    const alone = <T>(run: () => T) => withSignal("contextBesideWork", false, run);
    expect(alone(() => retrieve(index, question).status)).toBe("found");
    expect(alone(() => withSignal("subjectShare", true, () => retrieve(index, question).status))).toBe(
      "unknown",
    );
    // A question wholly about the passage's subject passes at any threshold.
    const before = SUBJECT_SHARE.min;
    SUBJECT_SHARE.min = 1;
    try {
      expect(withSignal("subjectShare", true, () => cited("how long are tokens valid"))).toBe(
        "/creative-tokens",
      );
    } finally {
      SUBJECT_SHARE.min = before;
    }
  });
});

describe("context words", () => {
  it("reads a context word that ends its phrase as what the phrase names", () => {
    const question = "how fast is delivery for a samosa";
    expect(retrieve(index, question).status).toBe("unknown");
    // Context beside work (decision 0097) also declines it; off, to see context heads alone.
    expect(
      withSignal("contextBesideWork", false, () =>
        withSignal("contextHeads", false, () => retrieve(index, question).status),
      ),
    ).toBe("found");
    // One that describes the next word is still the visitor's business.
    expect(retrieve(index, "a logo for my samosa stall").status).toBe("found");
  });

  it("reads the words of a clause describing the visitor's business as context", () => {
    const question = "we run a pickle business in kolhapur, do you build websites";
    expect(cited(question)).toBe("/strategy?service=Website%20Creation");
    expect(withSignal("describedBusiness", false, () => cited(question))).not.toBe(
      "/strategy?service=Website%20Creation",
    );
  });

  it("does not read 'for the X' as the visitor's business", () => {
    expect(retrieve(index, "how many tokens for the parking meter").status).toBe("unknown");
  });
});

describe("the work kind of question", () => {
  it("reads requests for the studio's work", () => {
    for (const question of ["can you make me a jingle", "could u design our menu", "do u do packaging"])
      expect(intentsOf(question), question).toContain("work");
    for (const question of ["what plans do you have", "how much is a jingle", "can i pay in euros"])
      expect(intentsOf(question), question).not.toContain("work");
  });

  it("answers a request for work from the service, not from the price of an add-on", () => {
    expect(cited("can you compose a jingle for our podcast")).toBe("/strategy?service=Sound%20Design");
  });
});

describe("an answer's passages", () => {
  const doc = (id: string, url: string, text: string): ChatDocument => ({ id, title: id, url, text });
  it("takes a passage of the best one's own page at half its score, another page's only at 0.8", () => {
    const answer = composeAnswer({
      status: "found",
      followUp: false,
      intents: [],
      terms: [],
      ranked: [
        { document: doc("a", "/gift", "Gift cards come in four amounts."), score: 10 },
        { document: doc("b", "/contact", "Write to us."), score: 6 },
        { document: doc("c", "/gift", "Gift cards are valid for a year."), score: 5 },
      ],
    });
    expect(answer.passageIds).toEqual(["a", "c"]);
    expect(answer.response).toContain("valid for a year");
  });
});

describe("vocabulary", () => {
  it("reads password shorthand, Hinglish 'milte' and 'courier'", () => {
    expect(topicTerms("reset pwd")).toContain(processTerm("password"));
    expect(topicTerms("kitne tokens milte hai")).toEqual(terms("tokens"));
    expect(topicTerms("do you courier it")).toContain(processTerm("ship"));
  });

  it("reads 'who owns' as the founder only when it is not about the work", () => {
    expect(topicTerms("who owns ascendra")).toContain(processTerm("founder"));
    expect(topicTerms("who owns the files")).not.toContain(processTerm("founder"));
  });

  it("says the WhatsApp number in the answer's words", () => {
    const found = retrieve(index, "whatsapp number pls");
    expect(found.status).toBe("found");
    expect(composeAnswer(found, "whatsapp number pls").response).toContain("+919820004217");
  });

  it("names telecoms, airlines and course sites as other companies", () => {
    expect(thirdPartyNames("my airtel bill")).toEqual(["airtel"]);
    expect(thirdPartyNames("an udemy course on logos")).toEqual(["udemy"]);
    expect(thirdPartyNames("flying air india")).toEqual(["air india"]);
  });
});
