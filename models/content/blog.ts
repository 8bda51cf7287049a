import { z } from "zod";

// The blog (docs/product.md, "Content pages"). Pure: no database, so the
// seed validation, the query rules and the links between filtered pages are
// unit-tested, and components can import the categories.

/** The sidebar's category buttons, in the spec's order ("All" is no category). */
export const BLOG_CATEGORIES = [
  { slug: "personal-branding", label: "Personal Branding" },
  { slug: "creative-tools", label: "Creative Tools" },
  { slug: "ai-tokens", label: "AI Tokens" },
  { slug: "creative-economy", label: "Creative Economy" },
] as const;
export const ALL_CATEGORIES_LABEL = "All";

export type BlogCategory = (typeof BLOG_CATEGORIES)[number]["slug"];
const CATEGORY_SLUGS = BLOG_CATEGORIES.map((c) => c.slug) as [BlogCategory, ...BlogCategory[]];
const CATEGORY_LABELS = BLOG_CATEGORIES.map((c) => c.label) as [string, ...string[]];

export const categoryLabel = (slug: string) => BLOG_CATEGORIES.find((c) => c.slug === slug)?.label ?? slug;

/** Posts per page of the latest-articles grid. */
export const BLOG_PAGE_SIZE = 6;
/** How many tags the sidebar's "popular tags" shows. */
export const POPULAR_TAG_COUNT = 10;
/** Reading speed behind readTime. */
const WORDS_PER_MINUTE = 200;
/** A search longer than this is cut (it is a GET parameter, and an ILIKE pattern). */
const MAX_SEARCH_LENGTH = 80;

export const BLOG_MESSAGES = {
  postNotFound: "Post not found.",
  articleNotFound: "Article not found",
} as const;

const required = (what = "is required") => z.string({ error: what }).trim().min(1, what);
const media = z.string().regex(/^\/media\/[\w\-/]+\.(svg|png|webp|jpg)$/, "must be a file in public/media");
const count = z
  .number({ error: "must be a whole number" })
  .int("must be a whole number")
  .min(0, "must not be negative");
/** YAML reads 2026-10-02 as a Date; a quoted date stays a string. Both become "2026-10-02". */
const isoDate = z.preprocess(
  (value) =>
    value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString().slice(0, 10) : value,
  z
    .string({ error: "is required (YYYY-MM-DD)" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date written YYYY-MM-DD"),
);
const tagSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be lower-case words joined by hyphens, e.g. brand-voice");

/** One seeds/blog/<slug>.md file: front matter plus the Markdown `body`. */
export const blogPostSeedSchema = z.object({
  slug: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be lower-case words joined by hyphens (it is the file name)"),
  title: required(),
  excerpt: required().max(240, "must be at most 240 characters (it is the card text)"),
  description: required()
    .min(50, "must be at least 50 characters")
    .max(160, "must be at most 160 characters (it is the meta description)"),
  author: required(),
  date: isoDate,
  category: z
    .enum(CATEGORY_LABELS, { error: `must be one of: ${CATEGORY_LABELS.join(", ")}` })
    .transform((label) => BLOG_CATEGORIES.find((c) => c.label === label)!.slug),
  tags: z.array(tagSchema).min(1, "needs at least one tag").max(6, "at most 6 tags"),
  image: media,
  imageAlt: z.string({ error: 'is required ("" for a decorative image)' }).trim(),
  featured: z.boolean().default(false),
  views: count.default(0),
  likes: count.default(0),
  comments: count.default(0),
  body: required("needs some text below the front matter").min(
    200,
    "is too short for a post (at least 200 characters)",
  ),
});
export type BlogPostSeed = z.infer<typeof blogPostSeedSchema>;

/** What a card and the hero show (docs/product.md, "Content pages": the fields, without the content). */
export type PostSummary = {
  id: number;
  slug: string;
  url: string;
  title: string;
  excerpt: string;
  description: string;
  author: string;
  /** YYYY-MM-DD */
  date: string;
  readTime: string;
  category: BlogCategory;
  categoryLabel: string;
  tags: string[];
  image: string;
  imageAlt: string;
  featured: boolean;
  views: number;
  likes: number;
  comments: number;
};
/** A whole post: the summary plus its Markdown source. */
export type Post = PostSummary & { content: string };

export const postUrl = (slug: string) => `/blog/${slug}`;

/** Started minutes at WORDS_PER_MINUTE (201 words: 2 min), at least one. */
export function readMinutes(markdown: string): number {
  const words = markdown
    .replace(/[#>*_`[\]()!-]/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
export const readTimeLabel = (minutes: number) => `${minutes} min read`;

/** The list's GET parameters, cleaned: unknown values are dropped, never an error. */
export type BlogQuery = { q: string; category: BlogCategory | null; tag: string | null; page: number };

export function parseBlogQuery(params: URLSearchParams): BlogQuery {
  const q = (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH_LENGTH);
  const categoryParam = params.get("category") ?? "";
  const category = (CATEGORY_SLUGS as string[]).includes(categoryParam)
    ? (categoryParam as BlogCategory)
    : null;
  const tagParam = (params.get("tag") ?? "").trim().toLowerCase();
  const tag = tagSchema.safeParse(tagParam).success ? tagParam : null;
  const pageNumber = Number(params.get("page") ?? "1");
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= 10_000 ? pageNumber : 1;
  return { q, category, tag, page };
}

export const isFiltered = (query: BlogQuery) => Boolean(query.q || query.category || query.tag);

/**
 * The /blogpage URL for `query` with `change` applied. Changing a filter goes
 * back to page 1; empty values are left out, so URLs stay short and shareable.
 */
export function blogListHref(query: BlogQuery, change: Partial<BlogQuery> = {}): string {
  const next = { ...query, ...change };
  if (!("page" in change)) next.page = 1;
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.category) params.set("category", next.category);
  if (next.tag) params.set("tag", next.tag);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return search ? `/blogpage?${search}` : "/blogpage";
}

/** Search words, each of which must appear in the title, excerpt, text or tags. */
export function searchTerms(q: string): string[] {
  return [...new Set(q.toLowerCase().split(" ").filter(Boolean))].slice(0, 8);
}

/** Escapes LIKE's wildcards so a search for "50%" finds "50%". */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

export function pageCount(total: number, pageSize = BLOG_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
