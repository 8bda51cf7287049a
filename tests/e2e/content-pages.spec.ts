import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { LAYOUTS, mediaWithoutDimensions } from "./marketing-content";

// The content pages (issue 5), read against the same seed files they render.
const seed = <T>(name: string): T =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, "../../seeds", `${name}.json`), "utf8")) as T;
type Hero = { hero: { title: string } };
const team = seed<Hero & { members: { name: string }[] }>("team");
const help = seed<Hero & { faqs: { items: { question: string }[] } }>("help");
const events = seed<Hero & { events: { title: string; date: string; category: string }[] }>("events");
const careers = seed<{ positions: { items: { title: string; role: string }[] } }>("careers");
const collaborations = seed<{
  partners: { items: { name: string }[] };
  types: { items: { title: string }[] };
}>("collaborations");
const investors = seed<{ deck: { label: string; file: string }; milestones: { items: { title: string }[] } }>(
  "investors",
);

const ROUTES: { path: string; h1: string | RegExp; text: string }[] = [
  { path: "/blogpage", h1: seed<Hero>("blog").hero.title, text: "Latest articles" },
  {
    path: "/blog/how-creative-tokens-work",
    h1: "How Creative Tokens Work, and How to Plan a Quarter With Them",
    text: "What a token buys",
  },
  { path: "/article/simple-to-manage", h1: "Simple to Manage", text: "24 April" },
  { path: "/article/introducing-solutions", h1: "Introducing Solutions", text: "24 April" },
  { path: "/article/major-updates", h1: "Major Updates", text: "24 April" },
  { path: "/teampage", h1: "Meet Our Core Team", text: team.members[3]!.name },
  { path: "/companyprofile", h1: seed<Hero>("company-profile").hero.title, text: "Create a project" },
  { path: "/environment", h1: seed<Hero>("values").hero.title, text: "Craft over volume" },
  { path: "/events", h1: events.hero.title, text: events.events[0]!.title },
  { path: "/comingsoon", h1: "Coming soon", text: "Back to home" },
  { path: "/helpsupport", h1: help.hero.title, text: help.faqs.items[0]!.question },
  { path: "/privacy", h1: "Privacy Policy", text: "Effective July 15, 2025" },
  { path: "/termscondition", h1: "Terms & Conditions", text: "Effective July 15, 2025" },
  { path: "/refundpolicy", h1: "Cancellation & Refund Policy", text: "Effective July 15, 2025" },
  { path: "/shipping", h1: "Shipping & Delivery Policy", text: "Effective July 15, 2025" },
  { path: "/careerpage", h1: /Make the work/, text: careers.positions.items[5]!.title },
  { path: "/collabpage", h1: /Build something/, text: collaborations.partners.items[5]!.name },
  { path: "/investorpage", h1: /Invest in/, text: investors.deck.label },
  { path: "/referrals", h1: "Refer & Grow", text: "How it works" },
];

/** The share of pixels that differ clearly between two screenshots (decoded by a page with JavaScript). */
async function differingPixels(browser: Browser, a: Buffer, b: Buffer): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const share = await page.evaluate(
    async ([first, second]) => {
      const pixels = async (base64: string) => {
        const image = new Image();
        image.src = `data:image/png;base64,${base64}`;
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext("2d")!;
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, image.width, image.height).data;
      };
      const [x, y] = await Promise.all([pixels(first!), pixels(second!)]);
      if (x.length !== y.length) return 1;
      let differing = 0;
      for (let i = 0; i < x.length; i += 4) {
        if (Math.abs(x[i]! - y[i]!) + Math.abs(x[i + 1]! - y[i + 1]!) + Math.abs(x[i + 2]! - y[i + 2]!) > 48)
          differing++;
      }
      return differing / (x.length / 4);
    },
    [a.toString("base64"), b.toString("base64")],
  );
  await context.close();
  return share;
}

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const cards = (page: Page) => page.getByTestId("post-card");

for (const layout of LAYOUTS) {
  test.describe(layout.name, () => {
    test.use({ viewport: { width: layout.width, height: 900 }, javaScriptEnabled: layout.js });

    test("every content page shows its heading and content, fits the screen, and sizes its images", async ({
      page,
    }) => {
      test.setTimeout(120_000); // a dozen pages in one test
      for (const route of ROUTES) {
        const response = await page.goto(route.path);
        expect(response?.status(), route.path).toBe(200);
        await expect(page.getByRole("heading", { level: 1 }), route.path).toHaveText(route.h1);
        await expect(page.getByText(route.text, { exact: false }).first(), route.path).toBeVisible();
        expect(await horizontalOverflow(page), route.path).toBeLessThanOrEqual(0);
        expect(await mediaWithoutDimensions(page), route.path).toBe(0);
      }
    });
  });
}

// With JavaScript on: the filters, search and pages navigate on the client.
// Without JavaScript they are links and a GET form, checked over HTTP
// (tests/http/journeys-content-pages.test.ts).
for (const javaScriptEnabled of [true]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    async function open(page: Page, url: string) {
      const response = await page.goto(url);
      if (javaScriptEnabled) await waitForHydration(page);
      return response;
    }

    test("blog search narrows the list, survives a reload, and says when nothing matches", async ({
      page,
    }) => {
      await open(page, "/blogpage");
      await expect(page.getByTestId("featured-post")).toBeVisible();
      await expect(cards(page)).toHaveCount(6);
      await page.getByLabel("Search articles").fill("retainer");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page).toHaveURL(/\/blogpage\?q=retainer$/);
      await expect(cards(page)).toHaveCount(1);
      await expect(cards(page).getByRole("link")).toHaveText(
        "Tokens vs Retainers: Paying for Creative Work by the Outcome",
      );
      await expect(page.getByTestId("featured-post")).toHaveCount(0);
      await page.reload();
      await expect(cards(page)).toHaveCount(1);
      await expect(page.getByLabel("Search articles")).toHaveValue("retainer");

      await page.getByLabel("Search articles").fill("zzzz");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page.getByTestId("blog-empty")).toContainText("No articles match");
      await page.getByRole("link", { name: "Show all articles" }).click();
      await expect(page).toHaveURL(/\/blogpage$/);
      await expect(cards(page)).toHaveCount(6);
    });

    test("blog categories and tags narrow the list, combine, and survive a reload", async ({ page }) => {
      await open(page, "/blogpage");
      const categories = page.getByRole("navigation", { name: "Categories" });
      await expect(categories.getByRole("link")).toHaveText([
        "All",
        "Personal Branding",
        "Creative Tools",
        "AI Tokens",
        "Creative Economy",
      ]);
      await categories.getByRole("link", { name: "Creative Tools" }).click();
      await expect(page).toHaveURL(/\?category=creative-tools$/);
      await expect(categories.getByRole("link", { name: "Creative Tools" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(cards(page)).toHaveCount(3);
      for (const eyebrow of await cards(page).locator(".eyebrow").allTextContents())
        expect(eyebrow).toBe("Creative Tools");
      await page.reload();
      await expect(cards(page)).toHaveCount(3);

      await categories.getByRole("link", { name: "All" }).click();
      // Wait for the list to change before the next click, or the tag link still carries the category.
      await expect(page).toHaveURL(/\/blogpage$/);
      await expect(cards(page)).not.toHaveCount(3);
      await page
        .getByRole("navigation", { name: "Popular tags" })
        .getByRole("link", { name: "#pricing" })
        .click();
      await expect(page).toHaveURL(/\?tag=pricing$/);
      await expect(cards(page)).toHaveCount(3);
      await categories.getByRole("link", { name: "AI Tokens" }).click();
      await expect(page).toHaveURL(/\?category=ai-tokens&tag=pricing$/);
      await expect(cards(page)).toHaveCount(2);
      await page.reload();
      await expect(cards(page)).toHaveCount(2);
      await expect(page.locator("#articles").getByRole("status")).toContainText(
        "2 articles for AI Tokens, #pricing",
      );
    });

    test("blog pages: older posts on page 2, and a post links back to the list", async ({ page }) => {
      await open(page, "/blogpage");
      await page.getByRole("link", { name: "Older →" }).click();
      await expect(page).toHaveURL(/\?page=2$/);
      await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
      await expect(cards(page)).not.toHaveCount(0);
      await cards(page).first().getByRole("link").click();
      await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
      await expect(page.locator(".post-body h2").first()).toBeVisible();
      await page.getByRole("link", { name: "← Back to blog" }).click();
      await expect(page).toHaveURL(/\/blogpage$/);
    });

    test("an unknown post or article says so, with a 404 status", async ({ page }) => {
      const post = await open(page, "/blog/no-such-post");
      expect(post?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Post not found.");
      await expect(page.getByRole("link", { name: "← Back to blog" })).toHaveAttribute("href", "/blogpage");
      const article = await open(page, "/article/no-such-article");
      expect(article?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Article not found");
    });

    test("the events filter keeps to one type, and past events are marked", async ({ page }) => {
      const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
      await open(page, "/events");
      const filter = page.getByRole("navigation", { name: "Event type" });
      await expect(filter.getByRole("link")).toHaveText(["All", "Conferences", "Workshops", "Meetups"]);
      await expect(page.getByTestId("event")).toHaveCount(events.events.length);
      await expect(page.locator('[data-testid="event"][data-past="true"]')).toHaveCount(
        events.events.filter((e) => e.date < today).length,
      );
      await expect(page.locator('[data-testid="event"][data-past="true"]').first()).toContainText(
        "Past event",
      );
      await filter.getByRole("link", { name: "Workshops" }).click();
      await expect(page).toHaveURL(/\/events\?category=workshops$/);
      await expect(filter.getByRole("link", { name: "Workshops" })).toHaveAttribute("aria-current", "page");
      await expect(page.getByTestId("event")).toHaveCount(
        events.events.filter((e) => e.category === "workshop").length,
      );
      for (const price of await page.getByTestId("event-price").allTextContents())
        expect(price).toBe("₹1,200");
      await page.reload();
      await expect(page.getByTestId("event")).toHaveCount(
        events.events.filter((e) => e.category === "workshop").length,
      );
    });

    test("careers: Apply on a position picks its role in the form", async ({ page }) => {
      await open(page, "/careerpage");
      const position = careers.positions.items[1]!;
      await page.getByRole("link", { name: `Apply: ${position.title}` }).click();
      await expect(page).toHaveURL(new RegExp(`\\?role=${position.role}#apply$`));
      await expect(page.getByLabel("Role of interest")).toHaveValue(position.role);
    });

    test("help & support links to the chat and to a new ticket; answers open without JavaScript", async ({
      page,
    }) => {
      await open(page, "/helpsupport");
      await expect(page.getByRole("link", { name: "Start a chat" })).toHaveAttribute("href", "/chat");
      await expect(page.getByRole("link", { name: "Create a ticket" }).first()).toHaveAttribute(
        "href",
        "/createticket",
      );
      const faq = page.locator("details.faq").first();
      await faq.locator("summary").click();
      await expect(faq.locator("p")).toBeVisible();
    });
  });
}

test.describe("team portraits", () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  const broken = "**/media/team/aarav-mehta.svg";

  test("with JavaScript, a portrait that fails to load is replaced by the placeholder", async ({ page }) => {
    await page.route(broken, (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto("/teampage");
    await waitForHydration(page);
    const first = page.getByTestId("team-member").first().locator("img");
    await expect(first).toHaveAttribute("src", "/media/team/placeholder.svg");
    await expect(first).toHaveAttribute("data-fallback", "true");
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(first).toHaveAttribute("alt", "Illustrated portrait of Aarav Mehta");
    await expect(page.getByTestId("team-member").nth(1).locator("img")).toHaveAttribute(
      "src",
      "/media/team/ishita-rao.svg",
    );
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a portrait that fails to load shows the placeholder", async ({ page, browser }) => {
      const placeholder = readFileSync(
        path.join(import.meta.dirname, "../../public/media/team/placeholder.svg"),
      );
      const portrait = page.locator(".portrait").first();
      const shoot = async (serve: "broken" | "placeholder" | "real") => {
        await page.unroute(broken);
        if (serve === "broken") await page.route(broken, (route) => route.fulfill({ status: 404, body: "" }));
        // What the fallback must look like: the placeholder served in the portrait's place.
        if (serve === "placeholder")
          await page.route(broken, (route) =>
            route.fulfill({ status: 200, contentType: "image/svg+xml", body: placeholder }),
          );
        await page.goto("/teampage");
        await expect(portrait.locator("img")).toHaveJSProperty("complete", true);
        await expect(portrait.locator("img")).toHaveJSProperty("naturalWidth", serve === "broken" ? 0 : 480);
        return portrait.screenshot();
      };
      const fallback = await shoot("broken");
      const expected = await shoot("placeholder");
      const real = await shoot("real");
      expect(await differingPixels(browser, fallback, expected)).toBeLessThan(0.01);
      expect(await differingPixels(browser, real, expected)).toBeGreaterThan(0.2);
    });
  });
});

test("content pages have a title, description, canonical and Open Graph tags, and run under the CSP", async ({
  page,
}) => {
  test.setTimeout(120_000); // a dozen pages in one test
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const titles = new Set<string>();
  for (const { path: url } of ROUTES) {
    await page.goto(url);
    const title = await page.title();
    titles.add(title);
    const meta = (selector: string) => page.locator(selector).getAttribute("content");
    expect((await meta('meta[name="description"]'))?.length, url).toBeGreaterThan(50);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(canonical, url).toBe(new URL(url.split("?")[0]!, page.url()).href);
    expect(await meta('meta[property="og:title"]'), url).toBe(title);
    expect(await meta('meta[property="og:description"]'), url).toBeTruthy();
    expect(await meta('meta[property="og:image"]'), url).toMatch(/\/media\/og\.png$/);
  }
  expect(titles.size).toBe(ROUTES.length);
  expect(violations).toEqual([]);
});

test("the investors' pitch deck downloads as a PDF", async ({ page, request }) => {
  await page.goto("/investorpage");
  const link = page.getByRole("link", { name: investors.deck.label });
  await expect(link).toHaveAttribute("href", investors.deck.file);
  await expect(link).toHaveAttribute("download", "");
  const response = await request.get(investors.deck.file);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await expect(page.getByRole("heading", { name: investors.milestones.items[0]!.title })).toBeVisible();
});

test("the blog and team pages do not shift while they load", async ({ page }) => {
  for (const url of ["/blogpage", "/teampage", "/blog/how-creative-tokens-work"]) {
    await page.goto(url);
    await waitForHydration(page);
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
            })[])
              if (!entry.hadRecentInput) total += entry.value;
          }).observe({ type: "layout-shift", buffered: true });
          setTimeout(() => resolve(total), 500);
        }),
    );
    expect(shift, url).toBeLessThan(0.02);
  }
});
