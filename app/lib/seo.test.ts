import { describe, expect, it } from "vitest";
import { PUBLIC_PAGES, sitemapPaths } from "./public-pages";
import { seoMeta } from "./seo";
import {
  hasSessionCookie,
  marketingCacheHeaders,
  PRIVATE_PAGE_CACHE,
  PUBLIC_PAGE_CACHE,
} from "./cache-control.server";

describe("seoMeta", () => {
  it("gives title, description, canonical and Open Graph tags", () => {
    const meta = seoMeta({
      title: "T",
      description: "D",
      url: "https://a.example/x",
      image: "https://a.example/og.png",
      siteName: "Ascendra",
    });
    expect(meta).toEqual(
      expect.arrayContaining([
        { title: "T" },
        { name: "description", content: "D" },
        { tagName: "link", rel: "canonical", href: "https://a.example/x" },
        { property: "og:title", content: "T" },
        { property: "og:description", content: "D" },
        { property: "og:url", content: "https://a.example/x" },
        { property: "og:image", content: "https://a.example/og.png" },
      ]),
    );
    expect(seoMeta(undefined)).toEqual([]);
  });
});

describe("sitemapPaths", () => {
  it("lists the fixed public pages, each solution colour and each strategy service", () => {
    const paths = sitemapPaths({
      solutionColours: ["green", "purple"],
      strategyServices: ["Motion & Video"],
    });
    expect(paths).toEqual([
      ...PUBLIC_PAGES,
      "/solutions/green",
      "/solutions/purple",
      "/strategy?service=Motion+%26+Video",
    ]);
    expect(PUBLIC_PAGES).toEqual(
      expect.arrayContaining([
        "/",
        "/login",
        "/signup",
        "/services",
        "/solutions",
        "/creative-tokens",
        "/strategy",
      ]),
    );
  });
});

describe("marketing cache headers", () => {
  const request = (cookie?: string) =>
    new Request("http://x/", { headers: cookie ? { Cookie: cookie } : {} });
  it("public for visitors without a session cookie", () => {
    expect(marketingCacheHeaders(request())).toEqual({
      "Cache-Control": PUBLIC_PAGE_CACHE,
      Vary: "Cookie, Authorization",
    });
    expect(hasSessionCookie(request("theme=dark; other_session=1"))).toBe(false);
  });
  it("private with either session cookie", () => {
    for (const cookie of ["ascendra_session=abc", "a=1; __Host-ascendra_session=abc"]) {
      expect(marketingCacheHeaders(request(cookie))).toEqual({
        "Cache-Control": PRIVATE_PAGE_CACHE,
        Vary: "Cookie, Authorization",
      });
    }
  });
});
