import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { parseBlogQuery } from "~models/content/blog";
import {
  deleteOldPostViews,
  getPost,
  listPosts,
  popularTags,
  recordPostView,
  relatedPosts,
  visitorKey,
} from "~models/content/blog.server";
import { listContentDocuments } from "~models/content/content-documents.server";
import { getArticle, getFaqs, getPolicy, getTeam, listPolicies } from "~models/content/content-pages.server";
import { db, queryRows } from "~models/platform/db.server";
import { SEEDS_DIR } from "~models/platform/paths.server";
import { blogPosts } from "~models/schema";
import { runSeed, seedOnBoot, SeedValidationError } from "~models/views/seed.server";
import { PUBLIC_PAGE_CACHE } from "~/lib/cache-control.server";
import * as article from "~/routes/content/article";
import * as blogPage from "~/routes/content/blog-page";
import * as blogPost from "~/routes/content/blog-post";
import * as events from "~/routes/content/events";
import * as policy from "~/routes/content/policy";
import * as sitemap from "~/routes/sitemap";
import { call, getRequest } from "./helpers";

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const query = (search = "") => parseBlogQuery(new URLSearchParams(search));
const views = async (slug: string) => (await getPost(slug))!.views;
type Body = Record<string, unknown>;

async function copyOfSeeds(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "seeds-content-"));
  await cp(SEEDS_DIR, dir, { recursive: true });
  return dir;
}

beforeAll(async () => {
  await runSeed();
});

describe("seeding the blog", () => {
  it("rejects a post without a title, naming the file, and writes nothing", async () => {
    const dir = await copyOfSeeds();
    const file = path.join(dir, "blog", "tokens-vs-retainers.md");
    await writeFile(file, (await readFile(file, "utf8")).replace(/^title: .*\n/m, ""));
    const before = await db().select({ title: blogPosts.title }).from(blogPosts);

    const error = await runSeed({ dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SeedValidationError);
    expect((error as Error).message).toContain("blog/tokens-vs-retainers.md: title: is required");
    expect(await db().select({ title: blogPosts.title }).from(blogPosts)).toEqual(before);
    await rm(dir, { recursive: true });
  });

  it("loads every post with the spec's fields; a second run changes nothing", async () => {
    const post = await getPost("how-creative-tokens-work");
    expect(post).toMatchObject({
      slug: "how-creative-tokens-work",
      url: "/blog/how-creative-tokens-work",
      title: "How Creative Tokens Work, and How to Plan a Quarter With Them",
      author: "Aarav Mehta",
      date: "2026-11-01",
      category: "ai-tokens",
      categoryLabel: "AI Tokens",
      readTime: "2 min read",
      featured: false,
      likes: 301,
      comments: 57,
    });
    expect(post!.content).toContain("## What a token buys");
    const report = await runSeed();
    expect(report["blog-posts"]).toMatchObject({ inserted: 0, updated: 0 });
  });

  it("keeps counted views when a post is edited, and removes a post whose file is gone", async () => {
    const slug = "motion-on-a-budget";
    const start = await views(slug);
    await recordPostView(slug, "visitor-edit-test");
    const dir = await copyOfSeeds();
    const file = path.join(dir, "blog", `${slug}.md`);
    await writeFile(file, (await readFile(file, "utf8")).replace(/^likes: \d+$/m, "likes: 500"));
    await rm(path.join(dir, "blog", "the-profile-audit.md"));
    const report = await runSeed({ dir });
    expect(report["blog-posts"]).toMatchObject({ inserted: 0, updated: 2 });
    expect(await getPost(slug)).toMatchObject({ likes: 500, views: start + 1 });
    expect(await getPost("the-profile-audit")).toBeNull();
    await runSeed();
    expect(await getPost("the-profile-audit")).not.toBeNull();
    await rm(dir, { recursive: true });
  });

  it("boot loads the posts into a database seeded before the blog existed", async () => {
    await db().delete(blogPosts);
    expect(await seedOnBoot()).toEqual(["blog-posts"]);
    expect((await listPosts(query())).total).toBeGreaterThan(0);
  });
});

describe("listing posts", () => {
  it("puts the featured post in the hero and pages the rest, newest first", async () => {
    const first = await listPosts(query());
    expect(first.featured?.slug).toBe("build-a-personal-brand-in-90-days");
    expect(first.posts.map((p) => p.slug)).not.toContain("build-a-personal-brand-in-90-days");
    expect(first.posts).toHaveLength(6);
    expect(first.pageCount).toBe(2);
    const dates = first.posts.map((p) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = await listPosts(query("page=2"));
    expect(second.posts).toHaveLength(first.total - 6);
    expect(second.posts.some((p) => first.posts.some((q) => q.slug === p.slug))).toBe(false);
    expect((await listPosts(query("page=40"))).page).toBe(2);
  });

  it("searches title, text and tags, every word, case-insensitively", async () => {
    const retainer = await listPosts(query("q=RETAINER"));
    expect(retainer.featured).toBeNull();
    expect(retainer.posts.map((p) => p.slug).sort()).toEqual(["tokens-vs-retainers"]);
    const both = await listPosts(query("q=tokens budget"));
    expect(both.posts.map((p) => p.slug)).toContain("how-creative-tokens-work");
    for (const found of both.posts) {
      const text =
        `${found.title} ${found.excerpt} ${(await getPost(found.slug))!.content} ${found.tags.join(" ")}`.toLowerCase();
      expect(text, found.slug).toContain("budget");
      expect(text, found.slug).toContain("tokens");
    }
    expect(both.total).toBeLessThan((await listPosts(query("q=tokens"))).total);
    expect((await listPosts(query("q=100%25"))).posts).toEqual([]);
    expect((await listPosts(query("q=zzzz"))).total).toBe(0);
  });

  it("filters by category and by tag, together with a search", async () => {
    const tools = await listPosts(query("category=creative-tools"));
    expect(tools.posts.length).toBeGreaterThanOrEqual(3);
    expect(tools.posts.every((p) => p.category === "creative-tools")).toBe(true);
    const pricing = await listPosts(query("tag=pricing"));
    expect(pricing.posts.every((p) => p.tags.includes("pricing"))).toBe(true);
    expect(pricing.total).toBe(3);
    const narrowed = await listPosts(query("tag=pricing&category=ai-tokens&q=retainers"));
    expect(narrowed.posts.map((p) => p.slug)).toEqual(["tokens-vs-retainers"]);
  });

  it("counts popular tags, most used first", async () => {
    const tags = await popularTags(3);
    expect(tags).toHaveLength(3);
    expect(tags[0]!.count).toBeGreaterThanOrEqual(tags[2]!.count);
  });

  it("suggests related posts of the same category first, never the post itself", async () => {
    const post = (await getPost("how-creative-tokens-work"))!;
    const related = await relatedPosts(post);
    expect(related.map((p) => p.slug)).not.toContain(post.slug);
    expect(related.slice(0, 2).every((p) => p.category === "ai-tokens")).toBe(true);
  });
});

describe("counting views", () => {
  it("counts a visitor once per post and day", async () => {
    const slug = "finding-your-founder-voice";
    const start = await views(slug);
    const day = "2026-11-21";
    const visitor = visitorKey({ address: "198.51.100.7", userAgent: BROWSER, day });
    expect(await recordPostView(slug, visitor, day)).toBe(true);
    expect(await recordPostView(slug, visitor, day)).toBe(false);
    expect(
      await recordPostView(slug, visitorKey({ address: "198.51.100.8", userAgent: BROWSER, day }), day),
    ).toBe(true);
    expect(await recordPostView(slug, visitor, "2026-11-22")).toBe(true);
    expect(await recordPostView("no-such-post", visitor, day)).toBe(false);
    expect(await views(slug)).toBe(start + 3);
  });

  it("hashes the visitor: no address or browser is stored, and the hash changes every day", () => {
    const key = visitorKey({ address: "198.51.100.7", userAgent: BROWSER, day: "2026-11-21" });
    expect(key).not.toContain("198.51");
    expect(key).toHaveLength(32);
    expect(visitorKey({ address: "198.51.100.7", userAgent: BROWSER, day: "2026-11-22" })).not.toBe(key);
  });

  it("deletes view rows older than yesterday", async () => {
    await recordPostView("finding-your-founder-voice", "old-visitor", "2026-01-01");
    await deleteOldPostViews("2026-11-21");
    const rows = await queryRows<{ n: number }>(
      sql`select count(*)::int as n from blog_post_views where day < '2026-11-20'`,
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it("the post page counts a browser's visit, but not a crawler's, a prefetch or a repeat", async () => {
    const slug = "the-lean-creative-stack";
    const path = `/blog/${slug}`;
    const start = await views(slug);
    const page = await call(
      blogPost.loader,
      getRequest(path, { ip: "192.0.2.10", headers: { "User-Agent": BROWSER } }),
      { slug },
    );
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE);
    await call(blogPost.loader, getRequest(path, { ip: "192.0.2.10", headers: { "User-Agent": BROWSER } }), {
      slug,
    });
    await call(
      blogPost.loader,
      getRequest(path, {
        ip: "192.0.2.11",
        headers: { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
      }),
      { slug },
    );
    await call(
      blogPost.loader,
      getRequest(path, { ip: "192.0.2.12", headers: { "User-Agent": BROWSER, "Sec-Purpose": "prefetch" } }),
      { slug },
    );
    expect(await views(slug)).toBe(start + 1);
  });
});

describe("pages", () => {
  it("a post renders its Markdown to HTML on the server, with SEO for an article", async () => {
    const outcome = await call(blogPost.loader, getRequest("/blog/how-creative-tokens-work"), {
      slug: "how-creative-tokens-work",
    });
    const body = outcome.body as Body & { html: string; meta: Body[]; post: Body };
    expect(body.html).toContain('<h2 id="what-a-token-buys">What a token buys</h2>');
    expect(body.html).toContain("<strong>90 days</strong>");
    expect(body.post).not.toHaveProperty("content");
    expect(body.meta).toEqual(
      expect.arrayContaining([
        { property: "og:type", content: "article" },
        { tagName: "link", rel: "canonical", href: "http://127.0.0.1:3000/blog/how-creative-tokens-work" },
      ]),
    );
  });

  it("an unknown post or article is a 404, never cached", async () => {
    const post = await call(blogPost.loader, getRequest("/blog/nope"), { slug: "nope" });
    expect(post).toMatchObject({ status: 404, body: { found: false } });
    expect(post.headers.get("Cache-Control")).toBeNull();
    const missing = await call(article.loader, getRequest("/article/nope"), { id: "nope" });
    expect(missing).toMatchObject({ status: 404, body: { found: false } });
    const known = await call(article.loader, getRequest("/article/simple-to-manage"), {
      id: "simple-to-manage",
    });
    expect(known.body).toMatchObject({
      found: true,
      article: { title: "Simple to Manage", date: "24 April" },
    });
  });

  it("the blog list builds its filter links from the query", async () => {
    const outcome = await call(blogPage.loader, getRequest("/blogpage?q=tokens&category=ai-tokens"));
    const body = outcome.body as Body & {
      categories: { label: string; href: string; current: boolean }[];
      hidden: Body;
      featured: unknown;
    };
    expect(body.featured).toBeNull();
    expect(body.hidden).toEqual({ category: "ai-tokens" });
    expect(body.categories[0]).toEqual({ label: "All", href: "/blogpage?q=tokens", current: false });
    expect(body.categories.find((c) => c.current)?.label).toBe("AI Tokens");
  });

  it("policies: the path names the policy; a table of contents from its headings", async () => {
    const outcome = await call(policy.loader, getRequest("/refundpolicy"));
    const body = outcome.body as {
      policy: Body;
      toc: { id: string; text: string }[];
      others: { href: string }[];
      html: string;
    };
    expect(body.policy).toMatchObject({
      title: "Cancellation & Refund Policy",
      effectiveLabel: "Effective July 15, 2025",
    });
    expect(body.toc.map((h) => h.text)).toContain("Creative Tokens");
    expect(body.html).toContain(`id="${body.toc[0]!.id}"`);
    expect(body.others.map((o) => o.href).sort()).toEqual(["/privacy", "/shipping", "/termscondition"]);
  });

  it("events: the filter comes from ?category=, and past events are marked", async () => {
    const all = (await call(events.loader, getRequest("/events"))).body as {
      events: { category: string; past: boolean; priceLabel: string }[];
    };
    expect(all.events.length).toBeGreaterThanOrEqual(6);
    expect(all.events.some((e) => e.past)).toBe(true);
    expect(new Set(all.events.map((e) => e.priceLabel))).toEqual(new Set(["₹2,500", "₹1,200", "Free"]));
    const workshops = (await call(events.loader, getRequest("/events?category=workshops"))).body as {
      events: { category: string }[];
    };
    expect(workshops.events.length).toBeGreaterThan(0);
    expect(workshops.events.every((e) => e.category === "workshop")).toBe(true);
  });

  it("the sitemap lists the content pages, every post and every article", async () => {
    const xml = (await call(sitemap.loader, getRequest("/sitemap.xml"))).body as string;
    for (const path of [
      "/blogpage",
      "/teampage",
      "/privacy",
      "/shipping",
      "/blog/how-creative-tokens-work",
      "/article/major-updates",
    ]) {
      expect(xml).toContain(`<loc>http://127.0.0.1:3000${path}</loc>`);
    }
  });
});

describe("reading the content from one place", () => {
  it("policies, FAQs, team and articles have small readers", async () => {
    expect((await listPolicies()).map((p) => p.url).sort()).toEqual([
      "/privacy",
      "/refundpolicy",
      "/shipping",
      "/termscondition",
    ]);
    expect((await getPolicy("privacy"))?.body).toContain("# Cookies");
    expect((await getFaqs()).length).toBeGreaterThanOrEqual(4);
    expect(await getTeam()).toHaveLength(4);
    expect(await getArticle("major-updates")).toMatchObject({
      id: "major-updates",
      url: "/article/major-updates",
    });
    expect(await getArticle("minor-updates")).toBeNull();
  });

  it("listContentDocuments gives every kind as title, URL and Markdown, with unique ids", async () => {
    const documents = await listContentDocuments();
    const kinds = new Set(documents.map((d) => d.kind));
    expect(kinds).toEqual(new Set(["post", "article", "policy", "faq", "team", "event", "position", "page"]));
    expect(new Set(documents.map((d) => d.id)).size).toBe(documents.length);
    const refund = documents.find((d) => d.id === "policy:refundpolicy")!;
    expect(refund).toMatchObject({ title: "Cancellation & Refund Policy", url: "/refundpolicy" });
    expect(refund.markdown).toContain("7-10 business days");
    expect(documents.every((d) => d.title && d.url.startsWith("/") && d.markdown.length > 20)).toBe(true);
    // The values page's practices are the assistant's to answer as well as its values.
    const practices = documents.find((d) => d.id === "page:environment-practices")!;
    expect(practices.url).toBe("/environment");
    expect(practices.markdown).toContain("## Four-day focus weeks");
    expect(practices.markdown).toContain("Our token prices are published.");
  });

  it("listContentDocuments says an event's places as its page does, and an event that has been as ended", async () => {
    const documents = await listContentDocuments("2026-12-01");
    const markdown = (id: string) => documents.find((d) => d.id === id)!.markdown;
    expect(markdown("event:brand-kit-workshop")).toContain("18 spots left");
    expect(markdown("event:designers-night-navi-mumbai")).toContain("event ended");
    expect(markdown("event:designers-night-navi-mumbai")).not.toContain("spots left");
  });
});
