import { describe, expect, it } from "vitest";
import { isDescribing, isUsuallyNoun, nounCompounds, usualDescribingWords, usualNouns } from "./compounds";
import { COMPOUNDS, retrieve } from "./retrieval";
import { processTerm, tokenize, wordsOf } from "./text";
import { seededChatIndex, withSignal } from "./testing";
import type { WordNet } from "./thesaurus";

// Decision 0091: noun compounds. A site word at the head of a compound whose
// modifier names something else is that something else's ticket or
// membership. The questions here are not the evaluation sets' (tests/chat-eval/).

describe("usualNouns", () => {
  // "ticket" is a noun; "spend" is mostly a verb (its noun sense tagged less);
  // "gym" was never tagged and its first sense is a noun; "free" is an adjective.
  const wordnet: WordNet = {
    senses: new Map([
      ["ticket", [1 * 4]],
      ["spend", [2 * 4, 3 * 4 + 1]],
      ["gym", [4 * 4]],
      ["free", [5 * 4 + 2]],
      ["take_off", [6 * 4 + 1]],
    ]),
    tags: new Map([
      ["ticket", [4]],
      ["spend", [1, 12]],
      ["free", [30]],
    ]),
    synsets: new Map(),
  };

  it("keeps the words whose most tagged sense (or first, never tagged) is a noun, as written", () => {
    expect([...usualNouns(wordnet)].sort()).toEqual(["gym", "ticket"]);
  });

  it("reads plurals by WordNet's rules for nouns", () => {
    const nouns = new Set(["ticket", "class", "box", "batch", "body", "man", "bus"]);
    for (const word of ["ticket", "tickets", "classes", "boxes", "batches", "bodies", "men", "buses"])
      expect(isUsuallyNoun(word, nouns), word).toBe(true);
    for (const word of ["free", "tickety", "class's"]) expect(isUsuallyNoun(word, nouns), word).toBe(false);
  });

  it("keeps the verbs, adjectives and adverbs as the describing words (decision 0097)", () => {
    expect([...usualDescribingWords(wordnet)].sort()).toEqual(["free", "spend"]);
  });
});

describe("isDescribing", () => {
  const words = new Set(["lock", "log", "use", "hard", "legible", "properly", "carry", "tidy"]);

  it("reads a verb's and an adjective's inflections", () => {
    for (const word of [
      "lock",
      "locked",
      "locking",
      "locks",
      "logged",
      "logging",
      "using",
      "used",
      "harder",
      "hardest",
      "carried",
      "carries",
      "tidier",
      "legible",
      "properly",
    ])
      expect(isDescribing(word, words), word).toBe(true);
  });

  it("is false for other words", () => {
    for (const word of ["locksmith", "logo", "hardware", "legibility", "proper"])
      expect(isDescribing(word, words), word).toBe(false);
  });
});

describe("nounCompounds", () => {
  const nouns = new Set(["train", "ticket", "refund", "membership", "fee", "week", "day", "2024"]);
  const read = (text: string) =>
    nounCompounds(
      wordsOf(text).map((word) => (word === null ? null : { word, term: processTerm(word) })),
      nouns,
    );
  const pair = (modifier: string, head: string) => ({
    modifier: processTerm(modifier),
    head: processTerm(head),
  });

  it("finds two nouns side by side, the first modifying the second", () => {
    expect(read("refund on my train ticket")).toEqual([pair("train", "ticket")]);
    expect(read("membership fees")).toEqual([pair("membership", "fees")]);
    expect(read("train ticket refund")).toEqual([pair("train", "ticket"), pair("ticket", "refund")]);
  });

  it("is broken by a stop word, a one-letter word, punctuation, a number or a word that is not a noun", () => {
    expect(read("ticket for the train")).toEqual([]);
    expect(read("days a week")).toEqual([]);
    expect(read("a train, ticket")).toEqual([]);
    expect(read("train 2024 ticket")).toEqual([]);
    expect(read("train cheap ticket")).toEqual([]);
  });
});

describe("wordsOf", () => {
  it("keeps tokenize's words in order and marks what separates them", () => {
    expect(wordsOf("days a week, ok? fine")).toEqual(["days", null, "week", null, "ok", null, "fine"]);
    for (const text of ["days a week, ok? fine", "how much is the add-on", "₹5,800 for 50 tokens. a b"])
      expect(wordsOf(text).filter((w) => w !== null)).toEqual(tokenize(text));
  });
});

describe("the compound rule (RETRIEVAL_SIGNALS.compounds)", () => {
  const index = seededChatIndex();
  const status = (question: string) => retrieve(index, question).status;

  it("reads WordNet's usual nouns into the index", () => {
    for (const word of ["ticket", "membership", "complaint", "police", "bus"])
      expect(index.nouns.has(word), word).toBe(true);
    for (const word of ["new", "free", "spend", "cancel"]) expect(index.nouns.has(word), word).toBe(false);
  });

  it("declines a site word at the head of another thing's compound, only while on", () => {
    for (const question of ["bus ticket booking", "train ticket booking"]) {
      expect(status(question), question).toBe("unknown");
      expect(
        withSignal("compounds", false, () => status(question)),
        question,
      ).toBe("found");
    }
  });

  it("answers the compounds the site means, and a modifier that is the visitor's business", () => {
    const business = [
      "website for my tiffin delivery service",
      "can you design a logo for our yoga studio",
      "app for my bus ticket business",
    ];
    for (const question of [
      "refund on my support ticket",
      "logo design package price",
      "brand identity package",
      "motion plan reels",
      ...business,
    ])
      expect(status(question), question).toBe("found");
    // Read with the context words, the visitor's business would decline them (with its words in the
    // question's topic: decision 0095 takes "studio" of "our yoga studio" out of it too).
    const before = { ...COMPOUNDS };
    try {
      COMPOUNDS.context = true;
      for (const question of business)
        expect(
          withSignal("businessPhrases", false, () => status(question)),
          question,
        ).toBe("unknown");
    } finally {
      Object.assign(COMPOUNDS, before);
    }
  });

  it("reads a modifier the site uses in more passages than COMPOUNDS.rare as the site's", () => {
    // "train" is in two passages ("trainings", "trained"), neither about tickets.
    expect(index.documentFrequency.get(processTerm("train")!)).toBe(2);
    const before = { ...COMPOUNDS };
    try {
      COMPOUNDS.rare = 1;
      expect(status("train ticket booking")).toBe("found");
      expect(status("bus ticket booking")).toBe("unknown");
    } finally {
      Object.assign(COMPOUNDS, before);
    }
  });
});
