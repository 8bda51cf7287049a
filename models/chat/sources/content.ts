import { listContentDocuments, type ContentDocument } from "../../content/content-documents.server";
import type { ChatDocument, ChatSource } from "./types";

/** Markdown to the plain sentences the assistant quotes: no markup, links as their text. */
function plainText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}>\s?/gm, "")
    .replace(/^\s*[-*+]\s+/gm, "")
    .replace(/^\s*\d+\.\s+/gm, "")
    .replace(/^\|?\s*:?-{3,}.*$/gm, "")
    .replace(/\|/g, " ")
    .replace(/[*_`~]+/g, "")
    .replace(/\s*\n\s*/g, " ")
    .replace(/\s{2,}/g, " ")
    .trim();
}

/** What each kind of document answers directly (../intent.ts). */
const ANSWERS: Partial<Record<ContentDocument["kind"], ChatDocument["answers"]>> = {
  team: ["who"],
  event: ["when", "where", "price"],
  position: ["how"],
};

/**
 * Long documents (posts, policies) become one passage per section, so an
 * answer cites the part that says it. A section's heading is its passage's
 * title (searched, and pasted into the answer only for a profile page's
 * sections, which it names); a post's or article's own
 * title opens an answer from it (`lead`, decision 0097).
 */
function contentPassages(doc: ContentDocument): ChatDocument[] {
  const writing = doc.kind === "post" || doc.kind === "article";
  const keywords = writing ? [doc.kind, "article", "blog"] : [doc.kind];
  const sections = doc.markdown.split(/^#{1,3}\s+(.+)$/m);
  const whole = {
    id: doc.id,
    title: doc.title,
    url: doc.url,
    keywords,
    about: doc.about,
    answers: ANSWERS[doc.kind],
    ...(writing ? { lead: doc.title } : {}),
  };
  if (sections.length === 1) return [{ ...whole, text: plainText(doc.markdown) }];
  const passages: ChatDocument[] = [];
  const intro = plainText(sections[0]!);
  // A policy's opening says when it took effect.
  if (intro)
    passages.push(
      doc.kind === "policy"
        ? {
            ...whole,
            text: intro,
            answers: ["when"],
            keywords: [...keywords, "date", "effective", "updated"],
          }
        : { ...whole, text: intro },
    );
  for (let i = 1; i < sections.length; i += 2) {
    const heading = sections[i]!.trim();
    const text = plainText(sections[i + 1] ?? "");
    if (!text) continue;
    passages.push({
      id: `${doc.id}#${(i + 1) / 2}`,
      title: `${doc.title}: ${heading}`,
      url: doc.url,
      // A profile page's section is one of its values or facts, named by its heading ("Lighter
      // footprint: Fast, small pages…"), as a service's features are; a post's or policy's
      // heading only organises its text.
      text: doc.kind === "page" ? `${heading}: ${text}` : text,
      keywords,
      ...(whole.lead ? { lead: whole.lead } : {}),
    });
  }
  return passages;
}

/** Blog posts, articles, policies, FAQs, team, events, open positions and the profile pages (seeds/blog, policies, …). */
export const contentSource: ChatSource = {
  name: "content",
  load: async () => (await listContentDocuments()).flatMap(contentPassages),
};
