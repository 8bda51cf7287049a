import { describe, expect, it } from "vitest";
import {
  blogListHref,
  blogPostSeedSchema,
  escapeLike,
  isFiltered,
  pageCount,
  parseBlogQuery,
  readMinutes,
  searchTerms,
} from "./blog";

const query = (search: string) => parseBlogQuery(new URLSearchParams(search));

describe("parseBlogQuery", () => {
  it("reads search, category, tag and page", () => {
    expect(query("q=  brand   kit &category=creative-tools&tag=Motion&page=2")).toEqual({
      q: "brand kit",
      category: "creative-tools",
      tag: "motion",
      page: 2,
    });
  });
  it("drops what it does not know instead of failing", () => {
    expect(query("category=knitting&tag=<script>&page=-3")).toEqual({
      q: "",
      category: null,
      tag: null,
      page: 1,
    });
    expect(query("page=1.5").page).toBe(1);
    expect(query("page=99999999").page).toBe(1);
    expect(query(`q=${"x".repeat(500)}`).q).toHaveLength(80);
  });
  it("knows when a list is filtered", () => {
    expect(isFiltered(query(""))).toBe(false);
    expect(isFiltered(query("page=3"))).toBe(false);
    expect(isFiltered(query("tag=ai"))).toBe(true);
  });
});

describe("blogListHref", () => {
  const base = query("q=tokens&category=ai-tokens&page=3");
  it("keeps the other filters and goes back to page 1 when a filter changes", () => {
    expect(blogListHref(base, { tag: "pricing" })).toBe("/blogpage?q=tokens&category=ai-tokens&tag=pricing");
    expect(blogListHref(base, { category: null })).toBe("/blogpage?q=tokens");
  });
  it("keeps the filters when the page changes, and leaves out page 1", () => {
    expect(blogListHref(base, { page: 2 })).toBe("/blogpage?q=tokens&category=ai-tokens&page=2");
    expect(blogListHref(query("page=2"), { page: 1 })).toBe("/blogpage");
  });
});

describe("search helpers", () => {
  it("splits a search into distinct lower-case words", () => {
    expect(searchTerms("Brand brand KIT")).toEqual(["brand", "kit"]);
    expect(searchTerms("")).toEqual([]);
  });
  it("escapes LIKE wildcards", () => {
    expect(escapeLike("50%_off\\")).toBe("50\\%\\_off\\\\");
  });
  it("counts pages, at least one", () => {
    expect([pageCount(0, 6), pageCount(6, 6), pageCount(7, 6), pageCount(10, 6)]).toEqual([1, 1, 2, 2]);
  });
  it("rounds reading time up to started minutes", () => {
    expect(readMinutes("word ".repeat(200))).toBe(1);
    expect(readMinutes("word ".repeat(201))).toBe(2);
    expect(readMinutes("")).toBe(1);
  });
});

describe("blogPostSeedSchema", () => {
  const post = {
    slug: "a-post",
    title: "A post",
    excerpt: "Short.",
    description: "A description that is long enough to be used as a meta description.",
    author: "Ishita Rao",
    date: new Date("2026-10-02T00:00:00Z"),
    category: "Creative Tools",
    tags: ["tools"],
    image: "/media/blog/a-post.svg",
    imageAlt: "",
    body: "Text. ".repeat(60),
  };
  it("turns YAML's date into YYYY-MM-DD and the category label into its slug", () => {
    const parsed = blogPostSeedSchema.parse(post);
    expect(parsed).toMatchObject({
      date: "2026-10-02",
      category: "creative-tools",
      featured: false,
      views: 0,
    });
  });
  it("names the missing title and the unknown category", () => {
    const { title: _title, ...untitled } = post;
    const result = blogPostSeedSchema.safeParse({ ...untitled, category: "Knitting", tags: ["Not A Tag"] });
    const issues = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(issues.title).toBe("is required");
    expect(issues.category).toMatch(
      /must be one of: Personal Branding, Creative Tools, AI Tokens, Creative Economy/,
    );
    expect(issues["tags.0"]).toMatch(/lower-case/);
  });
});
