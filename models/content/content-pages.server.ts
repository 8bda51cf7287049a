import { eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import {
  articleSeedSchema,
  CONTENT_PAGE_BLOCKS,
  policySeedSchema,
  type Article,
  type ContentPage,
  type ContentPageKey,
  type Policy,
  type PolicySlug,
} from "./content-pages";
import { db, type Transaction } from "../platform/db.server";
import { contentBlocks } from "../schema";
import { upsertContentBlock, type WriteCount } from "./site-content.server";

// Reads the content pages' seeded documents. Policies and articles are
// Markdown files stored together as one content block each ("policies",
// "articles"), in file-name order.

export const POLICIES_BLOCK = "policies";
export const ARTICLES_BLOCK = "articles";

async function readBlock(key: string): Promise<unknown> {
  const [row] = await db()
    .select({ data: contentBlocks.data })
    .from(contentBlocks)
    .where(eq(contentBlocks.key, key));
  if (!row) throw new Error(`Content block "${key}" is missing: run npm run seed.`);
  return row.data;
}

/** One content page's seeded document, validated. */
export async function getContentPage<K extends ContentPageKey>(key: K): Promise<ContentPage<K>> {
  return CONTENT_PAGE_BLOCKS[key].parse(await readBlock(key)) as ContentPage<K>;
}

/** Several at once (one query), e.g. a page and its FAQ. */
export async function getContentPages<K extends ContentPageKey>(
  keys: K[],
): Promise<{ [P in K]: ContentPage<P> }> {
  const rows = await db().select().from(contentBlocks).where(inArray(contentBlocks.key, keys));
  const byKey = new Map(rows.map((row) => [row.key, row.data]));
  return Object.fromEntries(
    keys.map((key) => {
      if (!byKey.has(key)) throw new Error(`Content block "${key}" is missing: run npm run seed.`);
      return [key, CONTENT_PAGE_BLOCKS[key].parse(byKey.get(key))];
    }),
  ) as { [P in K]: ContentPage<P> };
}

export const getTeam = async () => (await getContentPage("team")).members;
export const getFaqs = async () => (await getContentPage("help")).faqs.items;

const policyList = policySeedSchema.array();
const articleList = articleSeedSchema.array();

/** The four policies (/privacy, /termscondition, /refundpolicy, /shipping), Markdown source included. */
export async function listPolicies(): Promise<Policy[]> {
  return policyList
    .parse(await readBlock(POLICIES_BLOCK))
    .map((policy) => ({ ...policy, url: `/${policy.slug}` }));
}

export async function getPolicy(slug: PolicySlug): Promise<Policy | null> {
  return (await listPolicies()).find((policy) => policy.slug === slug) ?? null;
}

/** The product-update articles (/article/:id). */
export async function listArticles(): Promise<Article[]> {
  return articleList
    .parse(await readBlock(ARTICLES_BLOCK))
    .map(({ slug, ...article }) => ({ ...article, id: slug, url: `/article/${slug}` }));
}

export async function getArticle(id: string): Promise<Article | null> {
  return (await listArticles()).find((article) => article.id === id) ?? null;
}

/** Seed writer for a folder of Markdown files kept as one content block. */
export function writeDocumentList(key: string) {
  return (
    tx: Transaction,
    items: z.infer<typeof policySeedSchema>[] | z.infer<typeof articleSeedSchema>[],
  ): Promise<WriteCount> => upsertContentBlock(tx, key, items);
}
