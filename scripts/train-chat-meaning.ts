// npm run chat:train-meaning: trains the chat's meaning gate (decision 0093,
// models/chat/meaning-gate.ts) on the sentence vectors of the tuning set's
// questions (tests/chat-eval/tuning/ but the held-out rounds; the sealed set is never read) and writes
// models/chat/meaning-gate-weights.json. First it cross-validates: file-grouped
// folds (whole files held out); a model trained on the other folds gates each
// held-out fold's questions through the assistant itself, and the table prints
// right facts and correct declines against the word rules alone: declining
// at several thresholds, then giving answers back at several bounds. `-- --folds N` (default 5); `-- --l2 X` (default 0.1);
// `-- --no-write` prints the table only; `-- --no-cv` writes the weights without it.
import {
  embedQuestions,
  passageVectors,
  sentenceVectors,
  type SentenceVector,
} from "../models/chat/encoder.server";
import { groupedFolds } from "../models/chat/gate";
import { MEANING_GATE } from "../models/chat/meaning-gate";
import { RETRIEVAL_SIGNALS } from "../models/chat/retrieval";
import {
  addTally as add,
  argument,
  emptyTally as empty,
  loadTuningSet,
  percent as pct,
  gateTrainer,
  loadHeldOutFiles,
  scoreTuning,
  writeGateWeights,
} from "./chat-tuning";
import { seededIndex } from "../models/views/seeded-chat.server";

const VETO_THRESHOLDS = [0.7, 0.8, 0.85, 0.9, 0.95];
/** Giving back: the most P(off-topic), the least cosine, how high the word ranking has the passage. */
const RESCUE_BOUNDS: [number, number, number][] = [
  [0.1, 0.4, 3],
  [0.3, 0.4, 3],
  [0.5, 0.4, 3],
  [0.5, 0.3, 3],
  [0.5, 0.5, 3],
  [0.5, 0.4, 1],
  [0.5, 0.4, 5],
  [0.7, 0.4, 3],
];
/** Declining less sure questions far from every sentence of the site's: the least P(off-topic), the cosine no sentence reaches. */
const FAR_BOUNDS: [number, number][] = [
  [0.3, 0.4],
  [0.5, 0.4],
  [0.5, 0.45],
  [0.7, 0.4],
  [0.7, 0.45],
  [0.7, 0.5],
];
const k = Number(argument("--folds") ?? 5);
const training = { l2: Number(argument("--l2") ?? 0.1), rate: 0.5, epochs: 600 };

// The rounds held out from the step that followed them stay out of training too (decision 0102).
const heldOutRounds = loadHeldOutFiles();
const tuning = loadTuningSet().filter((q) => !heldOutRounds.has(q.file));

const { index, close } = await seededIndex();
const texts = [...new Set(tuning.flatMap((q) => (q.after ? [q.q, q.after] : [q.q])))];
const embedded = await embedQuestions(texts);
if (!embedded) throw new Error("The sentence encoder is not available (npm install, CHAT_SENTENCE_ENCODER).");
const vectorOf = new Map<string, SentenceVector>(texts.map((t, i) => [t, embedded[i]!]));
const passages = await passageVectors(index);
const sentences = await sentenceVectors(index);
const meaningOf = (text: string) => ({ question: vectorOf.get(text)!, passages, sentences });

const score = (questions: typeof tuning) =>
  scoreTuning(index, questions, (text) => ({ meaning: meaningOf(text) }));

// The training rows: every question asked on its own; label 1 = off-topic.
const rows = tuning
  .filter((q) => !q.after)
  .map((q) => ({ file: q.file, x: Array.from(vectorOf.get(q.q)!), y: (q.expect === null ? 1 : 0) as 0 | 1 }));
const names = rows[0]!.x.map((_, i) => `use${i}`);
const fit = gateTrainer(names, rows, tuning.length, training);

/** The cross-validation's table, unless `-- --no-cv` (writing the weights only). */
function crossValidate() {
  const folds = groupedFolds(
    tuning.map((q) => q.file),
    k,
  );
  const saved = { ...MEANING_GATE };
  const signals = { ...RETRIEVAL_SIGNALS };
  /** The ways the gate is tried: declining only (at each threshold), then giving back too (at each bound). */
  const VARIANTS: [string, Partial<typeof MEANING_GATE>, Partial<typeof RETRIEVAL_SIGNALS>][] = [
    ["word rules alone", {}, { meaningGate: false, meaningRescue: false }],
    ...VETO_THRESHOLDS.map(
      (threshold) =>
        [`declines P > ${threshold}`, { threshold }, { meaningGate: true, meaningRescue: false }] as [
          string,
          Partial<typeof MEANING_GATE>,
          Partial<typeof RETRIEVAL_SIGNALS>,
        ],
    ),
    ...FAR_BOUNDS.map(
      ([farAbove, farBelow]) =>
        [
          `+ declines P > ${farAbove} with no sentence at cos ≥ ${farBelow}`,
          { threshold: saved.threshold, farAbove, farBelow },
          { meaningGate: true, meaningRescue: true },
        ] as [string, Partial<typeof MEANING_GATE>, Partial<typeof RETRIEVAL_SIGNALS>],
    ),
    ...RESCUE_BOUNDS.map(
      ([rescueBelow, rescueSimilarity, rescueAmong]) =>
        [
          `+ gives back P < ${rescueBelow}, cos ≥ ${rescueSimilarity}, top ${rescueAmong}`,
          { threshold: saved.threshold, rescueBelow, rescueSimilarity, rescueAmong },
          { meaningGate: true, meaningRescue: true },
        ] as [string, Partial<typeof MEANING_GATE>, Partial<typeof RETRIEVAL_SIGNALS>],
    ),
  ];
  const tallies = VARIANTS.map(empty);
  for (let fold = 0; fold < k; fold++) {
    const heldOut = tuning.filter((q) => folds.get(q.file) === fold);
    const model = fit(rows.filter((r) => folds.get(r.file) !== fold));
    for (const [i, [, gate, switches]] of VARIANTS.entries()) {
      Object.assign(MEANING_GATE, saved, gate, { model });
      Object.assign(RETRIEVAL_SIGNALS, signals, switches);
      add(tallies[i]!, score(heldOut));
    }
  }
  Object.assign(MEANING_GATE, saved);
  Object.assign(RETRIEVAL_SIGNALS, signals);

  console.log(`\n${k}-fold cross-validation, file-grouped:`);
  console.log(`  ${"decides".padEnd(46)}${"right facts".padEnd(20)}${"declines".padEnd(20)}sum`);
  for (const [i, [name]] of VARIANTS.entries()) {
    const t = tallies[i]!;
    console.log(
      `  ${name.padEnd(46)}${pct(t.facts, t.withFacts).padEnd(20)}${pct(t.declined, t.offTopic).padEnd(20)}${t.facts + t.declined}`,
    );
  }
}
if (!process.argv.includes("--no-cv")) crossValidate();

if (!process.argv.includes("--no-write")) writeGateWeights(fit(rows), "meaning-gate-weights.json", 5);
await close();
