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
// - It gives answers back (RETRIEVAL_SIGNALS.meaningRescue; off from round 8,
//   on again since round 11, decision 0096) only where words and meaning agree: a question the
//   word rules decline is answered when the gate is sure it is in scope, and
//   the passage closest to it in meaning is also among the word ranking's
//   first three. Meaning alone answers too many off-topic questions
//   (cross-validated); the two together seldom do.

/** What the encoder made of a question and, when read, of every passage (its text and each FAQ phrasing). */
export type Meaning = {
  question: ArrayLike<number>;
  /** The question without the business its writer names first, when it names one (decision 0110). */
  withoutBusiness?: ArrayLike<number> | null;
  passages?: ReadonlyMap<string, readonly ArrayLike<number>[]> | null;
  /** Each passage's title and sentences, one vector each (`passageSentences`), for the meaning order. */
  sentences?: ReadonlyMap<string, readonly ArrayLike<number>[]> | null;
};

/**
 * The model and its thresholds, a setting so that the training script can
 * score each fold: `threshold`, the least P(off-topic) that declines an
 * answer; `rescueBelow`, the most P(off-topic) that lets meaning give one
 * back; `rescueSimilarity`, the least cosine between the question and that
 * passage; `rescueAmong`, how high the word ranking must put it; `farAbove`
 * and `farBelow`, a less sure P(off-topic) that declines when no sentence of
 * the site's comes this close to the question (on since round 12's
 * cross-validation: +3 declines, no fact lost, decision 0097);
 * `sentenceBelow`, `sentenceSimilarity` and `sentenceAmong`, the same three
 * for the passage that holds the site's closest sentence (decision 0101).
 * `threshold` went from 0.9 to 0.85 with the model retrained on rounds 18–24b
 * (decision 0102): a model fitted to more questions is surer of the same ones.
 * `rescueBelow` went from 0.1 to 0.15 with rounds 28–29 (decision 0104): +10 tuning facts for one
 * decline, +2 held-out facts and no held-out decline lost (chosen among four settings by both).
 * `firstBelow` (decision 0105): below this P(off-topic) the gate is all but certain the question
 * is the site's, and the word ranking's first passage is given back even when no sentence comes
 * close: the floor declined it for its share of words or one word the site never uses. Retrieval
 * asks that passage to hold at least `firstExact` of the question's words ("wat time is the cricet
 * match today" holds 0.24 of the opening hours'): 0.3 kept every tuning decline for 9 facts.
 * `firstBelow` went from 0.05 to 0.08 with round 34 (decision 0106): +9 held-out facts, no held-out
 * decline lost; 0.1 gave 2 held-out facts more for 4 more tuning declines lost.
 * `withoutBusinessBelow` (decision 0110): the gate declines no question whose writer names their
 * business first ("cafe visting card price rs") when the question without it is below this
 * P(off-topic): the gate read "cafe" and "pickle" as the subject, not as whom the work is for.
 */
export const MEANING_GATE: {
  model: GateModel;
  threshold: number;
  rescueBelow: number;
  rescueSimilarity: number;
  rescueAmong: number;
  farAbove: number;
  farBelow: number;
  sentenceBelow: number;
  sentenceSimilarity: number;
  sentenceAmong: number;
  firstBelow: number;
  firstExact: number;
  withoutBusinessBelow: number;
} = {
  model: meaningWeights as GateModel,
  threshold: 0.85,
  rescueBelow: 0.15,
  rescueSimilarity: 0.4,
  rescueAmong: 3,
  farAbove: 0.7,
  farBelow: 0.4,
  sentenceBelow: 0.4,
  sentenceSimilarity: 0.5,
  sentenceAmong: 2,
  firstBelow: 0.08,
  firstExact: 0.3,
  withoutBusinessBelow: 0.7,
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

/** The cosine of two vectors of unit length. */
const cosine = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
};

/** The characters of one sentence the encoder reads. */
const SENTENCE_CHARACTERS = 400;

/** What the encoder reads of a passage for the meaning order: its title, then each sentence of its text. */
export function passageSentences(doc: ChatDocument): string[] {
  return [
    doc.title,
    ...doc.text
      .split(/(?<=[.!?])\s+(?=[A-Z0-9₹$€"“(])/)
      .map((sentence) => sentence.trim())
      .filter((sentence) => sentence.length > 3),
  ]
    .filter(Boolean)
    .map((text) => text.slice(0, SENTENCE_CHARACTERS));
}

/**
 * The meaning order (decision 0096): among the word ranking's first `among`
 * passages, each is ranked by its score as a share of the best one's plus
 * `weight` × the cosine of the question and the passage's closest sentence
 * (its title or one sentence of its text), so that of two passages the words
 * find about as well, the one with a sentence that says what was asked comes
 * first ("whats the most i can put on a gift card": the gift card's limits,
 * not how to buy one). The first four at weight 3 since decision 0109 (the first two at weight 2
 * before): more of the runners-up close in meaning join the answer.
 */
export const MEANING_ORDER = { among: 4, weight: 3 };

/** The cosine of the question and the passage's closest sentence (0 when not read). */
export function closestSentenceOf(meaning: Meaning, id: string): number {
  let most = 0;
  for (const vector of meaning.sentences?.get(id) ?? [])
    most = Math.max(most, cosine(meaning.question, vector));
  return most;
}

/** The ranking with its first `MEANING_ORDER.among` passages in the meaning order; the rest as it was. */
export function inMeaningOrder<R extends { document: { id: string }; score: number }>(
  ranked: readonly R[],
  meaning: Meaning,
): R[] {
  const best = ranked[0];
  if (!meaning.sentences || !best || ranked.length < 2) return [...ranked];
  const { among, weight } = MEANING_ORDER;
  const head = ranked
    .slice(0, among)
    .map((r) => ({ r, value: r.score / best.score + weight * closestSentenceOf(meaning, r.document.id) }))
    .sort((a, b) => b.value - a.value)
    // Scores on the same scale as before (the best keeps its own), for the answer's choice of runners-up.
    .map(({ r, value }) => ({ ...r, score: (best.score * value) / (1 + weight) }));
  return [...head, ...ranked.slice(among)];
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
  if (
    meaning.withoutBusiness &&
    offTopicProbability(meaning.withoutBusiness) < MEANING_GATE.withoutBusinessBelow
  )
    return false;
  const p = offTopicProbability(meaning.question);
  if (p > MEANING_GATE.threshold) return true;
  // Less sure, and no sentence of the site's comes near the question (decision 0096).
  return p > MEANING_GATE.farAbove && closestSentence(meaning) < MEANING_GATE.farBelow;
}

/** The cosine of the question and the closest sentence of the site's (1 when the sentences are not read). */
function closestSentence(meaning: Meaning): number {
  if (!meaning.sentences) return 1;
  return passageWithClosestSentence(meaning)?.similarity ?? 0;
}

/** The passage holding the site's sentence closest in meaning to the question, and how close. */
function passageWithClosestSentence(meaning: Meaning): { id: string; similarity: number } | null {
  let best: { id: string; similarity: number } | null = null;
  for (const id of meaning.sentences?.keys() ?? []) {
    const similarity = closestSentenceOf(meaning, id);
    if (!best || similarity > best.similarity) best = { id, similarity };
  }
  return best;
}

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
 * first `rescueAmong`; else the passage holding the site's sentence closest
 * to the question, on the looser `sentence*` terms (`bySentence`: not for a
 * question the relevance floor finds naming something the site does not offer);
 * else, below `firstBelow`, the word ranking's first (`byFirst`, as `bySentence` unless
 * told: the floor's only doubt may be a word the site never uses). Null otherwise.
 */
export function meaningRescues(
  meaning: Meaning,
  ranked: readonly string[],
  { bySentence = true, byFirst = bySentence }: { bySentence?: boolean; byFirst?: boolean } = {},
): string | null {
  const p = offTopicProbability(meaning.question);
  if (meaning.passages?.size && p < MEANING_GATE.rescueBelow) {
    const closest = closestPassage(meaning);
    if (
      closest &&
      closest.similarity >= MEANING_GATE.rescueSimilarity &&
      ranked.slice(0, MEANING_GATE.rescueAmong).includes(closest.id)
    )
      return closest.id;
  }
  // The passage with the site's closest sentence, when the word ranking puts it first or second.
  if (!meaning.sentences?.size || p >= MEANING_GATE.sentenceBelow) return null;
  const best = passageWithClosestSentence(meaning);
  if (
    bySentence &&
    best &&
    best.similarity >= MEANING_GATE.sentenceSimilarity &&
    ranked.slice(0, MEANING_GATE.sentenceAmong).includes(best.id)
  )
    return best.id;
  // All but certain the question is the site's: the passage its words found best.
  return byFirst && p < MEANING_GATE.firstBelow ? (ranked[0] ?? null) : null;
}
