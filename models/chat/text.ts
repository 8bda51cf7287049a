import { stemmer } from "stemmer";
import { eng } from "stopword";
import { CHAT_VOCABULARY, PHRASES, SHORTHAND } from "./vocabulary";

// How the assistant reads words, the same for the site's passages and for the
// visitor's question: lower case, no accents, chat shorthand spelled out
// ("u" → "you"), a few phrases and the agency's own vocabulary folded onto
// the word the content uses ("money back" → "refund"), then the Porter
// stemmer (the `stemmer` package). Typos are mended against the index's own
// words in ./spelling.ts, before this runs on a question.

/**
 * Words that carry no topic: the `stopword` package's English list, and the
 * filler of chat questions. Question words that carry the kind of answer
 * wanted ("who", "when", "how long") are read by ./intent.ts instead.
 */
const STOP_WORDS = new Set([
  ...eng,
  ...(
    "a an the is are am was were be been being do does did doing done i me my mine we our ours us you your yours it its " +
    "this that these those there here what which whom whose how when why can could would should will shall may might must of for to " +
    "in on at by with from about as and or but if so than then too very just any some all each every get got have has had tell " +
    "know please hi hello hey want like need also more give they them their he she him her let lets into out up down over under " +
    "not no yes ok okay thanks thank one ones same else other well really much many anything something help make able " +
    "go going see look ways thing things someone anyone kind sort lot bit still already ever actually currently now today " +
    "till until whether either guys im ive id dont doesnt didnt cant wont isnt arent long difference differences differ " +
    "different versus compare compared compares comparing comparison between quickly soon back " +
    "yo asap bro dude wanna gonna gotta stuff incl kinda sorta lol " +
    // Asides that name no topic either: "possible?", "the actual work", "sir", "wtf" (decision 0097).
    "possible possibly instead actual proper properly wtf af lmao pal sir madam maam mam buddy dear ups fyi btw " +
    // And the slang and time words of round 16-17's visitors: "lowkey", "ngl", "or nah", "tomorrow" (decision 0098).
    "nah fr frfr lowkey highkey ngl tbh imo imho idk yall tho though smth sth rn bruh fam deadass istg " +
    "tomorrow yesterday tonight somebody somewhere itself himself herself themselves ourselves " +
    // The same glue inflected, and the manner words that name no topic (decision 0095).
    "wants wanted wanting needs needed needing makes making made gets getting gives giving gave tells told " +
    "helps helping helped looks looking looked goes went gone knows knew kindly exactly easily ago toward " +
    "towards during basically literally honestly seriously simply definitely probably maybe perhaps " +
    // How often, how one feels and "exact" name no topic either (decision 0104).
    "sometimes occasionally usually often generally normally typically frequently regularly mostly mainly largely " +
    "feel feels felt exact"
  ).split(" "),
]);

/** Lower case without accents, chat shorthand spelled out ("wat r ur" → "what are your"). */
export function spellOut(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[’‘`]/g, "'")
      .replace(/(\d),(?=\d)/g, "$1")
      .replace(/\+/g, " plus ")
      // Shorthand with a figure in it: "b4" is before (decision 0099).
      .replace(/(?<![\p{L}\p{N}])\p{L}+\p{N}+(?![\p{L}\p{N}])/gu, (word) => SHORTHAND.get(word) ?? word)
      // Not the unit after a number: "30k" is thirty thousand, not "30ok".
      .replace(/(?<!\p{N})[\p{L}']+/gu, (word) => SHORTHAND.get(word) ?? word)
      .replace(NUMBER_RUN, numberOfRun)
  );
}

const SMALL_NUMBERS = [
  ..."zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen".split(
    " ",
  ),
  ..."sixteen seventeen eighteen nineteen".split(" "),
];
const TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split(" ");
const SCALES: Record<string, number> = {
  hundred: 100,
  thousand: 1000,
  lakh: 100000,
  lakhs: 100000,
  million: 1000000,
};
const NUMBER_WORD = `(?:${[...SMALL_NUMBERS, ...TENS, ...Object.keys(SCALES)].join("|")})`;
/** Number words in a row ("thirty", "two hundred fifty one"). */
const NUMBER_RUN = new RegExp(`\\b${NUMBER_WORD}(?:(?:[\\s-]+(?:and[\\s-]+)?)${NUMBER_WORD})*\\b`, "g");

/**
 * Numbers spelled out, as voice typing and formal letters write them, in
 * digits as the site writes them (decision 0098): "two hundred fifty one" is
 * 251, "thirty seconds" 30 seconds, "five thousand rupees" 5000 rupees. One
 * word up to ten stays a word: "which one", "two weeks".
 */
function numberOfRun(run: string): string {
  const words = run.split(/[\s-]+/).filter((word) => word !== "and");
  // Alone, a word up to ten or a scale ("1.2 lakh", "a thousand") is left as it is.
  if (words.length === 1 && !TENS.includes(words[0]!) && !(SMALL_NUMBERS.indexOf(words[0]!) > 10)) return run;
  // After a digit, the scale is the unit ./vocabulary.ts's phrases read ("15 thousand").
  if (words.every((word) => SCALES[word])) return run;
  let total = 0;
  let current = 0;
  for (const word of words) {
    const scale = SCALES[word];
    if (scale === 100) current = (current || 1) * 100;
    else if (scale) {
      total += (current || 1) * scale;
      current = 0;
    } else current += TENS.includes(word) ? (TENS.indexOf(word) + 2) * 10 : SMALL_NUMBERS.indexOf(word);
  }
  return String(total + current);
}

/** Splits text into raw words after folding shorthand and phrases; numbers keep their digits ("14,999" is one word). */
export function tokenize(text: string): string[] {
  return wordsOf(text).filter((word): word is string => word !== null);
}

/**
 * The same words in order, with a null where a one-letter word ("a", "i") or
 * a punctuation mark stood: what separates two words, for reading phrases
 * ("days a week" is not the compound "days week", decision 0091).
 */
export function wordsOf(text: string): (string | null)[] {
  let folded = spellOut(text);
  for (const [pattern, replacement] of PHRASES) folded = folded.replace(pattern, replacement);
  const words: (string | null)[] = [];
  for (const [run] of folded.matchAll(/[\p{L}\p{N}₹$€]+|[^\p{L}\p{N}₹$€]+/gu)) {
    if (/^[\p{L}\p{N}₹$€]/u.test(run)) words.push(run.length > 1 || /[\d₹$€]/.test(run) ? run : null);
    else if (/[.,;:!?()[\]"]/.test(run)) words.push(null);
  }
  return words;
}

function stem(word: string): string {
  return /^\d/.test(word) ? word : stemmer(word);
}

/** The stop words that are words, for the spelling mender: "wich" is "which", "teh" is "the" (decision 0098). */
export const stopWordList = (): string[] => [...STOP_WORDS].filter((word) => /^\p{L}+$/u.test(word));

/** Whether a raw word is one the assistant reads as no topic at all. */
export const isStopWord = (word: string): boolean => STOP_WORDS.has(CHAT_VOCABULARY.get(word) ?? word);

/** Whether a raw word is in the agency's vocabulary (a synonym the content may not spell out). */
export const isVocabularyWord = (word: string): boolean => CHAT_VOCABULARY.has(word);

/** A raw word folded onto the content's word by the vocabulary ("dev" → "development"), not stemmed. */
export const foldWord = (word: string): string => CHAT_VOCABULARY.get(word) ?? word;

/** One raw word to its indexed form, or null for a stop word. */
export function processTerm(word: string): string | null {
  // A Map, not an object: a visitor's "constructor" must not find Object.prototype's.
  const folded = CHAT_VOCABULARY.get(word) ?? word;
  if (STOP_WORDS.has(folded)) return null;
  const stemmed = stem(folded);
  // "saturdays" → "saturday" → "hours": the vocabulary applies to the stem too.
  const again = CHAT_VOCABULARY.get(stemmed);
  return again ? stem(again) : stemmed;
}

/**
 * A word of a passage's `askedAs` phrases in every form a question may reach
 * it by: its indexed form and, when the vocabulary folds it onto another word
 * ("reimburse" → "refund"), its own stem too, so "reimbursed" finds it.
 */
export function askedForms(word: string): string[] {
  const term = processTerm(word);
  if (term === null) return [];
  const own = stem(word);
  return own === term || STOP_WORDS.has(word) ? [term] : [term, own];
}

/** The distinct topic words of a question, in indexed form. */
export function topicTerms(text: string): string[] {
  const terms = tokenize(text)
    .map(processTerm)
    .filter((t): t is string => !!t);
  return [...new Set(terms)];
}
