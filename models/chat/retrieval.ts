import { createHash } from "node:crypto";
import MiniSearch, { type SearchResult } from "minisearch";
import type { ChatDocument } from "./sources/types";
import { processTerm, tokenize, topicTerms } from "./text";

// Retrieval over the site's passages: BM25 (MiniSearch) with the title and
// keywords weighted above the body, a topic carried over for follow-ups, and
// an honest "unknown" when the question's words are mostly not in the content.
// Pure (no database), so it is unit-tested and evaluated on its own.

export type ChatIndex = {
  search: MiniSearch<ChatDocument>;
  documents: Map<string, ChatDocument>;
  /** Hash of every passage: a changed fingerprint means the content changed. */
  fingerprint: string;
  /** How many passages hold each indexed word, for weighing a question's words. */
  documentFrequency: Map<string, number>;
};

/** The previous exchange, for follow-ups: what was asked and which passages answered it. */
export type PreviousTurn = { query: string; passageIds: string[] };

export type Ranked = { document: ChatDocument; score: number };
export type Retrieval =
  { status: "found"; ranked: Ranked[]; followUp: boolean } | { status: "unknown"; followUp: boolean };

const RETRIEVAL = {
  fieldBoost: { title: 3, keywords: 2, text: 1 },
  /**
   * Below this share of the question's topic words found in the best passage
   * (each word weighted by how rare it is in the content; a word the content
   * never uses is the rarest), the answer is "I don't know".
   */
  minCoverage: 0.4,
  /** In a follow-up, the previous question's words count this much... */
  previousTermWeight: 0.4,
  /** ...and the passages that answered it get this boost. */
  previousPassageBoost: 1.3,
  /** Questions with this many topic words or fewer may lean on the previous topic. */
  shortQuestionTerms: 2,
} as const;

export function fingerprintOf(documents: ChatDocument[]): string {
  return createHash("sha256").update(JSON.stringify(documents)).digest("hex");
}

export function buildChatIndex(documents: ChatDocument[]): ChatIndex {
  const search = new MiniSearch<ChatDocument>({
    fields: ["title", "keywords", "text"],
    storeFields: [],
    extractField: (doc, field) => {
      const value = doc[field as keyof ChatDocument];
      return Array.isArray(value) ? value.join(" ") : (value as string);
    },
    tokenize,
    processTerm,
    searchOptions: {
      boost: RETRIEVAL.fieldBoost,
      prefix: (term) => term.length >= 4,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      maxFuzzy: 2,
      weights: { prefix: 0.35, fuzzy: 0.3 },
    },
  });
  const documents_ = new Map<string, ChatDocument>();
  for (const doc of documents) {
    if (documents_.has(doc.id)) throw new Error(`Two chat passages have the id "${doc.id}".`);
    documents_.set(doc.id, doc);
  }
  search.addAll(documents);
  const documentFrequency = new Map<string, number>();
  for (const doc of documents) {
    const words = tokenize(`${doc.title} ${doc.keywords?.join(" ") ?? ""} ${doc.text}`).map(processTerm);
    for (const word of new Set(words))
      if (word) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
  }
  return { search, documents: documents_, fingerprint: fingerprintOf(documents), documentFrequency };
}

/** BM25's inverse document frequency: rare words weigh more; unknown words the most. */
function weight(index: ChatIndex, term: string): number {
  const n = index.documents.size;
  const df = index.documentFrequency.get(term) ?? 0;
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** The weighted share of `terms` that a passage matched. */
function coverageOf(index: ChatIndex, matched: string[], terms: string[]): number {
  if (!terms.length) return 0;
  const total = terms.reduce((sum, t) => sum + weight(index, t), 0);
  const found = [...new Set(matched.filter((t) => terms.includes(t)))].reduce(
    (sum, t) => sum + weight(index, t),
    0,
  );
  return found / total;
}

/** "it", "that", "those", "what about…": the question points back at the previous topic. */
const POINTS_BACK =
  /\b(it|its|it's|that|this|they|them|those|these|one|ones|same)\b|^\s*(and|also|what about|how about|so)\b/i;

function rank(
  index: ChatIndex,
  results: SearchResult[],
  terms: string[],
): { ranked: Ranked[]; coverage: number } {
  const ranked = results.map((r) => ({ document: index.documents.get(r.id as string)!, score: r.score }));
  const best = results[0];
  const coverage = best ? coverageOf(index, best.queryTerms, terms) : 0;
  return { ranked, coverage };
}

/**
 * The passages that answer `query`, best first, or "unknown". With a previous
 * turn, a short question or one that points back ("how much is it?", "what
 * about Motion?") is read together with the previous question, whose words
 * weigh less; the passages must still contain the new question's own words.
 * `minCoverage` relaxes the "unknown" rule (a visitor describing their business).
 */
export function retrieve(
  index: ChatIndex,
  query: string,
  previous?: PreviousTurn | null,
  minCoverage: number = RETRIEVAL.minCoverage,
): Retrieval {
  const terms = topicTerms(query);
  const previousTerms = previous ? topicTerms(previous.query).filter((t) => !terms.includes(t)) : [];
  const hasTopic = previousTerms.length + (previous?.passageIds.length ?? 0) > 0;
  const pointsBack = hasTopic && POINTS_BACK.test(query);
  const short = hasTopic && terms.length <= RETRIEVAL.shortQuestionTerms;

  const own = terms.length ? rank(index, index.search.search(query), terms) : null;
  const ownFound = !!own && own.ranked.length > 0 && own.coverage >= minCoverage;
  if (ownFound && !pointsBack) return { status: "found", ranked: own.ranked, followUp: false };
  if (!pointsBack && !short) return { status: "unknown", followUp: false };

  const earlier = new Set(previous!.passageIds);
  const results = index.search.search([...terms, ...previousTerms].join(" "), {
    // Already processed: keep them as they are.
    tokenize: (text) => text.split(" ").filter(Boolean),
    processTerm: (term) => term,
    boostTerm: (term) => (terms.includes(term) ? 1 : RETRIEVAL.previousTermWeight),
    boostDocument: (id) => (earlier.has(id) ? RETRIEVAL.previousPassageBoost : 1),
  });
  // Passages that hold enough of the new question's own words (all of them qualify for "how much is it?").
  const relevant = results.filter(
    (r) => !terms.length || coverageOf(index, r.queryTerms, terms) >= minCoverage,
  );
  if (relevant.length)
    return { status: "found", ranked: rank(index, relevant, terms).ranked, followUp: true };
  return ownFound
    ? { status: "found", ranked: own.ranked, followUp: false }
    : { status: "unknown", followUp: false };
}
