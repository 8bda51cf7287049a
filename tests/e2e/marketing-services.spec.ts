import { expect, test } from "./fixtures";
import { LAYOUTS, mediaWithoutDimensions, SERVICES } from "./marketing-content";

for (const layout of LAYOUTS) {
  test.describe(layout.name, () => {
    test.use({ viewport: { width: layout.width, height: 900 }, javaScriptEnabled: layout.js });

    test("the services page has every section", async ({ page }) => {
      await page.goto("/services");
      const heading = page.getByRole("heading", { level: 1 });
      for (const bar of ["Ascendra", ...SERVICES.intro.bars.slice(1)])
        await expect(heading).toContainText(bar);
      await expect(page.getByTestId("intro-bar")).toHaveCount(3);

      const create = page.getByRole("region", { name: SERVICES.whatWeCreate.title });
      await expect(create.getByRole("link")).toHaveCount(8);
      for (const item of SERVICES.whatWeCreate.items) {
        const link = create.getByRole("link", { name: new RegExp(`^${item.label.replace(/[&,]/g, ".")}`) });
        await expect(link).toHaveAttribute("href", `/strategy?service=${encodeURIComponent(item.service)}`);
        await expect(link.getByText(SERVICES.whatWeCreate.newBadge, { exact: true })).toHaveCount(
          item.isNew ? 1 : 0,
        );
      }
      await expect(create.getByText("NEW", { exact: true })).toHaveCount(2);

      await expect(page.getByRole("heading", { name: SERVICES.spotlight.title })).toBeVisible();
      await expect(page.getByTestId("spotlight").locator("img")).toHaveCount(2);
      await expect(page.getByTestId("load-more")).toHaveAttribute("href", /\?spotlight=1#spotlight$/);
      await expect(page.getByRole("heading", { name: SERVICES.quality.title })).toBeVisible();
      expect(await mediaWithoutDimensions(page)).toBe(0);
    });

    test("every 4th Load More shows the video instead of images", async ({ page }) => {
      await page.goto("/services");
      const spotlight = page.getByTestId("spotlight");
      for (let click = 1; click <= 5; click++) {
        await page.getByTestId("load-more").click();
        await expect(page).toHaveURL(new RegExp(`\\?spotlight=${click}#spotlight$`));
        if (click === 4) {
          await expect(spotlight).toHaveAttribute("data-kind", "video");
          await expect(spotlight.locator("video")).toHaveCount(1);
          await expect(spotlight.locator("img")).toHaveCount(0);
          await expect(spotlight.locator("video")).toHaveJSProperty("muted", true);
        } else {
          await expect(spotlight).toHaveAttribute("data-kind", "images");
          await expect(spotlight.locator("img")).toHaveCount(2);
        }
      }
    });
  });
}

for (const [width, widths] of [
  [1440, [480, 350, 200]],
  [1025, [480, 350, 200]],
  [1024, [250, 170, 90]],
  [375, [250, 170, 90]],
] as const) {
  test(`the intro bars grow to ${widths.join("/")} px at ${width} px, after 100/300/400 ms`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/services");
    const bars = page.getByTestId("intro-bar");
    expect(await bars.evaluateAll((els) => els.map((el) => getComputedStyle(el).animationDelay))).toEqual([
      "0.1s",
      "0.3s",
      "0.4s",
    ]);
    expect(await bars.evaluateAll((els) => els.map((el) => getComputedStyle(el).animationName))).toEqual([
      "bar-grow",
      "bar-grow",
      "bar-grow",
    ]);
    await expect
      .poll(() => bars.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().width))))
      .toEqual([...widths]);
  });
}

test("the intro bars grow without moving the page below them (no layout shift)", async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean };
    const page = window as unknown as { shifts: number; pendingShifts: () => void };
    page.shifts = 0;
    const add = (entries: PerformanceEntryList) => {
      for (const entry of entries as Shift[]) if (!entry.hadRecentInput) page.shifts += entry.value;
    };
    const observer = new PerformanceObserver((list) => add(list.getEntries()));
    observer.observe({ type: "layout-shift", buffered: true });
    // Entries not yet handed to the callback, taken now instead of after a wait.
    page.pendingShifts = () => add(observer.takeRecords());
  });
  await page.goto("/services");
  const bars = page.getByTestId("intro-bar");
  await expect
    .poll(() => bars.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().width))))
    .toEqual([250, 170, 90]);
  // Once every bar's animation has finished, nothing else moves.
  await bars.evaluateAll((els) =>
    Promise.all(els.flatMap((el) => el.getAnimations()).map((animation) => animation.finished)),
  );
  const shifts = await page.evaluate(() => {
    const state = window as unknown as { shifts: number; pendingShifts: () => void };
    state.pendingShifts();
    return state.shifts;
  });
  expect(shifts).toBeLessThan(0.01);
});
