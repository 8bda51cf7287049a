import { contactSource } from "./contact";
import { contentSource } from "./content";
import { creativeTokensSource } from "./creative-tokens";
import { faqsSource } from "./faqs";
import { pagesSource } from "./pages";
import { solutionsSource } from "./solutions";
import { strategySource } from "./strategy";
import { studioSource } from "./studio";
import type { ChatSource } from "./types";

export type { ChatDocument, ChatSource } from "./types";

/**
 * Everything the assistant answers from. A new kind of content is one file in
 * this folder exporting a ChatSource, plus its line here
 * (docs/decisions/0016-chat-retrieval.md).
 */
export const CHAT_SOURCES: ChatSource[] = [
  contactSource,
  studioSource,
  strategySource,
  solutionsSource,
  creativeTokensSource,
  contentSource,
  faqsSource,
  pagesSource,
];
