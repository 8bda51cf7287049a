import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { HOME, LAYOUTS, mediaWithoutDimensions } from "./marketing-content";

const HERO = "LETS ASCEND BRAND EXPERIENCES LIKE NOWHERE";
const slider = (page: Page) => page.getByTestId("hero-slider");
/** Timers only move when the test moves them. */
async function frozenClock(page: Page) {
  await page.clock.install({ time: new Date("2026-01-01T00:00:00Z") });
  await page.clock.pauseAt(new Date("2026-01-01T00:00:01Z"));
}
const slideIndex = (page: Page) => slider(page).evaluate((el) => Math.round(el.scrollLeft / el.clientWidth));

for (const layout of LAYOUTS) {
  test.describe(layout.name, () => {
    test.use({ viewport: { width: layout.width, height: 900 }, javaScriptEnabled: layout.js });

    test("the home page has every section", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1, name: HERO })).toBeVisible();
      await expect(page.getByTestId("learn-more")).toHaveText(HOME.hero.learnMore);
      await expect(page.getByTestId("learn-more")).toHaveAttribute("href", "#highlights");

      const slides = slider(page).locator("article");
      await expect(slides).toHaveCount(4);
      for (let i = 0; i < 4; i++) {
        const slide = slides.nth(i);
        await expect(slide.getByRole("heading", { name: HOME.slider.slides[i]!.title })).toBeAttached();
        // A slide is a service, not a shop item: it asks for a quote (issue 35).
        await expect(slide.getByRole("link", { name: HOME.slider.quote.label })).toHaveAttribute(
          "href",
          "/contact#get-a-quote",
        );
        await expect(slide.getByRole("link", { name: HOME.slider.previous })).toHaveAttribute(
          "href",
          `#slide-${((i + 3) % 4) + 1}`,
        );
        await expect(slide.getByRole("link", { name: HOME.slider.next })).toHaveAttribute(
          "href",
          `#slide-${((i + 1) % 4) + 1}`,
        );
      }

      await expect(
        page.getByRole("link", { name: HOME.promos.tokens.learnMore.label }).nth(1),
      ).toHaveAttribute("href", "/creative-tokens");
      await expect(page.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/profile");
      const ai = page.getByRole("link", { name: new RegExp(HOME.promos.aiModels.cta.label) });
      await expect(ai).toHaveAttribute("href", /^https:\/\//);
      await expect(ai).toHaveAttribute("rel", /noopener/);

      const picture = page.locator("picture").filter({ has: page.getByAltText(HOME.strategy.wide.alt) });
      await expect(picture.locator("source")).toHaveAttribute("media", "(max-width: 767px)");
      await expect(picture.locator("source")).toHaveAttribute("srcset", HOME.strategy.narrow);
      const strategyImage = picture.locator("img");
      await strategyImage.scrollIntoViewIfNeeded();
      await expect
        .poll(() => strategyImage.evaluate((img: HTMLImageElement) => img.currentSrc))
        .toContain(layout.width <= 767 ? "strategy-narrow.svg" : "strategy-wide.svg");

      const marquee = page.getByTestId("brand-marquee");
      await expect(marquee.getByRole("listitem")).toHaveCount(16); // the repeat is hidden from assistive tech
      await expect(marquee.locator("li")).toHaveCount(32);
      await expect(marquee.getByRole("list").first().getByText(HOME.brands.items[0]!.name)).toBeAttached();

      const packages = page.getByTestId("package-slider").locator("> li");
      await expect(packages).toHaveCount(6);
      for (const [i, item] of HOME.packages.items.entries()) {
        await expect(packages.nth(i)).toContainText(HOME.packages.category);
        await expect(packages.nth(i)).toContainText(item.tagline);
        await expect(packages.nth(i).getByRole("link")).toHaveAttribute(
          "href",
          `/solutions/${item.colour}#solution-tabs`,
        );
      }
      await expect(packages.nth(5)).toContainText("Explore More Ways");
      await expect(page.getByTestId("chat-slot")).toBeAttached();
      expect(await mediaWithoutDimensions(page)).toBe(0);
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });

  test("slider arrows are links between slides, and wrap around", async ({ page }) => {
    await page.goto("/");
    await slider(page).locator("#slide-1").getByRole("link", { name: HOME.slider.next }).click();
    await expect(page).toHaveURL(/#slide-2$/);
    await expect.poll(() => slideIndex(page)).toBe(1);
    await slider(page).locator("#slide-2").getByRole("link", { name: HOME.slider.previous }).click();
    await expect.poll(() => slideIndex(page)).toBe(0);
    await slider(page).locator("#slide-1").getByRole("link", { name: HOME.slider.previous }).click();
    await expect(page).toHaveURL(/#slide-4$/);
    await expect.poll(() => slideIndex(page)).toBe(3);
    await slider(page).locator("#slide-4").getByRole("link", { name: HOME.slider.next }).click();
    await expect.poll(() => slideIndex(page)).toBe(0);
  });

  test("Learn More is a plain anchor to the slider", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("learn-more").click();
    await expect(page).toHaveURL(/#highlights$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  for (const [width, steps] of [
    [375, 6],
    [1440, 4],
  ] as const) {
    test(`package arrows are ?pkg= links that wrap after ${steps} steps at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      const section = page.locator("#custom-solutions");
      await expect(section.locator(".arrows:visible")).toHaveAttribute("data-steps", String(steps));
      for (let i = 1; i <= steps; i++) {
        await section.getByRole("link", { name: HOME.packages.next }).click();
        const expected = i % steps;
        await expect(page).toHaveURL(new RegExp(`\\?pkg=${expected}#package-${expected}$`));
        await expect(section).toHaveAttribute("data-step", String(expected));
      }
      await section.getByRole("link", { name: HOME.packages.previous }).click();
      await expect(section).toHaveAttribute("data-step", String(steps - 1));
    });
  }
});

test.describe("with JavaScript", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("Learn More scrolls one screen height minus 80 px", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByTestId("learn-more").click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900 - 80);
    expect(page.url()).not.toContain("#");
  });

  test("the arrows scroll the slider in place and wrap around", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await slider(page).locator("#slide-1").getByRole("link", { name: HOME.slider.previous }).click();
    await expect.poll(() => slideIndex(page)).toBe(3);
    await slider(page).locator("#slide-4").getByRole("link", { name: HOME.slider.next }).click();
    await expect.poll(() => slideIndex(page)).toBe(0);
    expect(page.url()).not.toContain("#slide");
  });

  test("the slider advances every 5000 ms, wraps, and pauses while hovered", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await frozenClock(page);
    await page.goto("/");
    await waitForHydration(page);
    await page.clock.runFor(4_900);
    expect(await slideIndex(page)).toBe(0);
    for (const expected of [1, 2, 3, 0]) {
      await page.clock.runFor(5_000);
      await expect.poll(() => slideIndex(page)).toBe(expected);
    }
    // An advance asks the strip to scroll (smoothly, so its position moves only later):
    // count those requests, so the check needs no wait for a scroll that never comes.
    await slider(page).evaluate((strip) => {
      const counter = window as unknown as { stripMoves: number };
      counter.stripMoves = 0;
      const scrollTo = strip.scrollTo.bind(strip) as (options: ScrollToOptions) => void;
      strip.scrollTo = ((options: ScrollToOptions) => {
        counter.stripMoves++;
        scrollTo(options);
      }) as typeof strip.scrollTo;
    });
    await slider(page).hover();
    await page.clock.runFor(15_000);
    expect(await page.evaluate(() => (window as unknown as { stripMoves: number }).stripMoves)).toBe(0);
    expect(await slideIndex(page)).toBe(0);
  });

  test("no autoplay and no marquee motion for reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await frozenClock(page);
    await page.goto("/");
    await waitForHydration(page);
    await page.clock.runFor(11_000);
    // With reduced motion any scroll would be instant, so the position tells at once.
    expect(await slideIndex(page)).toBe(0);
    const track = page.getByTestId("brand-marquee").locator(".marquee-track");
    expect(await track.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
    await expect(page.getByTestId("brand-marquee").locator("ul[aria-hidden]")).toBeHidden();
  });

  test("the brand marquee scrolls in CSS and the list is repeated for a seamless loop", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto("/");
    const track = page.getByTestId("brand-marquee").locator(".marquee-track");
    expect(await track.evaluate((el) => getComputedStyle(el).animationName)).toBe("marquee");
    const [a, b] = await page
      .getByTestId("brand-marquee")
      .locator("ul")
      .evaluateAll((lists) => lists.map((l) => l.textContent));
    expect(a).toBe(b);
  });
});

// docs/product.md, "Marketing pages": visible cards and steps by window width; each click moves 290 px.
for (const [width, visible, steps] of [
  [375, 1, 6],
  [767, 1, 6],
  [768, 2, 6],
  [1023, 2, 6],
  [1024, 3, 5],
  [1439, 3, 5],
  [1440, 4, 4],
] as const) {
  test(`package slider at ${width} px: ${visible} visible, wraps after ${steps} steps`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    await waitForHydration(page);
    const strip = page.getByTestId("package-slider");
    const section = page.locator("#custom-solutions");
    await strip.scrollIntoViewIfNeeded();
    const fullyVisible = await strip.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return [...el.children].filter((c) => {
        const r = c.getBoundingClientRect();
        return r.left >= box.left - 1 && r.right <= box.right + 1;
      }).length;
    });
    expect(fullyVisible).toBe(visible);

    const next = section.getByRole("link", { name: HOME.packages.next }).locator("visible=true");
    const scrollLeft = () => strip.evaluate((el) => Math.round(el.scrollLeft));
    await next.click();
    await expect(section).toHaveAttribute("data-step", "1");
    await expect.poll(scrollLeft).toBe(290);
    for (let i = 2; i < steps; i++) await next.click();
    await expect(section).toHaveAttribute("data-step", String(steps - 1));
    await expect.poll(scrollLeft).toBeGreaterThan(290);
    await next.click();
    await expect(section).toHaveAttribute("data-step", "0");
    await expect.poll(scrollLeft).toBe(0);
  });
}

test("package slider: a swipe sets the step the arrows go on from; quick clicks are never lost", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto("/");
  await waitForHydration(page);
  const strip = page.getByTestId("package-slider");
  const section = page.locator("#custom-solutions");
  await strip.scrollIntoViewIfNeeded();
  const scrollLeft = () => strip.evaluate((el) => Math.round(el.scrollLeft));

  const box = (await strip.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(700, 0);
  await expect.poll(scrollLeft).toBeGreaterThan(435);
  await expect
    .poll(async () => Number(await section.getAttribute("data-step")))
    .toBe(Math.round((await scrollLeft()) / 290));
  const swiped = Number(await section.getAttribute("data-step"));
  expect(swiped).toBeGreaterThanOrEqual(2);

  const next = section.getByRole("link", { name: HOME.packages.next }).locator("visible=true");
  await next.click();
  await expect(section).toHaveAttribute("data-step", String(swiped + 1));
  await expect.poll(scrollLeft).toBe((swiped + 1) * 290);

  // Three clicks 80 ms apart, each cutting the last one's smooth scroll short,
  // and each followed by the scrollend of the scroll before it: a busy page
  // delivers that event late, while the strip is mid-way.
  const previous = section.getByRole("link", { name: HOME.packages.previous }).locator("visible=true");
  await previous.evaluate(async (arrow) => {
    const strip = document.querySelector('[data-testid="package-slider"]')!;
    for (let i = 0; i < 3; i++) {
      (arrow as HTMLAnchorElement).click();
      await new Promise((resolve) => setTimeout(resolve, 80));
      strip.dispatchEvent(new Event("scrollend"));
    }
  });
  await expect.poll(scrollLeft).toBe((swiped - 2) * 290);
  await expect(section).toHaveAttribute("data-step", String(swiped - 2));
});

test("structured data: Organization JSON-LD on the home page", async ({ page }) => {
  await page.goto("/");
  const json = await page.locator('script[type="application/ld+json"]').textContent();
  expect(JSON.parse(json!)).toMatchObject({
    "@context": "https://schema.org",
    "@type": "Organization",
    name: "Ascendra",
  });
});
