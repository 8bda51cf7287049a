import { afterEach, describe, expect, it } from "vitest";
import type { GateModel } from "./gate";
import {
  closestPassage,
  inMeaningOrder,
  MEANING_GATE,
  MEANING_ORDER,
  meaningDeclines,
  meaningRescues,
  offTopicProbability,
  passageSentences,
  passageTexts,
  type Meaning,
} from "./meaning-gate";
import shipped from "./meaning-gate-weights.json";
import { retrieve } from "./retrieval";
import { seededChatIndex, withSignal } from "./testing";

/** A two-number "encoder" space: P(off-topic) = σ(bias + 8·x₀). */
const model = (bias: number): GateModel => ({
  features: ["x0", "x1"],
  mean: [0, 0],
  scale: [1, 1],
  weights: [8, 0],
  bias,
});
const saved = { ...MEANING_GATE };
afterEach(() => Object.assign(MEANING_GATE, saved));

const unit = (x: number, y: number) => {
  const n = Math.hypot(x, y);
  return [x / n, y / n];
};

describe("the meaning gate (decision 0093)", () => {
  it("ships a model over the encoder's 512 numbers", () => {
    expect(shipped.features).toHaveLength(512);
    for (const list of [shipped.mean, shipped.scale, shipped.weights])
      expect(list.every((v) => Number.isFinite(v))).toBe(true);
    expect(shipped.scale.every((v) => v > 0)).toBe(true);
  });

  it("declines above its threshold only", () => {
    MEANING_GATE.model = model(0);
    expect(offTopicProbability([0, 1])).toBeCloseTo(0.5);
    MEANING_GATE.threshold = 0.9;
    expect(meaningDeclines({ question: unit(1, 0.1) })).toBe(true); // σ(7.96) ≈ 1
    expect(meaningDeclines({ question: [0, 1] })).toBe(false); // 0.5
    MEANING_GATE.threshold = 0.4;
    expect(meaningDeclines({ question: [0, 1] })).toBe(true);
  });

  it("declines nothing whose question, without the business its writer names first, is surely in scope (decision 0110)", () => {
    MEANING_GATE.model = model(0);
    Object.assign(MEANING_GATE, { threshold: 0.9, withoutBusinessBelow: 0.5 });
    const question = unit(1, 0.1); // P ≈ 1: declined on its own
    expect(meaningDeclines({ question })).toBe(true);
    expect(meaningDeclines({ question, withoutBusiness: unit(-0.2, 1) })).toBe(false); // P ≈ 0.17
    expect(meaningDeclines({ question, withoutBusiness: [0, 1] })).toBe(true); // P 0.5: not sure enough
    expect(meaningDeclines({ question, withoutBusiness: null })).toBe(true);
  });

  it("can also decline a less sure question that no sentence of the site's comes near (decision 0097)", () => {
    MEANING_GATE.model = model(0);
    Object.assign(MEANING_GATE, { threshold: 0.9, farAbove: 1, farBelow: 0 });
    const question = [0, 1]; // P 0.5
    const far: Meaning = { question, sentences: new Map([["a", [unit(1, 0)]]]) };
    const near: Meaning = { question, sentences: new Map([["a", [unit(0.1, 1)]]]) };
    expect(meaningDeclines(far)).toBe(false);
    Object.assign(MEANING_GATE, { farAbove: 0.4, farBelow: 0.4 });
    expect(meaningDeclines(far)).toBe(true);
    expect(meaningDeclines(near)).toBe(false);
    expect(meaningDeclines({ question })).toBe(false); // sentences not read
    MEANING_GATE.farAbove = 0.6;
    expect(meaningDeclines(far)).toBe(false);
  });

  it("finds the passage closest in meaning over each of its texts", () => {
    const meaning: Meaning = {
      question: [1, 0],
      passages: new Map([
        ["a", [unit(1, 1)]],
        ["b", [unit(0, 1), unit(1, 0.2)]],
      ]),
    };
    expect(closestPassage(meaning)).toEqual({ id: "b", similarity: expect.closeTo(0.98, 2) });
    expect(closestPassage({ question: [1, 0] })).toBeNull();
  });

  it("gives an answer back only when sure it is in scope, close enough, and among the word ranking's first", () => {
    MEANING_GATE.model = model(-6); // σ(-6 + 8·x₀)
    Object.assign(MEANING_GATE, { rescueBelow: 0.1, rescueSimilarity: 0.4, rescueAmong: 3 });
    const passages = new Map([
      ["near", [unit(0.2, 1)]],
      ["far", [unit(1, -1)]],
    ]);
    const question = unit(0.2, 1); // P ≈ 0.01, cosine 1 with "near"
    expect(meaningRescues({ question, passages }, ["x", "y", "near"])).toBe("near");
    expect(meaningRescues({ question, passages }, ["x", "y", "z", "near"])).toBeNull(); // not in the first three
    expect(meaningRescues({ question }, ["near"])).toBeNull(); // passages not read
    MEANING_GATE.rescueSimilarity = 1.01;
    expect(meaningRescues({ question, passages }, ["near"])).toBeNull(); // not close enough
    MEANING_GATE.rescueSimilarity = 0.4;
    expect(
      meaningRescues({ question: unit(1, 1), passages: new Map([["near", [unit(1, 1)]]]) }, ["near"]),
    ).toBeNull(); // P ≈ 0.6
  });

  it("gives back the passage holding the site's closest sentence when the word ranking puts it first or second", () => {
    MEANING_GATE.model = model(-6);
    Object.assign(MEANING_GATE, { sentenceBelow: 0.4, sentenceSimilarity: 0.5, sentenceAmong: 2 });
    const sentences = new Map([
      ["near", [unit(1, -1), unit(0.6, 1)]], // its title, then a sentence
      ["far", [unit(-1, 0.2)]],
    ]);
    const question = unit(0.6, 1); // P ≈ 0.13: too unsure for the passage rescue (below 0.1)
    expect(meaningRescues({ question, sentences }, ["x", "near"])).toBe("near");
    expect(meaningRescues({ question, sentences }, ["x", "y", "near"])).toBeNull(); // not in the first two
    expect(meaningRescues({ question, sentences }, ["x", "near"], { bySentence: false })).toBeNull();
    MEANING_GATE.sentenceBelow = 0.1;
    expect(meaningRescues({ question, sentences }, ["x", "near"])).toBeNull(); // P too high
    MEANING_GATE.sentenceBelow = 0.4;
    MEANING_GATE.sentenceSimilarity = 1.01;
    expect(meaningRescues({ question, sentences }, ["x", "near"])).toBeNull(); // not close enough
  });

  it("gives back the word ranking's first when the gate is all but certain the question is in scope", () => {
    MEANING_GATE.model = model(-6);
    Object.assign(MEANING_GATE, {
      sentenceBelow: 0.4,
      sentenceSimilarity: 0.5,
      sentenceAmong: 2,
      firstBelow: 0.05,
    });
    // No sentence of the site's comes close: only the gate's certainty gives the first passage back.
    const sentences = new Map([["far", [unit(1, 0.2)]]]);
    const sure = unit(-1, 0.1); // P ≈ 0.000001, and no closer than -0.9 to "far"
    expect(meaningRescues({ question: sure, sentences }, ["first", "far"])).toBe("first");
    expect(meaningRescues({ question: sure, sentences }, [])).toBeNull(); // nothing ranked
    // Not when the floor found the question naming something the site does not offer.
    expect(meaningRescues({ question: sure, sentences }, ["first"], { bySentence: false })).toBeNull();
    // Unless its only doubt is a word the site never uses.
    expect(
      meaningRescues({ question: sure, sentences }, ["first"], { bySentence: false, byFirst: true }),
    ).toBe("first");
    const unsure = unit(0.6, 1); // P ≈ 0.13
    expect(meaningRescues({ question: unsure, sentences }, ["first"])).toBeNull();
    MEANING_GATE.firstBelow = 0;
    expect(meaningRescues({ question: sure, sentences }, ["first"])).toBeNull();
  });

  it("reads a passage's title and text, then each FAQ phrasing", () => {
    expect(
      passageTexts({
        id: "x",
        title: "Refunds",
        url: "/r",
        text: "a".repeat(700),
        phrasings: ["money back?"],
      }),
    ).toEqual([`Refunds. ${"a".repeat(591)}`, "money back?"]);
  });
});

describe("retrieval with the meaning gate", () => {
  const index = seededChatIndex();
  const starter = "How much is the Starter plan?";

  it("declines an answer the word rules give when the gate says off-topic, unless switched off or relaxed", () => {
    MEANING_GATE.model = model(0);
    const off: Meaning = { question: [1, 0] }; // P ≈ 1
    expect(retrieve(index, starter).status).toBe("found");
    // The question names the Starter plan with its kind: the gate lets it by (decision 0101).
    expect(retrieve(index, starter, null, undefined, off).status).toBe("found");
    const gated = (meaning: Meaning) =>
      withSignal("ownEntity", false, () => retrieve(index, starter, null, undefined, meaning).status);
    expect(gated(off)).toBe("unknown");
    expect(gated({ question: [-1, 0] })).toBe("found");
    expect(
      withSignal("meaningGate", false, () => retrieve(index, starter, null, undefined, off).status),
    ).toBe("found");
    // A visitor describing their business relaxes the floor: the gate does not apply.
    expect(retrieve(index, starter, null, Number.MIN_VALUE, off).status).toBe("found");
  });

  it("answers a question the word rules decline when meaning and words agree on its passage", () => {
    MEANING_GATE.model = model(-6);
    const question = "didnt get my download, checked spam also";
    expect(retrieve(index, question).status).toBe("unknown");
    const loose = retrieve(index, question, null, Number.MIN_VALUE);
    if (loose.status !== "found") throw new Error("no word ranking");
    const second = loose.ranked[1]!.document.id;
    const passages = new Map([[second, [unit(0, 1)]]]);
    const rescued = withSignal("meaningRescue", true, () =>
      retrieve(index, question, null, undefined, { question: [0, 1], passages }),
    );
    expect(rescued.status === "found" && rescued.ranked[0]!.document.id).toBe(second);
    // Unsure it is in scope (P ≈ 0.5 at x₀ = 0.75): still declined.
    expect(
      withSignal("meaningRescue", true, () =>
        retrieve(index, question, null, undefined, { question: unit(0.75, 0.66), passages }),
      ).status,
    ).toBe("unknown");
    expect(
      withSignal(
        "meaningRescue",
        false,
        () => retrieve(index, question, null, undefined, { question: [0, 1], passages }).status,
      ),
    ).toBe("unknown");
  });
});

describe("the meaning order (decision 0096)", () => {
  const doc = (id: string) => ({ document: { id } });
  const ranked = [
    { ...doc("how-to-buy"), score: 10 },
    { ...doc("limits"), score: 9 },
    { ...doc("third"), score: 8.9 },
    { ...doc("fourth"), score: 8 },
    { ...doc("fifth"), score: 7.9 },
  ];
  const sentences = new Map([
    ["how-to-buy", [unit(0, 1)]],
    ["limits", [unit(1, 0), unit(0.2, 1)]],
    ["third", [unit(0.5, 1)]],
    ["fourth", [unit(0.5, 1)]],
    ["fifth", [unit(1, 0)]],
  ]);

  it("reads a passage as its title, then each sentence of its text", () => {
    expect(
      passageSentences({
        id: "gift:terms",
        title: "Gift card terms",
        url: "/gift",
        text: "Cards run from ₹500 to ₹1,00,000. They never expire. Ok.",
      }),
    ).toEqual(["Gift card terms", "Cards run from ₹500 to ₹1,00,000.", "They never expire."]);
  });

  it("puts first, of the first four, the passage with a sentence that says what was asked", () => {
    const meaning: Meaning = { question: unit(1, 0.05), sentences };
    const ordered = inMeaningOrder(ranked, meaning);
    expect(ordered.map((r) => r.document.id)).toEqual(["limits", "third", "fourth", "how-to-buy", "fifth"]);
    // Past the first `among`, the ranking stands, however close the fifth passage is.
    expect(MEANING_ORDER.among).toBe(4);
    expect(ordered[4]).toBe(ranked[4]);
    // Scores stay on the word scale: the best is never worth more than the best words were.
    expect(ordered[0]!.score).toBeLessThanOrEqual(10);
    expect(ordered[0]!.score).toBeGreaterThan(ordered[1]!.score);
  });

  it("keeps the word order when the first passage also says it, and without the sentences", () => {
    const close = { question: unit(0, 1), sentences };
    expect(inMeaningOrder(ranked, close).map((r) => r.document.id)).toEqual([
      "how-to-buy",
      "limits",
      "third",
      "fourth",
      "fifth",
    ]);
    expect(inMeaningOrder(ranked, { question: unit(1, 0) })).toEqual(ranked);
  });

  it("is off with RETRIEVAL_SIGNALS.meaningOrder: retrieval keeps the word order", () => {
    const index = seededChatIndex();
    MEANING_GATE.model = model(-20); // sure it is in scope: the gate stays out of the way
    const words = retrieve(index, "can i pay in rupees");
    const question = unit(1, 0);
    // Every passage's only sentence is far from the question but the second one's.
    const second = words.status === "found" ? words.ranked[1]!.document.id : "";
    const all = new Map(
      [...index.documents.keys()].map((id) => [id, [id === second ? unit(1, 0) : unit(0, 1)]]),
    );
    const meaning: Meaning = { question, sentences: all };
    const on = retrieve(index, "can i pay in rupees", null, undefined, meaning);
    const off = withSignal("meaningOrder", false, () =>
      retrieve(index, "can i pay in rupees", null, undefined, meaning),
    );
    expect(on.status === "found" && on.ranked[0]!.document.id).toBe(second);
    expect(off.status === "found" && off.ranked[0]!.document.id).not.toBe(second);
  });
});
