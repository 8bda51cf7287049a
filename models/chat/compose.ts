import { CHAT_COPY } from "./copy";
import type { Ranked, Retrieval } from "./retrieval";

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
  /** Passages in one answer at most. */
  maxPassages: 2,
  /** A further passage joins the answer when it scores at least this share of the best one. */
  relatedScoreRatio: 0.8,
} as const;

/** The passages an answer uses: the best, plus close runners-up. */
function chosenPassages(ranked: Ranked[]): Ranked[] {
  const best = ranked[0];
  if (!best) return [];
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

/**
 * The reply, made only of the site's own sentences (prices and rules exactly
 * as the content states them), with the pages they came from.
 */
export function composeAnswer(retrieval: Retrieval): ComposedAnswer {
  if (retrieval.status === "unknown")
    return { response: CHAT_COPY.unknown, sources: [], passageIds: [], found: false };
  const passages = chosenPassages(retrieval.ranked);
  return {
    response: passages.map((p) => p.document.text).join("\n\n"),
    sources: sourceLinks(passages),
    passageIds: passages.map((p) => p.document.id),
    found: true,
    candidates: [...new Set(retrieval.ranked.map((r) => r.document.url))].slice(0, 3),
  };
}
