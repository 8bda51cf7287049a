// npm run chat:train-gate: trains the chat's learned decline gate (decision
// 0092, models/chat/gate.ts) on the tuning set (tests/chat-eval/tuning/; the
// sealed set is never read) and writes models/chat/gate-weights.json. First it
// cross-validates: file-grouped folds (whole files held out), a model trained
// on the other folds scores each held-out fold, and the table prints right
// facts and correct declines at several thresholds against the hand-set rules.
// `-- --folds N` (default 5); `-- --l2 X` (default GATE_TRAINING.l2);
// `-- --no-write` prints the table only.
import { GATE_TRAINING, gateProbability, groupedFolds, logLoss, type GateModel } from "../models/chat/gate";
import { GATE, GATE_FEATURES, questionFeatures, RETRIEVAL_SIGNALS } from "../models/chat/retrieval";
import {
  addTally as add,
  argument,
  emptyTally as empty,
  loadTuningSet,
  percent as pct,
  gateTrainer,
  scoreTuning,
  writeGateWeights,
} from "./chat-tuning";
import { seededIndex } from "../models/views/seeded-chat.server";

const THRESHOLDS = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8];
const k = Number(argument("--folds") ?? 5);
const training = { ...GATE_TRAINING, l2: Number(argument("--l2") ?? GATE_TRAINING.l2) };

const tuning = loadTuningSet();

const { index, close } = await seededIndex();

const score = (questions: typeof tuning) => scoreTuning(index, questions);

// The training rows: questions asked on their own that reach the gate; label 1 = off-topic.
const rows: { file: string; q: string; x: number[]; y: 0 | 1 }[] = [];
for (const question of tuning) {
  if (question.after) continue;
  const x = questionFeatures(index, question.q);
  if (x) rows.push({ file: question.file, q: question.q, x, y: question.expect === null ? 1 : 0 });
}
const names = [...GATE_FEATURES];
const fit = gateTrainer(names, rows, tuning.length, training);

const folds = groupedFolds(
  tuning.map((q) => q.file),
  k,
);
/** The ways the gate is tried: its mode, and whether the rules' verdict is among its features. */
const VARIANTS: { name: string; mode: (typeof GATE)["mode"]; rulesFeature: boolean }[] = [
  { name: "gate alone", mode: "replace", rulesFeature: true },
  { name: "gate alone, no rules feature", mode: "replace", rulesFeature: false },
  { name: "gate vetoes rules' answers", mode: "veto", rulesFeature: true },
  { name: "gate rescues rules' declines", mode: "rescue", rulesFeature: true },
];
/** Without the rules' verdict: its column is zero in training, so its weight stays zero. */
const withoutRules = (subset: typeof rows) => subset.map((r) => ({ ...r, x: [0, ...r.x.slice(1)] }));
const rules = empty();
const gated = VARIANTS.map(() => THRESHOLDS.map(empty));
let heldOutLoss = 0;
const { model, threshold } = GATE;
for (let fold = 0; fold < k; fold++) {
  const heldOut = tuning.filter((q) => folds.get(q.file) === fold);
  const trained = fit(rows.filter((r) => folds.get(r.file) !== fold));
  const trainedAlone = fit(withoutRules(rows.filter((r) => folds.get(r.file) !== fold)));
  const test = rows.filter((r) => folds.get(r.file) === fold);
  // `-- --misses`: the held-out off-topic questions the rules answer, with the gate's P(off-topic).
  if (process.argv.includes("--misses"))
    for (const r of test)
      if (r.y && r.x[0])
        console.log(`  fold ${fold} ${r.file}: "${r.q}" P(off) ${gateProbability(trained, r.x).toFixed(2)}`);
  heldOutLoss +=
    logLoss(
      trained,
      test.map((r) => r.x),
      test.map((r) => r.y),
    ) * test.length;
  RETRIEVAL_SIGNALS.learnedGate = false;
  add(rules, score(heldOut));
  RETRIEVAL_SIGNALS.learnedGate = true;
  for (const [v, variant] of VARIANTS.entries()) {
    GATE.model = variant.rulesFeature ? trained : trainedAlone;
    GATE.mode = variant.mode;
    for (const [i, threshold] of THRESHOLDS.entries()) {
      GATE.threshold = threshold;
      add(gated[v]![i]!, score(heldOut));
    }
  }
}
RETRIEVAL_SIGNALS.learnedGate = false;
Object.assign(GATE, { model, mode: "replace", threshold });

console.log(
  `\n${k}-fold cross-validation, file-grouped (held-out log loss ${(heldOutLoss / rows.length).toFixed(3)}):`,
);
console.log(`  ${"decides".padEnd(22)}${"right facts".padEnd(20)}${"declines".padEnd(20)}sum`);
const line = (name: string, t: ReturnType<typeof empty>) =>
  console.log(
    `  ${name.padEnd(22)}${pct(t.facts, t.withFacts).padEnd(20)}${pct(t.declined, t.offTopic).padEnd(20)}${t.facts + t.declined}`,
  );
line("hand-set rules", rules);
for (const [v, variant] of VARIANTS.entries()) {
  console.log(`  ${variant.name}:`);
  for (const [i, threshold] of THRESHOLDS.entries()) line(`  P(off) > ${threshold}`, gated[v]![i]!);
}

const final: GateModel = fit(rows);
console.log("\nWeights on all rows (standardised features):");
for (const [j, name] of names.entries())
  console.log(`  ${name.padEnd(28)}${final.weights[j]!.toFixed(3).padStart(8)}`);
console.log(`  ${"bias".padEnd(28)}${final.bias.toFixed(3).padStart(8)}`);
if (!process.argv.includes("--no-write")) writeGateWeights(final, "gate-weights.json", 6, true);
await close();
