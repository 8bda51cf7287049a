// Quality gate: accessibility. axe-core on every page route (public pages as a
// visitor, signed-in pages as a client, the back-office as staff, each with
// real records where a page takes an id) at 375 and 1440 px: no serious or
// critical violation. Pages are discovered from app/routes.ts and the
// sitemap, so a page added later is checked without editing this file.
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { client, ownedBy, staff, type Identity, type Owned } from "./identities";
import { linkedUrl } from "./gates";
import { seriousViolations } from "./axe";
import { accessOf, patternRegex, sitemapPaths } from "../harness/policy";
import { discoverRoutes, fillPattern, paramsOf } from "../harness/routes";

const WIDTHS = [375, 1440] as const;
const NOBODYS_ID = "00000000-0000-4000-8000-000000000000";
/** Pages of one pattern found in the sitemap (blog posts, say): a few are enough. */
const SAMPLES_PER_PATTERN = 2;

let a: Identity;
let lead: Identity;
let owned: Owned;
let sitemap: string[];

test.beforeAll(async ({ baseURL }) => {
  a = await client(baseURL!, "a11y");
  lead = await staff(baseURL!);
  owned = await ownedBy(a);
  // Something in the inbox, so its detail page is checked with a real submission.
  expect(
    (await a.api.post("/api/newsletter/", { data: { email: `${a.username}@example.com` } })).status(),
  ).toBeLessThan(300);
  sitemap = sitemapPaths(await (await a.api.get("/sitemap.xml")).text());
});

test.afterAll(async () => {
  await Promise.all([a?.api.dispose(), lead?.api.dispose()]);
});

/** The URLs to check for a route: itself, sample sitemap pages, or a real record's page. */
async function urlsFor(pattern: string, access: string): Promise<string[]> {
  if (!paramsOf(pattern).length) return [pattern];
  if (access === "public") {
    const found = sitemap.filter((p) => patternRegex(pattern).test(p)).slice(0, SAMPLES_PER_PATTERN);
    if (found.length) return found;
  }
  // A's own records where a page takes them; otherwise the first record linked from the page above (the inbox's
  // first submission, the client list's first client, billing's first plan), as the one who may see it.
  const values: Record<string, string | undefined> = {
    token: "not-a-real-token",
    kind: "confirm",
    ...(pattern.startsWith("/project/") ? { id: owned.projectId, fileId: owned.fileId } : {}),
  };
  if (paramsOf(pattern).every((p) => p.optional || values[p.name])) return [fillPattern(pattern, values)!];
  const linked = await linkedUrl(access === "staff" ? lead : a, pattern);
  if (linked) return [linked];
  for (const param of paramsOf(pattern)) if (!param.optional) values[param.name] ??= NOBODYS_ID;
  return [fillPattern(pattern, values)!];
}

// One page per identity and worker, reused from route to route: a new
// context and page cost a renderer process each (~0.4 s of CPU), more than
// the page load itself. A route whose test fails gets a fresh one after it.
const pages = new Map<string, Promise<{ context: BrowserContext; page: Page }>>();

function pageFor(browser: Browser, who: Identity | null) {
  const key = who?.username ?? "anonymous";
  if (!pages.has(key)) {
    pages.set(
      key,
      (async () => {
        const context = await browser.newContext({
          storageState: who ? await who.api.storageState() : undefined,
        });
        return { context, page: await context.newPage() };
      })(),
    );
  }
  return { key, opened: pages.get(key)! };
}

test.afterAll(async () => {
  await Promise.all([...pages.values()].map(async (opened) => (await opened).context.close()));
  pages.clear();
});

// One page load per route: axe runs at the phone width, then again after the
// viewport widens to the desktop width (media queries and resize listeners
// apply as in a browser resized by hand).
for (const route of discoverRoutes().filter((r) => r.page)) {
  test(`axe: ${route.pattern} at ${WIDTHS.join(" and ")} px`, async ({ browser }) => {
    const access = accessOf(route, sitemap);
    const { key, opened } = pageFor(browser, access === "client" ? a : access === "staff" ? lead : null);
    const { context, page } = await opened;
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    try {
      const urls = await urlsFor(route.pattern, access);
      // A pattern sampled from the sitemap checks several pages: each gets the time one page gets.
      test.setTimeout(test.info().timeout * urls.length);
      for (const url of urls) {
        const response = await page.goto(url);
        expect(response?.status(), url).toBeLessThan(500);
        await waitForHydration(page);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          expect(await seriousViolations(page), `${url} at ${width} px`).toEqual([]);
        }
      }
    } catch (error) {
      pages.delete(key);
      await context.close();
      throw error;
    }
  });
}

test("the gate itself: a page with an unlabelled field and unreadable text fails", async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><title>Broken</title><main>
    <p style="color:#777;background:#888">Barely readable</p>
    <form><input type="text"></form><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></html>`);
  const problems = await seriousViolations(page);
  expect(problems.some((p) => p.includes("color-contrast"))).toBe(true);
  expect(problems.some((p) => p.includes("label"))).toBe(true);
  expect(problems.some((p) => p.includes("image-alt"))).toBe(true);
});
