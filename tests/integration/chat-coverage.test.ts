import { beforeAll, expect, it } from "vitest";
import { rebuildChatIndex } from "~models/chat/search-index.server";
import type { ChatIndex } from "~models/chat/retrieval";
import { listAllPosts } from "~models/content/blog.server";
import { listArticles } from "~models/content/content-pages.server";
import { getStrategyContent } from "~models/content/marketing-content.server";
import { PACKAGE_COLOURS } from "~models/content/marketing-enums";
import { getChatSynonyms } from "~models/chat/synonyms.server";
import { unknownPassages } from "~models/chat/synonyms";
import { runSeed } from "~models/views/seed.server";
import { sitemapPaths } from "~/lib/public-pages";

// Every page in the sitemap contributes to what the assistant knows: a new
// public page without a chat source fails here.

let index: ChatIndex;
beforeAll(async () => {
  await runSeed();
  index = await rebuildChatIndex();
});

/** A page's address without its #anchor, query parameters in a fixed order. */
const pageOf = (url: string) => {
  const parsed = new URL(url, "http://site.invalid");
  parsed.searchParams.sort();
  return `${parsed.pathname}${parsed.search}`;
};

it("every sitemap page has at least one passage in the chat index", async () => {
  const [strategy, posts, articles] = await Promise.all([
    getStrategyContent(),
    listAllPosts(),
    listArticles(),
  ]);
  const paths = sitemapPaths({
    solutionColours: PACKAGE_COLOURS,
    strategyServices: strategy.services.map((s) => s.name),
    postUrls: posts.map((post) => post.url),
    articleUrls: articles.map((article) => article.url),
  });
  const indexed = new Set([...index.documents.values()].map((doc) => pageOf(doc.url)));
  const missing = paths.filter((path) => !indexed.has(pageOf(path)));
  expect(missing).toEqual([]);
  expect(paths.length).toBeGreaterThan(40);
});

it("the seeded ways visitors ask (seeds/chat-synonyms.json) name existing passages and reach the index", async () => {
  const synonyms = await getChatSynonyms();
  expect(synonyms).not.toBeNull();
  const documents = [...index.documents.values()];
  expect(unknownPassages(documents, synonyms!)).toEqual([]);
  // Passages from the database (policies, FAQs, pages) carry theirs too.
  expect(index.documents.get("policy:refundpolicy")?.askedAs).toContain("money back");
  expect(documents.filter((doc) => doc.askedAs?.length).length).toBe(Object.keys(synonyms!.askedAs).length);
});

it("the company profile's figures and the values' names are in their pages' passages (decision 0094)", () => {
  const profile = index.documents.get("page:companyprofile")?.text ?? "";
  for (const figure of [
    "People in the studio: 24.",
    "Brands launched or renewed: 180+.",
    "Founded in Navi Mumbai: 2019.",
  ])
    expect(profile).toContain(figure);
  expect(index.documents.get("page:environment")?.text).toContain(
    "Our values: Craft over volume, Say it plainly",
  );
});
