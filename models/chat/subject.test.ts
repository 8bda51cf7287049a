import { describe, expect, it } from "vitest";
import { composeAnswer } from "./compose";
import { GENERIC_TERMS, subjectWords } from "./general-advice";
import { intentsOf } from "./intent";
import type { Meaning } from "./meaning-gate";
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
        { document: doc("b", "/contact", "Write to us."), score: 5.5 },
        { document: doc("c", "/gift", "Gift cards are valid for a year."), score: 5 },
      ],
    });
    expect(answer.passageIds).toEqual(["a", "c"]);
    expect(answer.response).toContain("valid for a year");
  });

  type Passage = { document: ChatDocument; score: number };
  const found = (ranked: Passage[], question: string, meaning?: Meaning) =>
    composeAnswer(
      { status: "found", followUp: false, intents: [], terms: topicTerms(question), ranked },
      question,
      {
        meaning,
      },
    );
  it("adds one more runner-up at 0.6 of the best score when it holds a word of the question the answer lacks", () => {
    const ranked = [
      { document: doc("a", "/refundpolicy", "Unused tokens can be refunded within 20 days."), score: 10 },
      { document: doc("b", "/creative-tokens", "Tokens are valid for 90 days."), score: 8 },
      { document: doc("c", "/refundpolicy", "Tokens older than 20 days are not refundable."), score: 6 },
      { document: doc("d", "/shipping", "Tokens arrive within a minute."), score: 5.9 },
    ];
    const question = "refund for tokens older than a month";
    expect(found(ranked, question).passageIds).toEqual(["a", "b", "c"]);
    expect(found(ranked, question).response).toContain("older than 20 days");
    // Nothing the answer lacks: left out ("how much is the Starter plan" does not get every plan).
    expect(found(ranked, "can unused tokens be refunded").passageIds).toEqual(["a", "b"]);
    // Never past the fourth passage of the ranking.
    const far = [
      ranked[0]!,
      { ...ranked[3]!, score: 2 },
      { ...ranked[1]!, score: 2 },
      { ...ranked[2]!, score: 2 },
    ];
    expect(
      found([...far, { document: doc("e", "/gift", "Older cards last a year."), score: 7 }], question)
        .passageIds,
    ).toEqual(["a"]);
  });

  it("adds it when a sentence of it is as close in meaning to the question as the answer's closest", () => {
    const ranked = [
      { document: doc("a", "/environment", "We run a studio in Vashi."), score: 10 },
      { document: doc("b", "/careerpage", "Most of us work from home."), score: 6 },
    ];
    const meaning = (b: number[]): Meaning => ({
      question: [1, 0],
      sentences: new Map([
        ["a", [[0.8, 0.6]]],
        ["b", [b]],
      ]),
    });
    expect(found(ranked, "is the studio remote", meaning([0.9, Math.sqrt(0.19)])).passageIds).toEqual([
      "a",
      "b",
    ]);
    expect(found(ranked, "is the studio remote", meaning([0.6, 0.8])).passageIds).toEqual(["a"]);
  });

  it("leaves the further runner-up out when the answer would grow past 800 characters", () => {
    const long = "Every project starts with a brief and a call. ".repeat(17);
    const ranked = [
      { document: doc("a", "/services", long), score: 10 },
      { document: doc("b", "/contact", "Write to projects@ascendra.studio."), score: 6 },
    ];
    expect(long.length + ranked[1]!.document.text.length).toBeGreaterThan(800);
    expect(found(ranked, "where to write a brief").passageIds).toEqual(["a"]);
    const short = { ...ranked[0]!, document: doc("a", "/services", "A short brief.") };
    expect(found([short, ranked[1]!], "where to write a brief").passageIds).toEqual(["a", "b"]);
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
