import { processTerm, spellOut } from "./text";

// General advice and other trades (decision 0088): "how to start a small
// business in india", "tips to get a bank loan", "is an mba worth it", "can
// u build me a house". They share the site's words (business, plan, price,
// design, build) without being about anything the site sells or does. The
// site answers a how-to or a request only when the passage it found is about
// what the question asks about ("how do i buy tokens", "how to book a
// meeting", "can u redo my logo"); the data below is written from general
// English, not from any question set.

/**
 * How-tos, advice and judgement calls: "how to…", "how do i…", "how should
 * i…", "tips to/for…", "ways to…", "steps to…", "should i…", "is it worth…",
 * "is X worth it".
 */
const ASKS_HOW_OR_WHETHER =
  /^(?:(?:and|so|ok|okay|pls|please|hi|hey|hello)\s+)?(?:how\s+(?:to|do\s+(?:i|we|you|one|people)|can\s+(?:i|we|one)|should\s+(?:i|we)|would\s+(?:i|we)|does\s+one)|(?:any\s+)?(?:tips|advice|ideas|steps|ways|guide)\s+(?:to|for|on|about)|(?:best|easiest|cheapest|fastest)\s+way\s+to|should\s+(?:i|we)|what\s+should\s+(?:i|we))\b|\bworth\s+(?:it|buying|doing|getting|taking|the\s+money)\b/;

/**
 * A request for work: "can you / u / ur team …", "do you make / fix …", "will you …",
 * "i need someone to …". Whether it is the site's work is the subject's call.
 */
const WHO = "(?:you|ur\\s+team|your\\s+team|ascendra|the\\s+studio)";
const ASKS_FOR_WORK = new RegExp(
  `\\b(?:can|could|will|would)\\s+${WHO}\\b|\\b(?:do|does)\\s+${WHO}\\s+(?:do|make|build|fix|repair|provide|offer|design|create|handle|take\\s+on)\\b|\\bi\\s+need\\s+(?:someone|somebody|a\\s+person)\\s+to\\b`,
);

/** Whether a question asks for general advice ("how to…", "is it worth…") or for someone's work ("can you…"). */
export function asksGeneralAdvice(question: string): boolean {
  const text = spellOut(question).trim();
  return ASKS_HOW_OR_WHETHER.test(text) || ASKS_FOR_WORK.test(text);
}

/**
 * Words that name no subject in such a question: the verbs of any how-to
 * ("start", "make", "build", "improve") and the words for a business at
 * large ("business", "company", "small", "sales", "customers"). A passage
 * that holds only these is not about the question.
 */
const GENERIC_WORDS = (
  "start starting begin make build create set setup run running open do doing done get choose pick find use " +
  "improve increase grow growth boost better write learn become earn save register file apply manage handle deal " +
  "fix repair redo change work working " +
  "business businesses company companies firm small big new own start-up startup india indian city mumbai world " +
  "sale sales customer customers client clients people money profit income way ways tip tips step steps idea ideas " +
  "advice guide good best right cheap cheapest easy easiest worth year month day time " +
  // Everyday verbs, people and times: what anyone does, who for and when,
  // never what a question is about.
  "ask asked give gave given take took taken bring brought send sent put keep kept say said tell told come came " +
  "coming go went gone leave left stay try tried mean meant think thought knew feel felt seem show shown hear heard " +
  "talk talking speak spoke watch wanted needed love wish hope grab filled happen happened wait " +
  "check bought allow " +
  "friend friends mate mates bro brother sister son daughter wife husband mother father mom mum dad parents family " +
  "kid kids child children colleague colleagues guy guys person sir madam boy girl man woman men women " +
  "today tomorrow yesterday tonight morning evening week moment later early late " +
  "extra another next last real whole full possible available option options detail details info " +
  "information question questions problem problems"
)
  .split(" ")
  .map(processTerm)
  .filter((t): t is string => !!t);

export const GENERIC_TERMS: ReadonlySet<string> = new Set(GENERIC_WORDS);

/**
 * Whether a passage is about the question's subject: one of the question's
 * terms that names a subject (not a generic word) is among the passage's
 * subject terms (title, keywords, entity) or the ways visitors ask about it.
 */
export function namesItsSubject(
  terms: readonly string[],
  subject: ReadonlySet<string>,
  asked: ReadonlySet<string>,
): boolean {
  return terms.some((t) => !GENERIC_TERMS.has(t) && (subject.has(t) || asked.has(t)));
}

/** Words that name the kind of answer wanted ("how much", "fees", "paid"), not what it is about. */
const ANSWER_KIND_TERMS: ReadonlySet<string> = new Set(
  "price paid"
    .split(" ")
    .map(processTerm)
    .filter((t): t is string => !!t),
);

/**
 * A question's subject words (decision 0089): its terms less the generic ones,
 * the words for the kind of answer wanted and `also` (the advice cue words);
 * all of its terms when nothing else is left.
 */
export function subjectWords(
  terms: readonly string[],
  also: ReadonlySet<string | null> = new Set(),
): string[] {
  const subject = terms.filter((t) => !GENERIC_TERMS.has(t) && !ANSWER_KIND_TERMS.has(t) && !also.has(t));
  return subject.length ? subject : [...terms];
}
