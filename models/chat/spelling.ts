import { readFileSync } from "node:fs";
import damerauLevenshtein from "damerau-levenshtein";
import wordListPath from "word-list";
import { isStopWord, isVocabularyWord, processTerm, spellOut, stopWordList } from "./text";

// Typo tolerance: a question's word that neither the site's content, the
// assistant's vocabulary nor its stop words know is replaced by the closest
// word they do know ("pricess" → "prices", "validty" → "validity",
// "freind" → "friend"), by Damerau–Levenshtein distance (a swap of two
// letters counts once). Short words are left alone, and a word with no close
// neighbour stays as it is, so an out-of-scope word still reads as unknown.
// A real English word (the word-list package) is never "mended": "butter"
// is not a typo of "better", it is a question the site cannot answer.

export type Lexicon = {
  /** Every word the content uses, with how often. */
  counts: Map<string, number>;
  /** The same words by length, for a quick candidate scan. */
  byLength: Map<number, string[]>;
  /** The indexed terms, to recognise an inflected form of a known word. */
  terms: ReadonlySet<string>;
  /** Names that are no typo and never a correction either: places ("portugal" is not "portal"). */
  names: ReadonlySet<string>;
};

/** Edits allowed for a word of this length: none below 3 letters, one up to 7, two from 8. */
const maxEdits = (length: number) => (length < 3 ? 0 : length < 8 ? 1 : 2);

/**
 * A three-letter word is mended only into glue, by swapping two letters ("teh", "yuo"): one edit away are
 * too many words, and a name ("osn") is no typo of the site's ("son").
 */
const swapped = (word: string, candidate: string) =>
  word.length > 3 || (isStopWord(candidate) && [...word].sort().join("") === [...candidate].sort().join(""));

export function buildLexicon(
  words: Iterable<string>,
  terms: ReadonlySet<string>,
  extra: Iterable<string>,
  names: Iterable<string> = [],
): Lexicon {
  englishWordList(); // Read with the index, not during the first question.
  const counts = new Map<string, number>();
  for (const word of words) if (/^\p{L}+$/u.test(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  for (const word of extra) if (/^\p{L}+$/u.test(word) && !counts.has(word)) counts.set(word, 1);
  // The glue of a question is a word too ("wich", "wher", "yuo"), behind every word of the site's.
  for (const word of stopWordList()) if (!counts.has(word)) counts.set(word, 0);
  const byLength = new Map<number, string[]>();
  for (const word of counts.keys()) {
    const list = byLength.get(word.length) ?? [];
    list.push(word);
    byLength.set(word.length, list);
  }
  return { counts, byLength, terms, names: new Set(names) };
}

let englishWords: string | undefined;
const englishWordList = () => (englishWords ??= `\n${readFileSync(wordListPath, "utf8")}\n`);
const englishSeen = new Map<string, boolean>();

/** Whether `word` is an English word: a search of the word list, read once per process (2.7 MB). */
export function isEnglishWord(word: string): boolean {
  let known = englishSeen.get(word);
  if (known === undefined) {
    known = englishWordList().includes(`\n${word}\n`);
    if (englishSeen.size > 10_000) englishSeen.clear();
    englishSeen.set(word, known);
  }
  return known;
}

function isKnown(lexicon: Lexicon, word: string): boolean {
  if (lexicon.counts.has(word) || lexicon.names.has(word) || isStopWord(word) || isVocabularyWord(word))
    return true;
  if (isEnglishWord(word)) return true;
  const term = processTerm(word);
  return term === null || lexicon.terms.has(term);
}

/** The closest known word, or null when none is within reach. */
function closestWord(lexicon: Lexicon, word: string): string | null {
  const edits = maxEdits(word.length);
  if (!edits) return null;
  let best: { word: string; distance: number; count: number } | null = null;
  for (let length = word.length - edits; length <= word.length + edits; length++) {
    for (const candidate of lexicon.byLength.get(length) ?? []) {
      // Typos rarely touch the first letter; requiring it keeps "bitcoin" from becoming a site word.
      if (candidate[0] !== word[0]) continue;
      const distance = damerauLevenshtein(word, candidate).steps;
      if (distance > edits || !swapped(word, candidate)) continue;
      // Among equally close words, one ending like the typo, then the commoner.
      const count = (lexicon.counts.get(candidate) ?? 0) + (candidate.at(-1) === word.at(-1) ? 1e6 : 0);
      if (!best || distance < best.distance || (distance === best.distance && count > best.count))
        best = { word: candidate, distance, count };
    }
  }
  return best?.word ?? null;
}

/** The question with its unknown words mended, in lower case with shorthand spelled out. */
export function correctSpelling(lexicon: Lexicon, question: string): string {
  return spellOut(question).replace(/\p{L}+/gu, (word) =>
    isKnown(lexicon, word) ? word : (closestWord(lexicon, word) ?? word),
  );
}
