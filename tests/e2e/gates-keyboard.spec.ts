// Quality gate: keyboard use. Walking a page with Tab reaches the footer (no
// trap), and every stop shows where focus is; the menu, sliders, tabs and forms
// work from the keyboard; reduced motion stops every endless animation.
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";

type Stop = { label: string; inFooter: boolean; visible: boolean };

/** Presses Tab until focus has been in the footer and left it again (or `max` presses). */
async function walk(page: Page, max = 300): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      // Focus inside a control's own browser UI (a date field's picker button): the browser styles it.
      if (!el.matches(":focus")) return "inner" as const;
      // A ring on the element, on its ::after (stretched links), or on the
      // card around it (:has(:focus-visible)) all count.
      const shows = (style: CSSStyleDeclaration) =>
        (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 1) || style.boxShadow !== "none";
      const candidates = [getComputedStyle(el), getComputedStyle(el, "::after")];
      for (let up = el.parentElement, i = 0; up && i < 3; up = up.parentElement, i++)
        candidates.push(getComputedStyle(up));
      return {
        label: `${el.tagName.toLowerCase()}${el.getAttribute("name") ? `[name=${el.getAttribute("name")}]` : ""} ${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}`,
        inFooter: !!el.closest("footer"),
        visible: candidates.some(shows),
      };
    });
    if (stop === "inner") continue;
    if (!stop) {
      if (stops.some((s) => s.inFooter)) break; // wrapped past the end of the page
      continue;
    }
    stops.push(stop);
  }
  return stops;
}

for (const path of ["/", "/services", "/strategy", "/solutions", "/creative-tokens", "/contact", "/login"]) {
  test(`Tab walks ${path} to the footer, focus always visible`, async ({ page }) => {
    // Hundreds of key presses, each followed by a look at the focused element: slow on a busy machine.
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(path);
    await waitForHydration(page);
    const stops = await walk(page);
    expect(stops.length, "focusable elements").toBeGreaterThan(5);
    expect(
      stops.some((s) => s.inFooter),
      `focus never reached the footer of ${path} (a trap?)`,
    ).toBe(true);
    expect(
      stops.filter((s) => !s.visible).map((s) => s.label),
      `stops without a visible focus indicator on ${path}`,
    ).toEqual([]);
  });
}

test("the hamburger menu opens, is walked and closes from the keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/services");
  await waitForHydration(page);
  const menu = page.locator('summary[aria-label="Menu"]');
  for (let i = 0; i < 20 && !(await menu.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(menu).toBeFocused();
  await page.keyboard.press("Enter");
  const nav = page.getByTestId("mobile-menu").getByRole("navigation", { name: "Main" });
  await expect(nav).toBeVisible();
  await page.keyboard.press("Tab");
  expect(
    await page.evaluate(() => !!document.activeElement?.closest('[data-testid="mobile-menu"] nav')),
  ).toBe(true);
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();
});

test("slider arrows and solutions tabs work from the keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await waitForHydration(page);
  const next = page.getByTestId("hero-slider").locator("#slide-1").getByRole("link", { name: /next/i });
  await next.focus();
  await page.keyboard.press("Enter");
  await expect
    .poll(() => page.getByTestId("hero-slider").evaluate((el) => Math.round(el.scrollLeft / el.clientWidth)))
    .toBe(1);

  await page.goto("/solutions");
  await waitForHydration(page);
  const tab = page.getByRole("link", { name: "SUPPORT-PACK" }).first();
  await tab.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/SUPPORT|support|tab=/i);
});

test("a form is filled and sent from the keyboard alone", async ({ page }) => {
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByLabel("Username or email").focus();
  await page.keyboard.type("nobody-here");
  await page.keyboard.press("Tab");
  await page.keyboard.type("wrong-password");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alert").first()).toBeVisible();
});

for (const path of ["/", "/services", "/solutions", "/creative-tokens"]) {
  test(`reduced motion: no endless animation runs on ${path}`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(path);
    await waitForHydration(page);
    const running = await page.evaluate(() =>
      [...document.querySelectorAll("*")]
        .filter((el) => {
          const s = getComputedStyle(el);
          return (
            s.animationName !== "none" &&
            s.animationIterationCount === "infinite" &&
            s.animationPlayState === "running" &&
            parseFloat(s.animationDuration) > 0.01
          );
        })
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
    );
    expect(running).toEqual([]);
  });
}
