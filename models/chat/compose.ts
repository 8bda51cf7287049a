import type { Region } from "../billing/currency";
import { CHAT_COPY } from "./copy";
import { entityWords, type Ranked, type Retrieval } from "./retrieval";
import { closestSentenceOf, type Meaning } from "./meaning-gate";
import { topicTerms } from "./text";

/** How an answer is worded for the asker: the price list of their region comes first. */
export type AnswerOptions = {
  region?: Region | null;
  /** What the sentence encoder made of the question and the passages (./encoder.server.ts), for the meaning gate (decision 0093). */
  meaning?: Meaning | null;
};

export type ChatSourceLink = { title: string; url: string };
export type ComposedAnswer = {
  response: string;
  sources: ChatSourceLink[];
  passageIds: string[];
  found: boolean;
  /** The three best pages retrieval ranked, used or not (for npm run eval:chat). */
  candidates?: string[];
};

const COMPOSE = {
  /** Passages in one answer at most (a comparison shows each side it names, up to three). */
  maxPassages: 2,
  maxCompared: 3,
  /** A further passage joins the answer when it scores at least this share of the best one. */
  relatedScoreRatio: 0.8,
  /** ...or this share when it comes from the same page (the rest of what that page says on it). */
  samePageScoreRatio: 0.5,
  /**
   * One of the next runners-up (`furtherAmong`) that scores at least this share of the best one
   * joins too, up to `furtherPassages` in all, while the passages' text stays within
   * `furtherLength` characters, when it adds something: a word of the question the answer lacks,
   * or a sentence at least as close in meaning to the question as the answer's closest (the
   * detail asked for is often in the passage beside the best, decision 0099; half since 0101).
   */
  furtherScoreRatio: 0.5,
  furtherAmong: 3,
  furtherPassages: 3,
  furtherLength: 800,
} as const;

/** "a, b and c": several things in one sentence of an answer. */
export const listInWords = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/**
 * "Motion vs Social", "difference between popular and best value": the
 * passages about each thing the question names, best-scored first, one per
 * thing. Fewer than two named things is not a comparison.
 */
function comparedPassages(ranked: Ranked[], terms: string[]): Ranked[] {
  const byEntity = new Map<string, Ranked>();
  for (const r of ranked) {
    const entity = r.document.entity;
    if (!entity || byEntity.has(entity)) continue;
    const words = entityWords(entity);
    if (words.length && words.every((w) => terms.includes(w))) byEntity.set(entity, r);
  }
  if (byEntity.size < 2) return [];
  // In the order the question names them.
  const firstMention = (r: Ranked) =>
    Math.min(
      ...topicTerms(r.document.entity!)
        .map((w) => terms.indexOf(w))
        .filter((i) => i >= 0),
    );
  return [...byEntity.values()]
    .sort((a, b) => firstMention(a) - firstMention(b))
    .slice(0, COMPOSE.maxCompared);
}

/**
 * Whether a further passage adds to the answer: a word of the question that the chosen passages
 * lack, or (the sentences read) a sentence at least as close to the question as theirs.
 */
function addsToAnswer(passage: Ranked, chosen: Ranked[], terms: string[], meaning?: Meaning | null): boolean {
  const said = new Set(chosen.flatMap(({ document }) => topicTerms(`${document.title} ${document.text}`)));
  const own = topicTerms(`${passage.document.title} ${passage.document.text}`);
  if (own.some((term) => terms.includes(term) && !said.has(term))) return true;
  if (!meaning?.sentences) return false;
  const closest = Math.max(...chosen.map(({ document }) => closestSentenceOf(meaning, document.id)));
  return closestSentenceOf(meaning, passage.document.id) >= closest;
}

/**
 * The passages an answer uses: the best, plus close runners-up and, while the answer stays short,
 * one more that scores near them; or both sides of a comparison.
 */
function chosenPassages(
  retrieval: Extract<Retrieval, { status: "found" }>,
  meaning?: Meaning | null,
): Ranked[] {
  const { ranked } = retrieval;
  const best = ranked[0];
  if (!best) return [];
  if (retrieval.intents.includes("compare")) {
    const compared = comparedPassages(ranked, retrieval.terms);
    if (compared.length) return compared;
  }
  const close = (r: Ranked, related: number) =>
    r.score >= best.score * (r.document.url === best.document.url ? COMPOSE.samePageScoreRatio : related);
  const chosen = ranked
    .filter((r, i) => i === 0 || close(r, COMPOSE.relatedScoreRatio))
    .slice(0, COMPOSE.maxPassages);
  let length = chosen.reduce((sum, r) => sum + r.document.text.length, 0);
  for (const r of ranked.slice(1, 1 + COMPOSE.furtherAmong)) {
    if (chosen.length >= COMPOSE.furtherPassages) break;
    if (chosen.includes(r) || !close(r, COMPOSE.furtherScoreRatio)) continue;
    if (length + r.document.text.length > COMPOSE.furtherLength) continue;
    if (!addsToAnswer(r, chosen, retrieval.terms, meaning)) continue;
    chosen.push(r);
    length += r.document.text.length;
  }
  return chosen;
}

/** One link per page, in the order the answer uses them. */
function sourceLinks(passages: Ranked[]): ChatSourceLink[] {
  const seen = new Map<string, ChatSourceLink>();
  for (const { document } of passages)
    if (!seen.has(document.url)) seen.set(document.url, { title: document.title, url: document.url });
  return [...seen.values()];
}

/** Addresses belong in the source links, not in the sentences. */
function withoutAddresses(text: string): string {
  return text
    .replace(/\s*\(?\b(https?:\/\/|wa\.me\/)[^\s)]+\)?/g, "")
    .replace(/\s\(?\/[a-z][\w\-/?=&%#.]*\)?(?=[\s.,;:!?]|$)/g, "")
    .replace(/\s+([.,;:!?])/g, "$1")
    .replace(/\s{2,}/g, " ")
    .trim();
}

/** The passages' text, each sentence once; a page's lead (an article's title) opens its first paragraph. */
function answerText(passages: Ranked[]): string {
  const said = new Set<string>();
  const led = new Set<string>();
  const paragraphs = passages.map(({ document }) => {
    const text = withoutAddresses(document.text)
      .split(/(?<=[.!?])\s+(?=[A-Z0-9₹$€"“(])/)
      .filter((sentence) => {
        const key = sentence.toLowerCase().replace(/\W+/g, " ").trim();
        if (!key || said.has(key)) return false;
        said.add(key);
        return true;
      })
      .join(" ");
    const { lead, url } = document;
    if (!text || !lead || led.has(url) || text.toLowerCase().includes(lead.toLowerCase())) return text;
    led.add(url);
    return `“${lead}”: ${text}`;
  });
  return paragraphs.filter(Boolean).join("\n\n");
}

const REGION_LABEL: Record<Region, string> = { us: "US", eu: "Europe", in: "India" };

/** The region a question names by its currency or place ("in rupees", "usd", "for europe"), if any. */
export function regionNamed(question: string): Region | null {
  const text = question.toLowerCase();
  if (/₹|\b(rupees?|inr|rs|india|indian)\b/.test(text)) return "in";
  if (/€|\b(euros?|eur|europe|european)\b/.test(text)) return "eu";
  if (/\$|\b(dollars?|usd|us|usa|america|american)\b/.test(text)) return "us";
  return null;
}

/**
 * "$70 (US), €65 (Europe), ₹5,800 (India)" with the asker's region first:
 * the prices are the content's own, only their order changes.
 */
function regionFirst(text: string, region: Region): string {
  const label = REGION_LABEL[region];
  return planPriceFirst(text, region).replace(
    /([$€₹][\d,.]+ \((?:US|Europe|India)\)), ([$€₹][\d,.]+ \((?:US|Europe|India)\)),? (and |or )?([$€₹][\d,.]+ \((?:US|Europe|India)\))/g,
    (whole, a: string, b: string, _joiner: string | undefined, c: string) => {
      const prices = [a, b, c];
      const mine = prices.findIndex((p) => p.endsWith(`(${label})`));
      if (mine <= 0) return whole;
      const ordered = [prices[mine]!, ...prices.filter((_, i) => i !== mine)];
      return `${ordered[0]}, ${ordered[1]}, ${ordered[2]}`;
    },
  );
}

/**
 * A plan's passage opens with its rupee price and ends "In dollars and euros: $179 or €165 a month."
 * For a visitor in the US or Europe, their price opens it, the other two in brackets.
 */
function planPriceFirst(text: string, region: Region): string {
  if (region === "in") return text;
  return text.replace(
    /: (₹[\d,]+) \/ month\. ([^\n]*?) In dollars and euros: (\$[\d,.]+) or (€[\d,.]+) a month\./g,
    (_whole, rupees: string, middle: string, dollars: string, euros: string) =>
      region === "us"
        ? `: ${dollars} / month (${euros} in Europe, ${rupees} in India). ${middle}`
        : `: ${euros} / month (${dollars} in the US, ${rupees} in India). ${middle}`,
  );
}

/** A passage's sentence with the most figures in it (tokens count once more): what sets one plan or bundle apart. */
function figuresSentence(text: string): string | null {
  let best: { sentence: string; figures: number } | null = null;
  for (const sentence of withoutAddresses(text).split(/(?<=[.!?])\s+(?=[A-Z0-9₹$€"“(])/)) {
    const figures = (sentence.match(/\d[\d,.]*/g) ?? []).length + (/\btokens?\b/i.test(sentence) ? 1 : 0);
    if (figures && (!best || figures > best.figures)) best = { sentence, figures };
  }
  return best?.sentence ?? null;
}

/**
 * "Starter vs Pro": a first line that says what differs, each named thing's
 * sentence with its figures (tokens a month and active projects for plans,
 * tokens and prices for bundles), before each one's full passage.
 */
function compared(retrieval: Extract<Retrieval, { status: "found" }>, passages: Ranked[]): string | null {
  if (!retrieval.intents.includes("compare") || passages.length < 2) return null;
  if (!passages.every((p) => p.document.entity)) return null;
  const lines = passages.map((p) => {
    const sentence = figuresSentence(p.document.text);
    return sentence ? `${p.document.entity}: ${sentence.replace(/[.]$/, "")}` : null;
  });
  if (lines.some((line) => !line)) return null;
  return `What differs: ${lines.join("; ")}.`;
}

/** "can i…", "do you…", "is it possible…": a question that wants yes or no first. */
const YES_NO =
  /^\s*(can|could|may) (i|we|you|u|one|my|our)\b|^\s*(do|does) (you|u|ascendra|the studio|your team|ur team)\b|^\s*is (it|there) (possible|a way)\b|^\s*(are|is) (tokens?|credits?|gift ?cards?|plans?|subscriptions?) \w*(able|refundable|transferable)\b/i;
/**
 * Questions a plain yes or no would answer wrongly: one that offers another
 * answer after "or" ("do you work remote or all in office", "…or is it fixed",
 * "…or only jingles"; "analytics or trackers" still wants a yes or no) and one
 * asked in the negative ("do you not charge by the hour?").
 */
const NOT_YES_NO =
  /\bor (?:is|are|do|does|did|should|shall|will|would|can|could|only|just|all|other|else)\b|^\s*\S+ \S+ not\b/i;
/**
 * A sentence that denies: "cannot be refunded", "we do not ship", "non-refundable", "we use no
 * tracking cookies" ("no bonus tokens" alone does not).
 */
const NEGATION =
  /\b(cannot|can not|can't|non-refundable|nonrefundable|not refundable|never|no longer(?! than)|(do|does|is|are|will|may|must|should) not|don't|doesn't|isn't|aren't|won't|(we|i) (use|set|keep|sell|share|charge|take) no)\b/i;

/**
 * The sentence that answers a yes-or-no question: the one sharing the most
 * topic words with it; "No" when it denies, "Yes" otherwise. Null when no
 * sentence shares a word (then the answer is given without a yes or no).
 */
function yesOrNo(question: string, text: string): { lead: string; sentence: string } | null {
  if (!YES_NO.test(question) || NOT_YES_NO.test(question)) return null;
  if (/^(yes|no)\b/i.test(text.trim())) return null;
  const terms = new Set(topicTerms(question));
  let best: { sentence: string; shared: number } | null = null;
  for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
    const shared = topicTerms(sentence).filter((t) => terms.has(t)).length;
    if (shared && (!best || shared > best.shared)) best = { sentence, shared };
  }
  if (!best) return null;
  // The clauses that share the question's words say yes or no: "…keep it no longer than we need to,
  // never sell it…" answers "do you keep my details" yes and "do you sell my data" no; a clause that
  // opens with "no" ("…, and no shipping fees apply") denies.
  const clauses = best.sentence.split(/[,;]\s*/);
  const sharing = clauses.filter((clause) => topicTerms(clause).some((t) => terms.has(t)));
  const denies = (sharing.length ? sharing : [best.sentence]).some(
    (clause) => NEGATION.test(clause) || /^(?:and |but )?no\b/i.test(clause),
  );
  return { lead: denies ? "No" : "Yes", sentence: best.sentence };
}

/**
 * The reply, made only of the site's own sentences (prices and rules exactly
 * as the content states them; structured passages open with the direct
 * answer), with the pages they came from. A price list opens with the asker's
 * region (the one the question names, else the visitor's), and a "can I…"
 * question opens with yes or no and the sentence that says so.
 */
export function composeAnswer(
  retrieval: Retrieval,
  question = "",
  options: AnswerOptions = {},
): ComposedAnswer {
  if (retrieval.status === "unknown")
    return { response: CHAT_COPY.unknown, sources: [], passageIds: [], found: false };
  const passages = chosenPassages(retrieval, options.meaning);
  let response = answerText(passages);
  const differences = compared(retrieval, passages);
  if (differences) response = `${differences}\n\n${response}`;
  const region = regionNamed(question) ?? options.region;
  if (region) response = regionFirst(response, region);
  // A staff answer (an FAQ entry written for the gap queue) is quoted as written.
  const staffAnswer = passages[0]?.document.id.startsWith("chat-faq:");
  const answer = question && !staffAnswer ? yesOrNo(question, response) : null;
  if (answer) {
    const rest = response
      .replace(answer.sentence, "")
      .replace(/\s{2,}/g, " ")
      .trim();
    response = `${answer.lead}: ${answer.sentence}${rest ? `\n\n${rest}` : ""}`;
  }
  return {
    response,
    sources: sourceLinks(passages),
    passageIds: passages.map((p) => p.document.id),
    found: true,
    candidates: [...new Set([...passages, ...retrieval.ranked].map((r) => r.document.url))].slice(0, 3),
  };
}
