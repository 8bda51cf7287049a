import { createAccount, expect, test } from "./fixtures";

const PAGES = ["/", "/services", "/strategy?service=Graphic%20Design", "/solutions", "/solutions/purple", "/creative-tokens"];

test("every marketing page has a title, description, canonical and Open Graph tags, and runs under the CSP", async ({ page }) => {
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

test("canonical URLs drop view state but keep the service", async ({ page }) => {
  await page.goto("/services?spotlight=3");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/services$/);
  await page.goto("/strategy?service=Sound%20Design");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/strategy\?service=Sound\+Design$/);
});

test("sitemap.xml lists every public page and robots.txt points to it", async ({ request, baseURL }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  for (const path of ["/", "/services", "/strategy", "/solutions", "/solutions/green", "/solutions/purple", "/creative-tokens", "/login", "/signup", "/strategy?service=Sound+Design"]) {
    expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  }
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("anonymous pages are publicly cacheable and served from memory; signed-in pages are not stored", async ({ page, request }) => {
  for (const path of PAGES) {
    await request.get(path);
    const again = await request.get(path);
    expect(again.headers()["cache-control"], path).toBe("public, max-age=300, s-maxage=3600, stale-while-revalidate=86400");
    expect(again.headers()["vary"], path).toContain("Cookie");
    expect(again.headers()["x-page-cache"], path).toBe("hit");
  }
  const { username, password } = await createAccount(page);
  await page.goto("/login");
  await page.getByLabel("Username or email").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard2$/);
  const signedIn = await page.goto("/services");
  expect(signedIn?.headers()["cache-control"]).toBe("private, no-store");
  expect(signedIn?.headers()["x-page-cache"]).toBeUndefined();
  await expect(page.getByRole("link", { name: "Dashboard" }).first()).toBeVisible();
});
