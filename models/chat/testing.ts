import { readFileSync } from "node:fs";
import path from "node:path";
import { projectHelpSchema } from "../projects/dashboard";
import { MARKETING_BLOCKS } from "../content/marketing-content";
import { siteSchema } from "../content/site-content";
import { CONTENT_PAGE_BLOCKS } from "../content/content-pages";
import { billingSettingsSchema } from "../billing/billing-content";
import { buildChatIndex, retrieve, RETRIEVAL_SIGNALS, type ChatIndex } from "./retrieval";
import { processTerm } from "./text";
import { contactDocuments } from "./sources/contact";
import { creativeTokensDocuments } from "./sources/creative-tokens";
import { PAGE_KEYS, pagesDocuments, type Pages } from "./sources/pages";
import { solutionsDocuments } from "./sources/solutions";
import { strategyDocuments } from "./sources/strategy";
import { studioDocuments } from "./sources/studio";
import type { ChatDocument } from "./sources/types";
import { chatSynonymsSchema, withAskedAs } from "./synonyms";
import { loadWordNet } from "./thesaurus.server";
import { loadWordVectors } from "./vectors.server";

// For unit tests: the passages built straight from seeds/ (validated by the
// same schemas), without a database.

const seed = (name: string): unknown =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../seeds", `${name}.json`), "utf8"));

export function seededChatDocuments(): ChatDocument[] {
  const site = siteSchema.parse(seed("site"));
  const home = MARKETING_BLOCKS.home.parse(seed("home"));
  return withAskedAs(seededPassages(site, home), chatSynonymsSchema.parse(seed("chat-synonyms")));
}

function seededPassages(
  site: ReturnType<typeof siteSchema.parse>,
  home: ReturnType<typeof MARKETING_BLOCKS.home.parse>,
) {
  return [
    ...contactDocuments(site, projectHelpSchema.parse(seed("project-help"))),
    ...studioDocuments(site, home, MARKETING_BLOCKS.services.parse(seed("services"))),
    ...strategyDocuments(MARKETING_BLOCKS.strategy.parse(seed("strategy"))),
    ...solutionsDocuments(MARKETING_BLOCKS.solutions.parse(seed("solutions")), home),
    ...creativeTokensDocuments(MARKETING_BLOCKS["creative-tokens"].parse(seed("creative-tokens"))),
    ...pagesDocuments(
      Object.fromEntries(PAGE_KEYS.map((key) => [key, CONTENT_PAGE_BLOCKS[key].parse(seed(key))])) as Pages,
      billingSettingsSchema.parse(seed("billing")),
    ),
  ];
}

export const seededChatIndex = (): ChatIndex =>
  buildChatIndex(seededChatDocuments(), loadWordVectors(), loadWordNet());

/** Runs `run` with one retrieval signal switched on or off, then puts it back (a signal's own worth). */
export function withSignal<T>(signal: keyof typeof RETRIEVAL_SIGNALS, on: boolean, run: () => T): T {
  const before = RETRIEVAL_SIGNALS[signal];
  RETRIEVAL_SIGNALS[signal] = on;
  try {
    return run();
  } finally {
    RETRIEVAL_SIGNALS[signal] = before;
  }
}

/** The URL of the passage `query` finds first in `index`, or null when it declines. */
export function citedUrl(index: ChatIndex, query: string): string | null {
  const found = retrieve(index, query);
  return found.status === "found" ? found.ranked[0]!.document.url : null;
}

/** Words as the index holds them (stemmed, shorthand spelled out). */
export const termsOf = (...words: string[]): string[] => words.map((word) => processTerm(word)!);
