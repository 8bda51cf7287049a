import { CHAT_COPY } from "./copy";
import type { Ranked, Retrieval } from "./retrieval";
import { topicTerms } from "./text";

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
} as const;

/** "a, b and c": several things in one sentence of an answer. */
export const listInWords = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/** Words an entity's name shares with its kind ("Motion plan"): not what tells two entities apart. */
const KIND_WORDS = new Set(topicTerms("plan bundle tier pack add-on addon"));

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
    const words = topicTerms(entity).filter((t) => !KIND_WORDS.has(t));
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

/** The passages an answer uses: the best, plus close runners-up, or both sides of a comparison. */
function chosenPassages(retrieval: Extract<Retrieval, { status: "found" }>): Ranked[] {
  const { ranked } = retrieval;
  const best = ranked[0];
  if (!best) return [];
  if (retrieval.intents.includes("compare")) {
    const compared = comparedPassages(ranked, retrieval.terms);
    if (compared.length) return compared;
  }
  return ranked
    .filter((r, i) => i === 0 || r.score >= best.score * COMPOSE.relatedScoreRatio)
    .slice(0, COMPOSE.maxPassages);
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

/** The passages' text, each sentence once. */
function answerText(passages: Ranked[]): string {
  const said = new Set<string>();
  const paragraphs = passages.map(({ document }) =>
    withoutAddresses(document.text)
      .split(/(?<=[.!?])\s+(?=[A-Z0-9₹$€"“(])/)
      .filter((sentence) => {
        const key = sentence.toLowerCase().replace(/\W+/g, " ").trim();
        if (!key || said.has(key)) return false;
        said.add(key);
        return true;
      })
      .join(" "),
  );
  return paragraphs.filter(Boolean).join("\n\n");
}

/**
 * The reply, made only of the site's own sentences (prices and rules exactly
 * as the content states them; structured passages open with the direct
 * answer), with the pages they came from.
 */
export function composeAnswer(retrieval: Retrieval): ComposedAnswer {
  if (retrieval.status === "unknown")
    return { response: CHAT_COPY.unknown, sources: [], passageIds: [], found: false };
  const passages = chosenPassages(retrieval);
  return {
    response: answerText(passages),
    sources: sourceLinks(passages),
    passageIds: passages.map((p) => p.document.id),
    found: true,
    candidates: [...new Set([...passages, ...retrieval.ranked].map((r) => r.document.url))].slice(0, 3),
  };
}
