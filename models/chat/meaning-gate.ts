import { gateProbability, type GateModel } from "./gate";
import meaningWeights from "./meaning-gate-weights.json";
import type { ChatDocument } from "./sources";

// The meaning gate (decision 0093): a logistic regression over the sentence
// encoder's vector of a question (./encoder.server.ts), trained offline on the
// tuning set's in-scope and off-topic questions by `npm run chat:train-meaning`
// (scripts/train-chat-meaning.ts) and read from ./meaning-gate-weights.json.
//
// - It takes answers away: a question the word rules answer is declined when
//   the gate is sure it is about something the agency does not do ("car
//   service cost for a hatchback", "dance studio for kids in vashi fees").
// - It can give answers back (RETRIEVAL_SIGNALS.meaningRescue, off since
//   round 8's askedAs left it nothing to add) only where words and meaning agree: a question the
//   word rules decline is answered when the gate is sure it is in scope, and
//   the passage closest to it in meaning is also among the word ranking's
//   first three. Meaning alone answers too many off-topic questions
//   (cross-validated); the two together seldom do.

/** What the encoder made of a question and, when read, of every passage (its text and each FAQ phrasing). */
export type Meaning = {
  question: ArrayLike<number>;
  passages?: ReadonlyMap<string, readonly ArrayLike<number>[]> | null;
};

/**
 * The model and its thresholds, a setting so that the training script can
 * score each fold: `threshold`, the least P(off-topic) that declines an
 * answer; `rescueBelow`, the most P(off-topic) that lets meaning give one
 * back; `rescueSimilarity`, the least cosine between the question and that
 * passage; `rescueAmong`, how high the word ranking must put it.
 */
export const MEANING_GATE: {
  model: GateModel;
  threshold: number;
  rescueBelow: number;
  rescueSimilarity: number;
  rescueAmong: number;
} = {
  model: meaningWeights as GateModel,
  threshold: 0.9,
  rescueBelow: 0.1,
  rescueSimilarity: 0.4,
  rescueAmong: 3,
};

/** The characters of a passage the encoder reads: its title and the start of its text. */
const PASSAGE_CHARACTERS = 600;

/** What the encoder reads of a passage: its title and text, then each FAQ phrasing on its own. */
export function passageTexts(doc: ChatDocument): string[] {
  return [
    [doc.title, doc.text].filter(Boolean).join(". ").slice(0, PASSAGE_CHARACTERS),
    ...(doc.phrasings ?? []),
  ];
}

/** P(off-topic) for a question's sentence vector. */
export function offTopicProbability(
  vector: ArrayLike<number>,
  model: GateModel = MEANING_GATE.model,
): number {
  return gateProbability(model, Array.from(vector));
}

/** Whether the gate declines a question the rules would answer. */
export function meaningDeclines(meaning: Meaning): boolean {
  return offTopicProbability(meaning.question) > MEANING_GATE.threshold;
}

const cosine = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
};

/** The passage closest in meaning to the question (vectors are of unit length), and how close. */
export function closestPassage(meaning: Meaning): { id: string; similarity: number } | null {
  let best: { id: string; similarity: number } | null = null;
  for (const [id, vectors] of meaning.passages ?? [])
    for (const vector of vectors) {
      const similarity = cosine(meaning.question, vector);
      if (!best || similarity > best.similarity) best = { id, similarity };
    }
  return best;
}

/**
 * The passage meaning gives back for a question the word rules declined:
 * the closest in meaning, when the gate finds the question in scope, it is
 * close enough, and the word ranking (`ranked`, best first) has it among its
 * first `rescueAmong`. Null otherwise.
 */
export function meaningRescues(meaning: Meaning, ranked: readonly string[]): string | null {
  if (!meaning.passages?.size || offTopicProbability(meaning.question) >= MEANING_GATE.rescueBelow)
    return null;
  const closest = closestPassage(meaning);
  if (!closest || closest.similarity < MEANING_GATE.rescueSimilarity) return null;
  return ranked.slice(0, MEANING_GATE.rescueAmong).includes(closest.id) ? closest.id : null;
}
