import type { WordNet } from "./thesaurus";

// Noun compounds (decision 0091): "train ticket", "gym membership", "tour
// package", "police complaint". A site word ("ticket", "membership",
// "package", "complaint") at the head of a compound whose modifier names
// something else is that something else's ticket or package, not the
// agency's. A bag of words cannot tell "refund on my train ticket" from
// "refund on my support ticket"; the phrase can. Pure: WordNet's parts of
// speech come in as data (./thesaurus.server.ts reads them), so the index
// builds the set of nouns with the thesaurus.

/**
 * The words (WordNet's lemmas, one word each) whose usual meaning is a noun:
 * the sense WordNet's tagged texts saw most often is a noun sense (a word
 * never seen there: its first sense, the noun when it has one). "ticket",
 * "gym", "police" and "wedding" are; "new", "monthly", "spend" and "free"
 * are not. By the word, not its stem: "spending" is a noun, "spend" is not.
 */
export function usualNouns(wordnet: WordNet): Set<string> {
  return usualLemmas(wordnet, NOUN);
}

const NOUN: ReadonlySet<number> = new Set([0]);

/**
 * The words whose usual meaning (the same rule as `usualNouns`) is a verb,
 * an adjective or an adverb: "lock", "proper", "legible", "properly". Such a
 * word describes what the question asks about or what happens to it; it does
 * not name it (decision 0097).
 */
export function usualDescribingWords(wordnet: WordNet): Set<string> {
  return usualLemmas(wordnet, DESCRIBING);
}

const DESCRIBING: ReadonlySet<number> = new Set([1, 2, 3]);

/** The one-word lemmas whose usual sense is of one of `parts` (0 noun, 1 verb, 2 adjective, 3 adverb). */
function usualLemmas(wordnet: WordNet, parts: ReadonlySet<number>): Set<string> {
  const found = new Set<string>();
  for (const [lemma, keys] of wordnet.senses) {
    if (!/^[a-z]+$/.test(lemma)) continue;
    const tags = wordnet.tags.get(lemma);
    let usual = 0;
    if (tags) for (let i = 1; i < tags.length; i++) if (tags[i]! > tags[usual]!) usual = i;
    if (parts.has(keys[usual]! % 4)) found.add(lemma);
  }
  return found;
}

/**
 * Whether a word as typed is one of `words` (`usualDescribingWords`) as
 * English inflects a verb or an adjective: "locked", "locking", "locks",
 * "logged", "using", "hardest". Irregular forms ("grown") only where WordNet
 * lists them as lemmas.
 */
export function isDescribing(word: string, words: ReadonlySet<string>): boolean {
  if (words.has(word)) return true;
  const bases = [
    [/ies$/, "y"],
    [/ied$/, "y"],
    [/es$/, ""],
    [/s$/, ""],
    [/ed$/, ""],
    [/ed$/, "e"],
    [/([bcdfgklmnprstvz])\1ed$/, "$1"],
    [/ing$/, ""],
    [/ing$/, "e"],
    [/([bcdfgklmnprstvz])\1ing$/, "$1"],
    [/(er|est)$/, ""],
    [/(er|est)$/, "e"],
    [/ier$|iest$/, "y"],
  ] as const;
  return bases.some(([ending, base]) => ending.test(word) && words.has(word.replace(ending, base)));
}

/**
 * Whether a word as typed is usually a noun: it or its singular (WordNet's
 * rules for nouns: "tickets", "classes", "boxes", "batches", "bodies", "men")
 * is among `nouns`.
 */
export function isUsuallyNoun(word: string, nouns: ReadonlySet<string>): boolean {
  if (nouns.has(word)) return true;
  const singulars = [
    [/ies$/, "y"],
    [/(ss|x|z|ch|sh)es$/, "$1"],
    [/ses$/, "s"],
    [/men$/, "man"],
    [/([^s])s$/, "$1"],
  ] as const;
  return singulars.some(
    ([ending, replacement]) => ending.test(word) && nouns.has(word.replace(ending, replacement)),
  );
}

/**
 * Words WordNet's tagged texts saw mostly as nouns ("a custom", "a premium", "a weekly") that
 * visitors type before a noun as adjectives: "custom track", "premium plan", "official invoice",
 * "instant download". Such a pair is one thing described, not another thing's (decision 0106).
 */
const TYPED_AS_ADJECTIVES: ReadonlySet<string> = new Set(
  "custom premium official luxury instant monthly weekly yearly half double".split(" "),
);

/** One word of a question as typed (shorthand spelled out) and its indexed form (none for a stop word). */
export type QuestionWord = { word: string; term: string | null };

/** A noun compound: the modifier's and the head's indexed forms ("train ticket": train, ticket). */
export type Compound = { modifier: string; head: string };

/**
 * Two content words side by side, both usually nouns, the first modifying
 * the second: "train ticket", "gym membership fees" (gym membership,
 * membership fee). A stop word, a number or any other word between them
 * breaks the compound ("ticket for a train" is not one: the words after
 * "for" are the visitor's business, decision 0068).
 */
export function nounCompounds(
  words: readonly (QuestionWord | null)[],
  nouns: ReadonlySet<string>,
): Compound[] {
  const compounds: Compound[] = [];
  for (let i = 1; i < words.length; i++) {
    const first = words[i - 1];
    const second = words[i];
    if (!first?.term || !second?.term || first.term === second.term) continue;
    if (/^\d/.test(first.term) || /^\d/.test(second.term)) continue;
    if (TYPED_AS_ADJECTIVES.has(first.word)) continue;
    if (isUsuallyNoun(first.word, nouns) && isUsuallyNoun(second.word, nouns))
      compounds.push({ modifier: first.term, head: second.term });
  }
  return compounds;
}
