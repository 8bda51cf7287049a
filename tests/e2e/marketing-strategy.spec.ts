import { expect, test } from "./fixtures";
import { LAYOUTS, mediaWithoutDimensions, STRATEGY } from "./marketing-content";

const sound = STRATEGY.services.find((s) => s.name === "Sound Design")!;

for (const layout of LAYOUTS) {
  test.describe(layout.name, () => {
    test.use({ viewport: { width: layout.width, height: 900 }, javaScriptEnabled: layout.js });

    test("a service page: header, five feature cards, scalability, contact video", async ({ page }) => {
      await page.goto("/strategy?service=Sound%20Design");
      await expect(page.getByRole("heading", { level: 1, name: sound.header.heading })).toBeVisible();
      await expect(page.getByText(sound.header.text)).toBeVisible();
      await expect(
        page.getByRole("link", { name: new RegExp(STRATEGY.labels.serviceFeatures) }),
      ).toHaveAttribute("href", "#key-features");
      await expect(page.getByRole("heading", { name: STRATEGY.labels.keyFeatures })).toBeVisible();
      const cards = page.getByTestId("feature-cards").locator("> li");
      await expect(cards).toHaveCount(5);
      for (const [i, feature] of sound.features.entries()) {
        await expect(cards.nth(i).getByRole("heading", { name: feature.title })).toBeAttached();
        await expect(cards.nth(i).locator("img")).toHaveAttribute("src", feature.image);
        await expect(cards.nth(i)).toContainText(feature.description);
        await expect(cards.nth(i).locator("ul li")).toHaveCount(feature.bullets.length);
      }
      await expect(page.getByText(sound.scalability.title)).toBeVisible();
      await expect(page.getByTestId("scalability-line")).toHaveText(
        "LET THIS SOUND DESIGN SOLUTION WORK FOR YOU, EVERY WEEK.",
      );
      await expect(page.getByRole("link", { name: STRATEGY.labels.learnMore.label })).toHaveAttribute(
        "href",
        STRATEGY.labels.learnMore.href,
      );
      const video = page.getByTestId("contact-video");
      await expect(video).toHaveJSProperty("muted", true);
      await expect(video).toHaveJSProperty("loop", true);
      const poster = await video.getAttribute("poster");
      expect(STRATEGY.contact.videos.map((v) => v.poster)).toContain(poster);
      await expect(
        page.getByRole("main").getByRole("link", { name: STRATEGY.contact.cta.label }),
      ).toHaveAttribute("href", "/contact");
      expect(await mediaWithoutDimensions(page)).toBe(0);
    });

    test("an unknown or missing service shows the default cards", async ({ page }) => {
      for (const path of ["/strategy?service=Underwater%20Basket%20Weaving", "/strategy"]) {
        await page.goto(path);
        await expect(
          page.getByRole("heading", { level: 1, name: STRATEGY.default.header.heading }),
        ).toBeVisible();
        const titles = await page.getByTestId("feature-cards").locator("h3").allTextContents();
        expect(titles).toEqual(STRATEGY.default.features.map((f) => f.title));
      }
    });
  });
}

test("the service name is URL-decoded", async ({ page }) => {
  await page.goto("/strategy?service=Motion%20%26%20Video");
  await expect(page.getByTestId("scalability-line")).toHaveText(
    "LET THIS MOTION & VIDEO SOLUTION WORK FOR YOU, EVERY WEEK.",
  );
  await page.goto("/strategy?service=AI+AR+VR");
  await expect(page.getByTestId("scalability-line")).toHaveText(
    "LET THIS AI AR VR SOLUTION WORK FOR YOU, EVERY WEEK.",
  );
});

test("the contact clip loops with motion allowed, and stays a still poster for reduced motion", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.goto("/strategy?service=Strategy");
  await expect
    .poll(() => page.getByTestId("contact-video").evaluate((v: HTMLVideoElement) => v.currentSrc))
    .toMatch(/\/media\/clip-\w+\.(webm|mp4)$/);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.reload();
  // No source matches: the browser settles on "no source" and shows the poster.
  await expect
    .poll(() => page.getByTestId("contact-video").evaluate((v: HTMLVideoElement) => v.networkState))
    .toBe(3); // NETWORK_NO_SOURCE
  expect(await page.getByTestId("contact-video").evaluate((v: HTMLVideoElement) => v.currentSrc)).toBe("");
});
