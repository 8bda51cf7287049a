// What search engines and caches read from the marketing pages: the sitemap,
// robots.txt, canonical URLs, and which answers may be stored by whom.
import { expect, test } from "vitest";
import { Visitor } from "./client";
import { attr, findAll, parseHtml } from "./html";
import { client } from "./identities";

const PAGES = [
  "/",
  "/services",
  "/strategy?service=Graphic%20Design",
  "/solutions",
  "/solutions/purple",
  "/creative-tokens",
];

const canonicalOf = (html: string) =>
  attr(
    findAll(parseHtml(html), (el) => el.tagName === "link" && attr(el, "rel") === "canonical")[0]!,
    "href",
  );

test("sitemap.xml lists every public page and robots.txt points to it", async () => {
  const visitor = new Visitor();
  const sitemap = await visitor.get("/sitemap.xml");
  expect(sitemap.headers.get("content-type")).toContain("application/xml");
  const xml = await sitemap.text();
  for (const path of [
    "/",
    "/services",
    "/strategy",
    "/solutions",
    "/solutions/green",
    "/solutions/purple",
    "/creative-tokens",
    "/login",
    "/signup",
    "/strategy?service=Sound+Design",
  ]) {
    expect(xml).toContain(`<loc>${visitor.baseURL}${path}</loc>`);
  }
  const robots = await (await visitor.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${visitor.baseURL}/sitemap.xml`);
});

test("canonical URLs drop view state but keep the service", async () => {
  const visitor = new Visitor();
  expect(canonicalOf(await (await visitor.get("/services?spotlight=3")).text())).toMatch(/\/services$/);
  expect(canonicalOf(await (await visitor.get("/strategy?service=Sound%20Design")).text())).toMatch(
    /\/strategy\?service=Sound\+Design$/,
  );
});

test("anonymous pages are publicly cacheable and served from memory; signed-in pages are not stored", async () => {
  const visitor = new Visitor();
  for (const path of PAGES) {
    await (await visitor.get(path)).arrayBuffer();
    const again = await visitor.get(path);
    await again.arrayBuffer();
    expect(again.headers.get("cache-control"), path).toBe(
      "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400",
    );
    expect(again.headers.get("vary"), path).toContain("Cookie");
    expect(again.headers.get("x-page-cache"), path).toBe("hit");
  }
  const signedIn = (await client("cache")).visitor;
  const page = await signedIn.get("/services");
  expect(page.headers.get("cache-control")).toBe("private, no-store");
  expect(page.headers.get("x-page-cache")).toBeNull();
  // The shell knows who is signed in: the navbar offers the dashboard.
  const dashboardLinks = findAll(
    parseHtml(await page.text()),
    (el) => el.tagName === "a" && attr(el, "href") === "/dashboard2",
  );
  expect(dashboardLinks.length).toBeGreaterThan(0);
});

test("/gift is priced by the browser's language or the buyer's pick, and no cache serves one currency to another", async () => {
  const visitor = new Visitor();
  const currencyOf = async (path: string, language: string) => {
    const response = await visitor.get(path, { "Accept-Language": language });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-page-cache"), `${path} ${language}`).not.toBe("hit");
    expect(response.headers.get("cache-control") ?? "").not.toMatch(/public/);
    expect(response.headers.get("vary") ?? "").toMatch(/Accept-Language/i);
    const html = await response.text();
    return /name="region" value="(us|eu|in)"/.exec(html)?.[1];
  };
  // Asked twice each, in turn: a stored page would answer the second with the first's currency.
  for (let round = 0; round < 2; round++) {
    expect(await currencyOf("/gift", "de-DE,de;q=0.9")).toBe("eu");
    expect(await currencyOf("/gift", "en-US")).toBe("us");
    expect(await currencyOf("/gift", "hi-IN")).toBe("in");
    expect(await currencyOf("/gift?currency=EUR", "en-US")).toBe("eu");
  }
});
