import { describe, expect, it } from "vitest";
import { gateProbability, groupedFolds, logLoss, trainGate, type GateModel } from "./gate";
import gateWeights from "./gate-weights.json";
import { GATE, GATE_FEATURES, questionFeatures, retrieve } from "./retrieval";
import { seededChatIndex, withSignal } from "./testing";

// Decision 0092: the learned decline gate (a logistic regression written
// here), its features and how retrieval uses it while its signal is on. The
// questions here are not the evaluation sets' (tests/chat-eval/).

/** Label 1 when the first feature is above 1; the second feature is noise, the third constant. */
const rows = Array.from({ length: 40 }, (_, i) => [i % 2 ? 2 + (i % 5) / 5 : (i % 5) / 5, (i * 7) % 3, 4]);
const labels = rows.map(([x]) => (x! > 1 ? 1 : 0)) as (0 | 1)[];
const names = ["signal", "noise", "constant"];

describe("trainGate", () => {
  it("learns a separable label: high probabilities for 1, low for 0, and a loss below chance", () => {
    const model = trainGate(names, rows, labels);
    for (const [i, row] of rows.entries())
      if (labels[i]) expect(gateProbability(model, row)).toBeGreaterThan(0.8);
      else expect(gateProbability(model, row)).toBeLessThan(0.2);
    expect(logLoss(model, rows, labels)).toBeLessThan(0.2);
    expect(model.weights[0]).toBeGreaterThan(Math.abs(model.weights[1]!));
  });

  it("standardises each feature; a constant one scales by 1 and keeps a zero weight", () => {
    const model = trainGate(names, rows, labels);
    expect(model.mean[2]).toBe(4);
    expect(model.scale[2]).toBe(1);
    expect(model.weights[2]).toBe(0);
    expect(model.mean[0]).toBeCloseTo(rows.reduce((s, r) => s + r[0]!, 0) / rows.length);
  });

  it("shrinks the weights as the L2 penalty grows", () => {
    const loose = trainGate(names, rows, labels, { l2: 0.001, rate: 0.5, epochs: 500 });
    const tight = trainGate(names, rows, labels, { l2: 1, rate: 0.5, epochs: 500 });
    expect(Math.abs(tight.weights[0]!)).toBeLessThan(Math.abs(loose.weights[0]!));
    expect(logLoss(tight, rows, labels)).toBeGreaterThan(logLoss(loose, rows, labels));
  });

  it("refuses rows of the wrong width or labels that do not match", () => {
    expect(() => trainGate(names, [[1, 2]], [1])).toThrow();
    expect(() => trainGate(names, rows, labels.slice(1))).toThrow();
  });
});

describe("gateProbability", () => {
  it("is σ(w·z + b) over the standardised row", () => {
    const model: GateModel = {
      features: ["a", "b"],
      mean: [1, 0],
      scale: [2, 1],
      weights: [1, -1],
      bias: 0.5,
    };
    const z = (3 - 1) / 2 - 1 * 0.5 + 0.5;
    expect(gateProbability(model, [3, 0.5])).toBeCloseTo(1 / (1 + Math.exp(-z)));
    expect(() => gateProbability(model, [1])).toThrow();
  });
});

describe("groupedFolds", () => {
  it("puts each file's questions in one fold and keeps the folds near the same size", () => {
    const files = [..."aaaaaabbbbbcccccddddeeeffg"];
    const folds = groupedFolds(files, 3);
    expect(new Set(folds.values())).toEqual(new Set([0, 1, 2]));
    const sizes = [0, 1, 2].map((f) => files.filter((file) => folds.get(file) === f).length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    expect(sizes.reduce((a, b) => a + b)).toBe(files.length);
  });
});

describe("the gate's features", () => {
  const index = seededChatIndex();
  const features = (query: string) => {
    const row = questionFeatures(index, query);
    return row && Object.fromEntries(GATE_FEATURES.map((name, i) => [name, row[i]!]));
  };

  it("are the ones the shipped weights were trained on", () => {
    expect(gateWeights.features).toEqual([...GATE_FEATURES]);
    expect(gateWeights.weights).toHaveLength(GATE_FEATURES.length);
  });

  it("read an in-scope question as the rules do: answered, covered, about its passage", () => {
    const f = features("how much does a logo cost")!;
    expect(f["rules answer"]).toBe(1);
    expect(f["exact coverage"]).toBe(1);
    expect(f["about (words)"]).toBe(1);
    expect(f["novel words"]).toBe(0);
    expect(f["names a kind of answer"]).toBe(1);
    expect(f["question words"]).toBe(4);
  });

  it("record the rules that fire and the words the site never uses", () => {
    const laptop = features("best laptop for coding")!;
    expect(laptop["rules answer"]).toBe(0);
    expect(laptop["third party"]).toBe(1);
    expect(laptop["asks advice"]).toBe(1);
    expect(laptop["novel words"]).toBe(1);
    expect(laptop["novel weight share"]).toBeGreaterThan(0);
    const mangoes = features("price of a kilo of mangoes")!;
    expect(mangoes["off-topic kind"]).toBe(1);
    expect(mangoes["rules answer"]).toBe(0);
  });

  it("are none for a question retrieval declines before the gate", () => {
    expect(features("is infosys hiring")).toBeNull();
  });
});

describe("the gate in retrieval (RETRIEVAL_SIGNALS.learnedGate, off)", () => {
  const index = seededChatIndex();
  const sure = (bias: number): GateModel => ({
    features: [...GATE_FEATURES],
    mean: GATE_FEATURES.map(() => 0),
    scale: GATE_FEATURES.map(() => 1),
    weights: GATE_FEATURES.map(() => 0),
    bias,
  });
  const withGate = <T>(model: GateModel, mode: (typeof GATE)["mode"], run: () => T): T => {
    const before = { ...GATE };
    Object.assign(GATE, { model, mode, threshold: 0.5 });
    try {
      return withSignal("learnedGate", true, run);
    } finally {
      Object.assign(GATE, before);
    }
  };
  const inScope = "how much does a logo cost";
  const offTopic = "price of a kilo of mangoes";

  it("changes nothing while off", () => {
    const before = { ...GATE };
    Object.assign(GATE, { model: sure(10) });
    try {
      expect(retrieve(index, inScope).status).toBe("found");
    } finally {
      Object.assign(GATE, before);
    }
  });

  it("decides alone in place of the rules, in both directions", () => {
    expect(withGate(sure(10), "replace", () => retrieve(index, inScope).status)).toBe("unknown");
    expect(withGate(sure(-10), "replace", () => retrieve(index, offTopic).status)).toBe("found");
  });

  it("only declines what the rules answer when vetoing, only answers what they decline when rescuing", () => {
    expect(withGate(sure(10), "veto", () => retrieve(index, inScope).status)).toBe("unknown");
    expect(withGate(sure(-10), "veto", () => retrieve(index, offTopic).status)).toBe("unknown");
    expect(withGate(sure(10), "rescue", () => retrieve(index, inScope).status)).toBe("found");
    expect(withGate(sure(-10), "rescue", () => retrieve(index, offTopic).status)).toBe("found");
  });

  it("leaves the loose retrieval (minCoverage below the floor) to the rules", () => {
    expect(withGate(sure(10), "replace", () => retrieve(index, inScope, null, Number.MIN_VALUE).status)).toBe(
      "found",
    );
  });
});
