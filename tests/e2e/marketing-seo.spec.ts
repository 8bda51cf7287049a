// What needs a browser: every marketing page runs under the CSP with nothing
// blocked. The sitemap, canonical URLs and caching are checked over HTTP
// (tests/http/seo-and-caching.test.ts).
import { expect, test } from "./fixtures";

const PAGES = [
  "/",
  "/services",
  "/strategy?service=Graphic%20Design",
  "/solutions",
  "/solutions/purple",
  "/creative-tokens",
];

test("every marketing page has a title, description, canonical and Open Graph tags, and runs under the CSP", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const titles = new Set<string>();
  for (const path of PAGES) {
    await page.goto(path);
    const title = await page.title();
    expect(title.length, path).toBeGreaterThan(5);
    titles.add(title);
    const meta = (selector: string) => page.locator(selector).getAttribute("content");
    expect((await meta('meta[name="description"]'))?.length, path).toBeGreaterThan(50);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(canonical, path).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(await meta('meta[property="og:title"]'), path).toBe(title);
    expect(await meta('meta[property="og:url"]'), path).toBe(canonical);
    expect(await meta('meta[property="og:image"]'), path).toMatch(/\/media\/og\.png$/);
  }
  expect(titles.size).toBe(PAGES.length - 1); // /solutions and /solutions/purple share a title, not a canonical
  expect(violations).toEqual([]);
});
