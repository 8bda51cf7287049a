import { expect, test, waitForHydration } from "./fixtures";

const HERO = "LETS ASCEND BRAND EXPERIENCES LIKE NOWHERE";
const WORDS = ["Strategy", "Design", "Development", "Motion", "Social"];

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the home page renders the hero, navbar and footer", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: HERO })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const label of ["Services", "Solutions", "Contact", "Profile"]) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Cart", exact: true })).toHaveAttribute("href", "/cart");
    await expect(page.getByText(WORDS.join(", "))).toBeAttached();
  });

  test("the hamburger menu opens and closes at 375 px", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    const menuButton = page.locator('summary[aria-label="Menu"]');
    const mobileNav = page.getByTestId("mobile-menu").getByRole("navigation", { name: "Main" });
    await expect(menuButton).toBeVisible();
    await expect(mobileNav).toBeHidden();
    await menuButton.click();
    await expect(mobileNav).toBeVisible();
    await expect(mobileNav.getByRole("link", { name: "Contact" })).toBeVisible();
    await menuButton.click();
    await expect(mobileNav).toBeHidden();
  });

  test("menu links navigate without JavaScript", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    await page.locator('summary[aria-label="Menu"]').click();
    await page.getByTestId("mobile-menu").getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });
});

test("an unknown path is a 404 page inside the site shell", async ({ page }) => {
  const response = await page.goto("/no-such-page-here");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Page not found");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("contentinfo")).toBeVisible();
});

test("the footer: link groups, social links and the current year", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(
    footer.getByRole("navigation", { name: "Legal" }).getByRole("link", { name: "Privacy Policy" }),
  ).toHaveAttribute("href", "/privacy");
  const social = footer.getByRole("list", { name: "Social" });
  await expect(social.getByRole("link", { name: "Instagram" })).toHaveAttribute(
    "href",
    /^https:\/\/www\.instagram\.com\//,
  );
  await expect(social.getByRole("link", { name: "LinkedIn" })).toHaveAttribute(
    "href",
    /^https:\/\/www\.linkedin\.com\//,
  );
  for (const plain of ["Facebook", "Snapchat", "X"]) {
    await expect(social.getByText(plain, { exact: true })).toBeVisible();
    await expect(social.getByRole("link", { name: plain, exact: true })).toHaveCount(0);
  }
  await expect(footer.getByTestId("copyright-year")).toHaveText(String(new Date().getFullYear()));
});

test("the rotating words step 25 px every 2000 ms, and stop for reduced motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.goto("/");
  const words = page.getByTestId("rotating-words");
  await expect(words).toBeVisible();
  const box = await words.boundingBox();
  expect(box?.height).toBe(25);
  const track = words.locator(".rotating-words__track");
  const animation = await track.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      name: style.animationName,
      duration: style.animationDuration,
      timing: style.animationTimingFunction,
    };
  });
  expect(animation).toEqual({
    name: "rotate-words",
    duration: `${(WORDS.length * 2000) / 1000}s`,
    timing: `steps(${WORDS.length})`,
  });

  await page.emulateMedia({ reducedMotion: "reduce" });
  await expect.poll(() => track.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
});

test("the active link is highlighted", async ({ page }) => {
  await page.goto("/contact");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Contact" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Services" })).not.toHaveAttribute("aria-current", "page");
});

test("the strategy page marks the Services section in the navbar", async ({ page }) => {
  await page.goto("/strategy?service=Sound%20Design");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Services" })).toHaveClass(/bg-text/);
  await expect(nav.getByRole("link", { name: "Solutions" })).not.toHaveClass(/bg-text/);
});

// Client-side navigation: from /chat, the one public page React hydrates (the
// others are islands, decisions 0021 and 0045).
test.describe("with JavaScript", () => {
  test("the hamburger closes on Escape and after navigating", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/chat");
    await page.waitForFunction(
      () => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules,
    );
    const menuButton = page.locator('summary[aria-label="Menu"]');
    const mobileNav = page.getByTestId("mobile-menu").getByRole("navigation", { name: "Main" });
    await menuButton.click();
    await expect(mobileNav).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(mobileNav).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await mobileNav.getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(mobileNav).toBeHidden();
  });

  test("the hamburger on the home page (an island) closes on Escape too", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    await waitForHydration(page);
    const menuButton = page.locator('summary[aria-label="Menu"]');
    const mobileNav = page.getByTestId("mobile-menu").getByRole("navigation", { name: "Main" });
    await menuButton.click();
    await expect(mobileNav).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(mobileNav).toBeHidden();
    await expect(menuButton).toBeFocused();
    await menuButton.click();
    await page.getByRole("heading", { level: 1 }).click({ force: true });
    await expect(mobileNav).toBeHidden();
  });

  test("a client-side link to the home page loads it as a document, with its own script", async ({
    page,
  }) => {
    await page.goto("/chat");
    await page.waitForFunction(
      () => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules,
    );
    await page
      .getByRole("banner")
      .getByRole("link", { name: / home$/ })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.dataset.enhanced)).toBe("home");
    expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(false);
  });

  test("a new path starts at the top of the page", async ({ page }) => {
    await page.goto("/chat");
    await page.waitForFunction(
      () => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules,
    );
    const link = page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" });
    await link.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await link.click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

// A form error focuses the first invalid field (Conform calls focus()). When the
// visitor has scrolled just past that field, it sits under the sticky navbar,
// where the browser counts it as in view and would not scroll: scroll-margin
// makes focus bring it, with its label, out from under the navbar.
test("a field focused under the sticky navbar comes out from under it, label and all", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/contact");
  const field = page.getByLabel("Company name").first();
  const navbarBottom = await page
    .getByRole("banner")
    .first()
    .evaluate((el) => el.getBoundingClientRect().bottom);
  // Scroll so the field's top is 8 px below the top of the window, behind the navbar.
  await field.evaluate((el) =>
    window.scrollBy({ top: el.getBoundingClientRect().top - 8, behavior: "instant" }),
  );
  expect(await field.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(navbarBottom);
  await field.evaluate((el) => el.focus());
  // The page scrolls smoothly (scroll-behavior in app.css), so the field passes the navbar's edge
  // before the scroll ends: the positions are read once the window has stopped moving.
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        let last = window.scrollY;
        let stillFrames = 0;
        const watch = () => {
          if (window.scrollY !== last) [last, stillFrames] = [window.scrollY, 0];
          else if (++stillFrames >= 10) return resolve(true);
          requestAnimationFrame(watch);
        };
        requestAnimationFrame(watch);
      }),
  );
  expect(await field.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(navbarBottom);
  const labelTop = await page
    .locator("label", { hasText: "Company name" })
    .first()
    .evaluate((el) => el.getBoundingClientRect().top);
  expect(labelTop).toBeGreaterThanOrEqual(navbarBottom);
});
