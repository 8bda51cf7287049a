import { createAccount, expect, test } from "./fixtures";
import { LAYOUTS, mediaWithoutDimensions, TOKENS } from "./marketing-content";

const LOGIN_FIRST = "/login?redirectTo=%2Fdashboard2%2Fbilling%2Ftokens";
const loginFirst = (bundle: string) =>
  `/login?${new URLSearchParams({ redirectTo: `/dashboard2/billing/tokens?package=${bundle}&region=us` })}`;

for (const layout of LAYOUTS) {
  test.describe(layout.name, () => {
    test.use({ viewport: { width: layout.width, height: 900 }, javaScriptEnabled: layout.js });

    test("the creative tokens page has every section and wired calls to action", async ({ page }) => {
      await page.goto("/creative-tokens");
      await expect(page.getByRole("heading", { level: 1, name: TOKENS.hero.title })).toBeVisible();
      for (const title of [
        TOKENS.howItWorks.title,
        TOKENS.usage.title,
        TOKENS.pricing.title,
        TOKENS.tiers.title,
        TOKENS.addOns.title,
        TOKENS.about.title,
      ]) {
        await expect(page.getByRole("heading", { level: 2, name: title })).toBeAttached();
      }
      await expect(page.getByTestId("usage").locator("li")).toHaveCount(TOKENS.usage.items.length);
      await expect(page.getByTestId("bundles").locator("> li")).toHaveCount(3);
      const tiers = page.getByTestId("tiers");
      await expect(tiers.locator('[data-tier="Basic"] dd')).toHaveText(["5 tokens", "1 tokens", "2 tokens"]);
      await expect(tiers.locator('[data-tier="Pro"] dd')).toHaveText(["20 tokens", "10 tokens", "3 tokens"]);
      const rows = page.getByTestId("add-ons").locator("tbody tr");
      await expect(rows).toHaveCount(8);
      await expect(rows.filter({ hasText: "Landing Page, design only" }).locator("td")).toHaveText([
        "100",
        "$120",
        "€110",
        "₹9,980",
      ]);
      await expect(rows.filter({ hasText: "Video Revisions" }).locator("td")).toHaveText([
        "1 onwards",
        "$2",
        "€2",
        "₹160",
      ]);

      const getTokens = page.getByRole("link", { name: /^Get Tokens/ });
      expect(await getTokens.count()).toBe(5); // hero, three bundles, Get Tokens Now
      // The hero and closing buttons open the purchase page; each bundle's opens it with that bundle chosen.
      expect(await getTokens.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
        LOGIN_FIRST,
        loginFirst("essential"),
        loginFirst("popular"),
        loginFirst("best-value"),
        LOGIN_FIRST,
      ]);
      await expect(page.getByRole("link", { name: "Get Tokens Now" })).toBeVisible();
      for (const href of await page
        .getByRole("main")
        .getByRole("link", { name: "Contact Us" })
        .evaluateAll((links) => links.map((a) => a.getAttribute("href"))))
        expect(href).toBe("/contact");
      expect(await mediaWithoutDimensions(page)).toBe(0);
    });

    test("region tabs switch the bundle prices", async ({ page }) => {
      await page.goto("/creative-tokens");
      const region = page.getByRole("navigation", { name: "Region" });
      const prices = page.getByTestId("bundle-price");
      await expect(region.getByRole("link", { name: "US" })).toHaveAttribute("aria-current", "page");
      await expect(prices).toHaveText(["$70", "$130", "$250"]);
      await region.getByRole("link", { name: "Europe" }).click();
      await expect(page).toHaveURL(/\?region=eu#pricing$/);
      await expect(prices).toHaveText(["€65", "€120", "€230"]);
      await expect(region.getByRole("link", { name: "Europe" })).toHaveAttribute("aria-current", "page");
      await region.getByRole("link", { name: "India" }).click();
      await expect(prices).toHaveText(["₹5,800", "₹10,800", "₹20,800"]);
    });
  });
}

test("Get Tokens: sign in first, then the token purchase page of the dashboard", async ({ page }) => {
  const { username, password } = await createAccount(page);
  await page.goto("/creative-tokens");
  await page.getByRole("link", { name: "Get Tokens" }).first().click();
  await expect(page).toHaveURL(LOGIN_FIRST);
  await page.getByLabel("Username or email").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard2\/billing\/tokens$/);
  await expect(page.getByRole("heading", { level: 1, name: "Buy Creative Tokens" })).toBeVisible();

  await page.goto("/creative-tokens?region=in");
  await expect(page.getByRole("link", { name: "Get Tokens" }).first()).toHaveAttribute(
    "href",
    "/dashboard2/billing/tokens",
  );
  await page.getByRole("link", { name: "Get Tokens: Popular" }).click();
  await expect(page).toHaveURL(/\/dashboard2\/billing\/tokens\?package=popular&region=in$/);
  await expect(page.getByRole("radio", { name: /Popular/ })).toBeChecked();
  // The purchase page prices in the client's one currency (decision 0059): with no setting and no
  // purchase, the browser's language (Playwright's en-US) decides, whatever tab the link came from.
  await expect(page.getByText("Prices in US dollars ($).")).toBeVisible();
});
