import { spellOut } from "./text";

// Fixed expressions (decision 0091): a site word inside a set phrase of
// everyday English means something else there. "a token of appreciation" is
// no Creative Token, "plan b" no monthly plan, "the post office" no social
// post, "loose motion" no motion design. Written from general English, not
// from any question set. An expression is either something else (read as one
// word the site never uses, "postoffice") or a plain word ("brand new" →
// "new"). Retrieval folds them in the question only, and only those no
// passage of the site says itself (./retrieval.ts), and not after "for my":
// there they are the visitor's business.

/** Expressions that name something else: each is read as one word the site never uses. */
const SOMETHING_ELSE = [
  // token
  "token of appreciation",
  "token of gratitude",
  "token of love",
  "token of thanks",
  "token gesture",
  "token amount",
  "token money",
  "by the same token",
  // plan
  "plan b",
  "master plan",
  "game plan",
  "floor plan",
  "lesson plan",
  "diet plan",
  "meal plan",
  "workout plan",
  "pension plan",
  "retirement plan",
  "insurance plan",
  "data plan",
  "recharge plan",
  "family planning",
  "business plan",
  "town planning",
  // post, office, studio, shop
  "post office",
  "post box",
  "post graduation",
  "post graduate",
  "post mortem",
  "box office",
  "studio apartment",
  "studio flat",
  "shop act",
  "coffee shop",
  "talk shop",
  // service, delivery, project
  "civil service",
  "civil services",
  "public service",
  "military service",
  "national service",
  "service tax",
  "service centre",
  "service center",
  "normal delivery",
  "caesarean delivery",
  "c section delivery",
  "delivery boy",
  "science project",
  "school project",
  "college project",
  "final year project",
  "project report",
  // card, identity, proof
  "credit card",
  "debit card",
  "sim card",
  "ration card",
  "pan card",
  "aadhaar card",
  "aadhar card",
  "report card",
  "identity card",
  "id card",
  "identity theft",
  "address proof",
  "proof of address",
  "id proof",
  "identity proof",
  "income proof",
  // motion, sound, video, social, campaign, type, colour, mark
  "loose motion",
  "loose motions",
  "motion sickness",
  "sound sleep",
  "safe and sound",
  "sound system",
  "video game",
  "video games",
  "social security",
  "social worker",
  "social science",
  "social studies",
  "election campaign",
  "political campaign",
  "blood type",
  "hair colour",
  "hair color",
  "mark sheet",
  "marksheet",
  // pitch, deck, launch, reel, brand
  "cricket pitch",
  "deck of cards",
  "rocket launch",
  "fishing reel",
  "brand ambassador",
  // refund, gift, meeting
  "tax refund",
  "income tax refund",
  "gift of the gab",
  "parent teacher meeting",
];

/** Expressions that mean a plain word: read as that word. */
const PLAIN: [string, string][] = [
  ["brand new", "new"],
  ["brand-new", "new"],
  ["second hand", "used"],
  // "who is in charge of design": the person at the head of it, not a price (decision 0094).
  ["in charge", "head"],
];

export type FixedExpression = { pattern: RegExp; phrase: string; reading: string };

/** One expression's pattern: its words with spaces or hyphens between them, the last one maybe plural. */
function patternOf(phrase: string): RegExp {
  const words = phrase.split(/[\s-]+/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`\\b${words.join("[\\s-]+")}(?:s|es)?\\b`, "g");
}

/** Every fixed expression, with the word it is read as. */
export const FIXED_EXPRESSIONS: readonly FixedExpression[] = [
  ...SOMETHING_ELSE.map((phrase) => ({
    pattern: patternOf(phrase),
    phrase,
    reading: ` ${phrase.replace(/[^a-z]/g, "")} `,
  })),
  ...PLAIN.map(([phrase, reading]) => ({ pattern: patternOf(phrase), phrase, reading: ` ${reading} ` })),
];

/** The expressions none of `texts` (the site's passages) says: the site's own phrases stay the site's. */
export function expressionsNotIn(
  texts: Iterable<string>,
  expressions: readonly FixedExpression[] = FIXED_EXPRESSIONS,
): FixedExpression[] {
  const said = new Set<FixedExpression>();
  for (const text of texts) {
    const spelled = spellOut(text);
    for (const expression of expressions) {
      expression.pattern.lastIndex = 0;
      if (expression.pattern.test(spelled)) said.add(expression);
    }
  }
  return expressions.filter((e) => !said.has(e));
}

/**
 * The question with each fixed expression read as what it means ("a token
 * of appreciation for my team" → "a tokenofappreciation for my team"),
 * lower case with chat shorthand spelled out.
 */
export function foldExpressions(question: string, expressions: readonly FixedExpression[]): string {
  let text = spellOut(question);
  for (const { pattern, reading } of expressions)
    text = text.replace(pattern, (phrase: string, at: number, whole: string) =>
      AFTER_FOR.test(whole.slice(0, at)) ? phrase : reading,
    );
  return text;
}

/**
 * "a logo for my coffee shop", "a poster for our school project": after
 * "for my / our / a / an" an expression is the visitor's business (decision
 * 0068) and is left as written.
 */
const AFTER_FOR = /\bfor\s+(?:(?:my|our|a|an|small|local|new)\s+)+$/;
