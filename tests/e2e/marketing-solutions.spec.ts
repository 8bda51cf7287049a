import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { LAYOUTS, SOLUTIONS } from "./marketing-content";

const tabs = (page: Page) => page.getByRole("navigation", { name: "Solutions" });

for (const layout of LAYOUTS) {
  test.describe(layout.name, () => {
    test.use({ viewport: { width: layout.width, height: 900 }, javaScriptEnabled: layout.js });

    test("purple starts on SUPPORT-PACK", async ({ page }) => {
      await page.goto("/solutions/purple");
      await expect(page.getByRole("heading", { level: 1, name: SOLUTIONS.headline })).toBeAttached();
      await expect(tabs(page).getByRole("link", { name: "SUPPORT-PACK" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      const pack = page.getByTestId("support-pack");
      await expect(pack.getByRole("heading", { name: "GRAPHIC DESIGN" })).toBeVisible();
      await expect(pack.getByRole("heading", { name: "DEVELOP/DEPLOY" })).toBeVisible();
      await expect(pack.getByText("ON-PROJECT SOLUTION")).toHaveCount(2);
      for (const point of ["Professional creative team", "High end developers", "Faster delivery"])
        await expect(pack.getByText(point).first()).toBeVisible();
      await expect(pack.getByRole("link", { name: /^CONTACT/ }).first()).toHaveAttribute("href", "/contact");
    });

    test("other colours start on SUBSCRIPTIONS with the five plans; tabs are links", async ({ page }) => {
      await page.goto("/solutions/green");
      await expect(tabs(page).getByRole("link", { name: "SUBSCRIPTIONS" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      const plans = page.getByTestId("plans").locator("> li");
      await expect(plans).toHaveCount(5);
      for (const [i, plan] of SOLUTIONS.plans.entries()) {
        await expect(plans.nth(i)).toHaveAttribute("data-colour", plan.colour);
        await expect(plans.nth(i).getByRole("heading", { name: plan.name })).toBeVisible();
        await expect(plans.nth(i)).toContainText("MONTHLY SUBSCRIPTION");
        await expect(plans.nth(i).locator("ul li")).toHaveCount(plan.features.length);
        await expect(plans.nth(i).getByRole("link", { name: /^CONTACT/ })).toHaveAttribute(
          "href",
          "/contact",
        );
      }
      await expect(page.locator('[data-selected="true"]')).toHaveAttribute("data-colour", "green");

      await tabs(page).getByRole("link", { name: "CONSULTATION" }).click();
      await expect(page).toHaveURL(/\/solutions\/green\?tab=consultation#solution-tabs$/);
      await expect(tabs(page).getByRole("link", { name: "CONSULTATION" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      const consultation = page.getByTestId("consultation");
      await expect(consultation.getByText("FAST PACED SOLUTION")).toBeVisible();
      for (const point of SOLUTIONS.consultation.points)
        await expect(consultation.getByText(point)).toBeVisible();
      await expect(page.getByTestId("plans")).toHaveCount(0);
    });
  });
}

test("with JavaScript the page stays at its top on load, and a switch slides out then in", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.goto("/solutions/blue");
  await waitForHydration(page);
  // Issue 35: the page used to scroll itself ~377 px down to the tabs.
  await page.waitForTimeout(600);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // The page is an island (decision 0045): the old panel slides out, then the
  // next tab's page loads and its panel slides in. The moment of the slide-out
  // is kept in sessionStorage to compare with the next document's start.
  const panel = page.locator("[data-tab]");
  await page.evaluate(() => {
    const old = document.querySelector("#solution-tabs [data-tab]")!;
    new MutationObserver(() => {
      if (old.className.includes("tab-out")) sessionStorage.setItem("tabOutAt", String(Date.now()));
    }).observe(old, { attributes: true, attributeFilter: ["class"] });
  });
  await tabs(page).getByRole("link", { name: "SUPPORT-PACK" }).click();
  await expect(page).toHaveURL(/\?tab=support-pack#solution-tabs$/);
  await expect(panel).toHaveAttribute("data-tab", "support-pack");
  await expect(panel).toHaveClass(/tab-in/);
  // The tab's link (#solution-tabs) brings the tabs into view.
  await expect
    .poll(() => page.locator("#solution-tabs").evaluate((el) => Math.round(el.getBoundingClientRect().top)))
    .toBeLessThan(120);
  const { tabOutAt, loadedAt } = await page.evaluate(() => ({
    tabOutAt: Number(sessionStorage.getItem("tabOutAt")),
    loadedAt: performance.timeOrigin,
  }));
  expect(tabOutAt).toBeGreaterThan(0);
  expect(loadedAt - tabOutAt).toBeGreaterThanOrEqual(240);
  expect(await panel.evaluate((el) => getComputedStyle(el).animationDuration)).toBe("0.25s");
});

test("an unknown colour is a 404 inside the site shell", async ({ page }) => {
  const response = await page.goto("/solutions/orange");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});

test("prices in rupees load the 1 KB rupee font, never a whole latin-ext font file", async ({ page }) => {
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") fonts.push(new URL(request.url()).pathname);
  });
  for (const path of ["/solutions", "/creative-tokens"]) {
    await page.goto(path);
    await expect(page.getByText(/₹/).first()).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
  }
  expect(fonts.some((f) => /rupee/.test(f))).toBe(true);
  expect(fonts.filter((f) => /latin-ext/.test(f))).toEqual([]);
});
