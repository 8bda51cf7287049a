import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BLOG_CATEGORIES, blogPostSeedSchema } from "~models/content/blog";
import {
  articleSeedSchema,
  CONTENT_PAGE_BLOCKS,
  POLICY_SLUGS,
  policySeedSchema,
} from "~models/content/content-pages";
import { APP_ROOT, SEEDS_DIR } from "~models/platform/paths.server";
import { readSeedDocument } from "~models/views/seed.server";

// The content pages' seed files (issue 5): valid, complete, and carrying the
// spec's facts. The database-side checks are in tests/integration/content.test.ts.

const folder = (dir: string) =>
  readdirSync(path.join(SEEDS_DIR, dir))
    .filter((f) => f.endsWith(".md"))
    .sort();
const publicFile = (href: string) => path.join(APP_ROOT, "public", href);

describe("content page documents", () => {
  for (const [key, schema] of Object.entries(CONTENT_PAGE_BLOCKS)) {
    it(`${key}.json matches its schema and its images exist`, () => {
      const data = JSON.parse(readFileSync(path.join(SEEDS_DIR, `${key}.json`), "utf8"));
      expect(schema.safeParse(data).error?.issues ?? []).toEqual([]);
      for (const media of JSON.stringify(data).match(/\/media\/[\w\-/]+\.\w+/g) ?? [])
        expect(existsSync(publicFile(media)), media).toBe(true);
    });
  }

  it("events cost ₹2,500, ₹1,200 or nothing, across the three categories", () => {
    const { events } = JSON.parse(readFileSync(path.join(SEEDS_DIR, "events.json"), "utf8")) as {
      events: { price: number; category: string }[];
    };
    expect(new Set(events.map((e) => e.price))).toEqual(new Set([2500, 1200, 0]));
    expect(new Set(events.map((e) => e.category))).toEqual(new Set(["conference", "workshop", "meetup"]));
  });

  it("the pitch deck is a real PDF", () => {
    const { deck } = JSON.parse(readFileSync(path.join(SEEDS_DIR, "investors.json"), "utf8")) as {
      deck: { file: string };
    };
    const bytes = readFileSync(publicFile(deck.file));
    expect(bytes.subarray(0, 8).toString("latin1")).toBe("%PDF-1.4");
    expect(bytes.subarray(-6).toString("latin1")).toBe("%%EOF\n");
    expect(bytes.toString("latin1")).toMatch(/\/Type \/Pages \/Kids \[[^\]]+\] \/Count 8/);
  });
});

describe("blog posts", () => {
  const files = folder("blog");
  it("at least nine, each valid, with its cover image", async () => {
    expect(files.length).toBeGreaterThanOrEqual(9);
    for (const file of files) {
      const parsed = blogPostSeedSchema.safeParse(await readSeedDocument(path.join(SEEDS_DIR, "blog", file)));
      expect(parsed.error?.issues ?? [], file).toEqual([]);
      expect(existsSync(publicFile(parsed.data!.image)), parsed.data!.image).toBe(true);
    }
  });
  it("every category has posts, and one post is featured", async () => {
    const posts = await Promise.all(
      files.map(async (file) =>
        blogPostSeedSchema.parse(await readSeedDocument(path.join(SEEDS_DIR, "blog", file))),
      ),
    );
    expect(new Set(posts.map((p) => p.category))).toEqual(new Set(BLOG_CATEGORIES.map((c) => c.slug)));
    expect(posts.filter((p) => p.featured)).toHaveLength(1);
  });
});

describe("policies and articles", () => {
  const policies = () =>
    Promise.all(
      folder("policies").map(async (file) =>
        policySeedSchema.parse(await readSeedDocument(path.join(SEEDS_DIR, "policies", file))),
      ),
    );

  it("the four policies, all effective July 15, 2025", async () => {
    const all = await policies();
    expect(all.map((p) => p.slug).sort()).toEqual([...POLICY_SLUGS].sort());
    expect(new Set(all.map((p) => p.effective))).toEqual(new Set(["2025-07-15"]));
  });

  it("state the spec's facts: 90-day tokens, 20-day refunds paid in 7-10 business days, gift card terms", async () => {
    const text = Object.fromEntries((await policies()).map((p) => [p.slug, p.body]));
    expect(text.termscondition).toMatch(/valid for 90 days/);
    expect(text.refundpolicy).toMatch(/unused within 20 days/);
    expect(text.refundpolicy).toMatch(/within 7-10 business days/);
    for (const term of [
      "valid for 1 year",
      "any service or package",
      "non-refundable",
      "cannot be redeemed for cash",
      "transferable",
      "remaining balance carries over",
    ]) {
      expect(text.termscondition).toContain(term);
    }
  });

  it("the three articles, dated 24 April", async () => {
    const articles = await Promise.all(
      folder("articles").map(async (file) =>
        articleSeedSchema.parse(await readSeedDocument(path.join(SEEDS_DIR, "articles", file))),
      ),
    );
    expect(articles.map((a) => a.slug)).toEqual([
      "introducing-solutions",
      "major-updates",
      "simple-to-manage",
    ]);
    expect(new Set(articles.map((a) => a.date))).toEqual(new Set(["24 April"]));
  });
});
