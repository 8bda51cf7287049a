// What the chat's training scripts share (npm run chat:train-gate,
// npm run chat:train-meaning): the tuning set's questions (never the sealed
// set), their command-line settings, and right facts and correct declines
// counted as npm run eval:chat counts them.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { answerFromContent } from "../models/chat/answer";
import type { AnswerOptions } from "../models/chat/compose";
import { trainGate, type GateModel, type TrainingOptions } from "../models/chat/gate";
import type { ChatIndex } from "../models/chat/retrieval";

export type TuningQuestion = {
  q: string;
  expect: string | null;
  also?: string[];
  after?: string;
  facts?: string[];
  file: string;
};

/** The value after `name` on the command line (`-- --folds 5`). */
export const argument = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
};

/** Every question of tests/chat-eval/tuning/, with the file it came from (for file-grouped folds). */
export function loadTuningSet(): TuningQuestion[] {
  const dir = path.resolve(import.meta.dirname, "../tests/chat-eval/tuning");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .flatMap((file) =>
      (JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Omit<TuningQuestion, "file">[]).map((q) => ({
        ...q,
        file,
      })),
    );
}

/**
 * Tuning rounds held out from the step that followed them (tests/chat-eval/held-out.json, decision
 * 0101): the eval prints their totals on their own, and the gates are not trained on them.
 */
export function loadHeldOutFiles(): ReadonlySet<string> {
  const file = path.resolve(import.meta.dirname, "../tests/chat-eval/held-out.json");
  return new Set((JSON.parse(readFileSync(file, "utf8")) as { files: string[] }).files);
}

export type Tally = { facts: number; withFacts: number; declined: number; offTopic: number };
export const emptyTally = (): Tally => ({ facts: 0, withFacts: 0, declined: 0, offTopic: 0 });
export function addTally(into: Tally, more: Tally): void {
  into.facts += more.facts;
  into.withFacts += more.withFacts;
  into.declined += more.declined;
  into.offTopic += more.offTopic;
}
export const percent = (n: number, of: number) => `${((100 * n) / of).toFixed(1)}% (${n}/${of})`;

/**
 * Right facts (every fact in the answer, an accepted page in the top 3) and
 * correct declines, as npm run eval:chat counts them; `optionsOf` gives each
 * question's answer options (the sentence encoder's reading).
 */
export function scoreTuning(
  index: ChatIndex,
  questions: TuningQuestion[],
  optionsOf: (text: string) => AnswerOptions = () => ({}),
): Tally {
  const tally = emptyTally();
  for (const question of questions) {
    const previous = question.after
      ? {
          query: question.after,
          passageIds: answerFromContent(index, question.after, null, optionsOf(question.after)).passageIds,
        }
      : null;
    const answer = answerFromContent(index, question.q, previous, optionsOf(question.q));
    if (question.expect === null) {
      tally.offTopic++;
      if (!answer.found) tally.declined++;
      continue;
    }
    if (!question.facts?.length) continue;
    tally.withFacts++;
    const accepted = [question.expect, ...(question.also ?? [])];
    const ranked = (answer.candidates ?? answer.sources.map((s) => s.url)).slice(0, 3);
    const text = answer.response.toLowerCase();
    if (
      answer.found &&
      ranked.some((url) => accepted.includes(url)) &&
      question.facts.every((fact) => text.includes(fact.toLowerCase()))
    )
      tally.facts++;
  }
  return tally;
}

/**
 * A logistic regression's trainer over labelled rows (label 1 = off-topic),
 * after printing what it trains on: `fit(subset)` fits the columns `names`.
 */
export function gateTrainer<Row extends { x: number[]; y: 0 | 1 }>(
  names: string[],
  rows: Row[],
  questions: number,
  training: TrainingOptions,
): (subset: Row[]) => GateModel {
  console.log(
    `${rows.length} training rows (${rows.filter((r) => r.y).length} off-topic) from ${questions} tuning questions; ${names.length} columns; l2 ${training.l2}, ${training.epochs} epochs.`,
  );
  return (subset) =>
    trainGate(
      names,
      subset.map((r) => r.x),
      subset.map((r) => r.y),
      training,
    );
}

/**
 * Writes a trained gate to `models/chat/<name>`: its numbers rounded to
 * `digits` decimals, indented when `indent` (small models, read by people).
 */
export function writeGateWeights(model: GateModel, name: string, digits: number, indent = false): void {
  const round = (v: number) => Number(v.toFixed(digits));
  const out = {
    features: model.features,
    mean: model.mean.map(round),
    scale: model.scale.map(round),
    weights: model.weights.map(round),
    bias: round(model.bias),
  };
  const file = path.resolve(import.meta.dirname, "../models/chat", name);
  writeFileSync(file, `${JSON.stringify(out, null, indent ? 2 : undefined)}\n`);
  console.log(`\nWrote ${path.relative(process.cwd(), file)}.`);
}
