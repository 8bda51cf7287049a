import MarkdownIt from "markdown-it";

// Markdown to HTML for posts, articles and policies, on the server only: no
// page ships a Markdown parser. markdown-it with `html: false` escapes any raw
// HTML in the source, and its link check refuses javascript:, vbscript:,
// file: and data: URLs (except data: images), so a seed file cannot inject
// markup or script. See docs/decisions/0011-content-in-seeds-and-markdown.md.

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true });

const defaultLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = String(tokens[idx]!.attrGet("href") ?? "");
  // Links that leave the site open without handing over this page.
  if (/^https?:\/\//i.test(href)) tokens[idx]!.attrSet("rel", "noopener noreferrer");
  return defaultLinkOpen(tokens, idx, options, env, self);
};

export type Heading = { id: string; text: string; level: 2 | 3 };
export type RenderedMarkdown = { html: string; headings: Heading[] };

/** "3. Tokens & refunds" → "tokens-refunds"; unique within one document. */
export function headingId(text: string, taken: Set<string>): string {
  const base =
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/^\d+[.)]\s*/, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "section";
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

/**
 * Renders `source`. The page's <h1> is its title, so headings are moved down
 * until the document's highest one is an <h2> ("#" and "##" both work).
 * Level-2 and level-3 headings get ids, for the table of contents and
 * shareable #links.
 */
export function renderMarkdown(source: string): RenderedMarkdown {
  const env = {};
  const tokens = markdown.parse(source, env);
  const opening = tokens.filter((token) => token.type === "heading_open");
  const shift = Math.max(0, 2 - Math.min(2, ...opening.map((token) => Number(token.tag.slice(1)))));
  const headings: Heading[] = [];
  const taken = new Set<string>();
  tokens.forEach((token, i) => {
    if (token.type !== "heading_open" && token.type !== "heading_close") return;
    const level = Math.min(6, Number(token.tag.slice(1)) + shift);
    token.tag = `h${level}`;
    if (token.type !== "heading_open" || (level !== 2 && level !== 3)) return;
    const text = tokens[i + 1]?.content ?? "";
    const id = headingId(text, taken);
    token.attrSet("id", id);
    headings.push({ id, text, level });
  });
  return { html: markdown.renderer.render(tokens, markdown.options, env), headings };
}

/** The text without Markdown syntax, for search indexes and meta descriptions. */
export function markdownToText(source: string): string {
  const tokens = markdown.parse(source, {});
  const parts: string[] = [];
  for (const token of tokens) {
    if (token.type === "inline")
      parts.push(
        (token.children ?? [])
          .filter((c) => c.type === "text" || c.type === "code_inline")
          .map((c) => c.content)
          .join(""),
      );
  }
  return parts.join("\n");
}
