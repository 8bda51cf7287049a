import type { Page } from "@playwright/test";
import { createAccount, expect, signIn, test, waitForHydration } from "./fixtures";

async function payWith(page: Page, number = "4242 4242 4242 4242") {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM/YY)").fill("12/39");
  await page.getByLabel("Security code").fill("123");
  await page.getByLabel("Name on card").fill("Asha Rao");
}

const notice = (page: Page) => page.getByTestId("action-notice");

// With JavaScript off, only "buy tokens, add to cart, checkout, download until
// the limit" (this family's no-JS journey) runs here; the other no-JS
// journeys are form posts in tests/http/journeys-billing.test.ts (issue 17).
for (const javaScriptEnabled of [false, true]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    test.setTimeout(150_000);

    test("buy tokens, add to cart, checkout, download until the limit", async ({ page }) => {
      const account = await createAccount(page);
      await signIn(page, account, javaScriptEnabled);

      await page.goto("/dashboard2/billing/tokens?package=essential");
      if (javaScriptEnabled) await waitForHydration(page);
      await expect(page.getByRole("radio", { name: /Essential/ })).toBeChecked();
      await page.getByRole("button", { name: "Pay and add tokens" }).click();
      await expect(page.getByText("Enter your card number.")).toBeVisible();
      await payWith(page);
      await page.getByRole("button", { name: "Pay and add tokens" }).click();
      await expect(
        page.getByText("Success! You purchased 50 Creative Tokens. Your new balance is 50 tokens."),
      ).toBeVisible();
      await expect(page.getByTestId("token-balance")).toHaveText("50");

      // Shop: a GET filter, then Add to Cart with the spec's message; the cart count is in both bars.
      await page.goto("/dashboard2/shop");
      await page.getByRole("link", { name: "Tools", exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard2\/shop\?category=tools$/);
      await expect(page.getByTestId("shop-item")).toHaveCount(3);
      await page
        .getByRole("button", {
          name: /^Add to Cart\b.*Type Scale Cheat Sheet$/,
        })
        .click();
      await expect(notice(page)).toContainText("Type Scale Cheat Sheet added to cart for 2 Creative Tokens!");
      await expect(page.getByTestId("navbar-cart-count")).toHaveText("1");
      await expect(
        page.locator('[data-item="type-scale-sheet"]').getByRole("link", { name: "In cart" }),
      ).toBeVisible();

      // The navbar's one cart leads to the cart page and checkout.
      await page.getByRole("banner").getByRole("link", { name: "Cart, 1 item" }).click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByTestId("cart-total")).toHaveText("2 tokens");
      // Checkout opens the confirm step: what it spends, before anything is (decision 0049).
      await page.getByRole("link", { name: "Checkout" }).click();
      await expect(page).toHaveURL(/\/cart\/checkout$/);
      await expect(page.getByTestId("spend-preview-after")).toHaveText("48 tokens");
      await page.getByRole("button", { name: "Confirm and spend 2 tokens" }).click();
      await expect(notice(page)).toContainText(
        "Checkout successful! You spent 2 Creative Tokens and now have 48 tokens remaining.",
      );
      // The order is complete: its own title, no way back to the (empty) cart, a download per item.
      await expect(page).toHaveTitle("Order complete — Ascendra");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Order complete");
      await expect(page.locator('main a[href="/cart"]')).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Download Type Scale Cheat Sheet" })).toBeVisible();
      await expect(page.getByTestId("navbar-cart-count")).toHaveCount(0);

      // My Purchases: three downloads, then Download Limit Reached.
      await page.getByRole("link", { name: "Go to My Purchases" }).click();
      await expect(page).toHaveURL(/\/dashboard2\/purchases$/);
      for (const remaining of [2, 1, 0]) {
        const downloading = page.waitForEvent("download");
        await page.getByRole("button", { name: "Download Type Scale Cheat Sheet" }).click();
        const download = await downloading;
        expect(download.suggestedFilename()).toBe("type-scale-sheet.txt");
        await expect(notice(page)).toContainText(`Download started! Downloads remaining: ${remaining}.`);
      }
      await expect(page.getByRole("button", { name: "Download Limit Reached" })).toBeDisabled();
      await expect(page.getByTestId("downloads-used")).toHaveText("3 of 3 downloads used");

      // Owned in the shop, with the button disabled.
      await page.goto("/dashboard2/shop?category=tools");
      await expect(page.getByRole("button", { name: "Type Scale Cheat Sheet: Owned" })).toBeDisabled();
    });

    if (javaScriptEnabled)
      test("subscribe to a plan, then cancel it", async ({ page }) => {
        const account = await createAccount(page);
        await signIn(page, account, javaScriptEnabled);
        await page.goto("/dashboard2/billing");
        await expect(page.getByTestId("current-plan")).toContainText("Free");
        await page.getByRole("link", { name: "Subscribe to STARTER" }).click();
        await expect(page).toHaveURL(/\/dashboard2\/billing\/plans\/starter$/);
        if (javaScriptEnabled) await waitForHydration(page);
        await payWith(page);
        // In the client's currency: the browser's language (Playwright's en-US) picks dollars (decision 0059).
        await page.getByRole("button", { name: "Subscribe for $179 a month" }).click();
        await expect(
          page.getByText("Successfully subscribed to STARTER! Your plan is now active."),
        ).toBeVisible();

        await page.getByRole("link", { name: "See your plan" }).click();
        const plan = page.getByTestId("current-plan");
        await expect(plan).toContainText("STARTER");
        await expect(page.getByTestId("plan-status")).toContainText("Active · renews");
        await expect(page.getByTestId("billing-balance")).toHaveText("60");
        await expect(page.getByTestId("subscription-history")).toContainText("Present");

        await plan.getByText("Cancel Plan").click();
        await expect(
          plan.getByText(
            "Are you sure you want to cancel your subscription? You will lose access to premium features at the end of your billing period.",
          ),
        ).toBeVisible();
        await plan.getByRole("button", { name: "Yes, cancel my plan" }).click();
        await expect(notice(page)).toContainText(
          "Subscription cancelled successfully. You will have access until the end of your billing period.",
        );
        await expect(page.getByTestId("plan-status")).toContainText("Cancelled · access until");
        await expect(page.getByTestId("current-plan").getByText("Cancel Plan")).toHaveCount(0);
      });

    if (javaScriptEnabled)
      test("buy a gift card, then redeem it in another account", async ({ page, browser }) => {
        // Rupees picked (the browser's en-US would price it in dollars, decision 0059).
        await page.goto("/gift?currency=INR");
        if (javaScriptEnabled) {
          await waitForHydration(page);
          // Typing a custom amount deselects the presets; choosing a preset clears it.
          await page.getByLabel("Or a custom amount (₹)").fill("2,500");
          await expect(page.getByTestId("gift-selected")).toHaveText("₹2,500");
          await expect(page.getByRole("radio", { name: "₹15,000" })).not.toBeChecked();
          await page.getByText("₹5,000", { exact: true }).click();
          await expect(page.getByLabel("Or a custom amount (₹)")).toHaveValue("");
          await page.getByLabel("Personal message (optional)").fill("Happy launch!");
          await expect(page.getByTestId("gift-message-count")).toHaveText("13 / 500");
        } else {
          await expect(page.getByRole("radio", { name: "₹15,000" })).toBeChecked();
          await page.getByText("₹5,000", { exact: true }).click();
        }
        await expect(page.getByRole("radio", { name: "₹5,000" })).toBeChecked();
        await expect(page.getByLabel("Or a custom amount (₹)")).toHaveAttribute(
          "placeholder",
          "1,000 - 1,00,000",
        );
        await page.getByLabel("Recipient name").fill("Meera");
        await page.getByLabel("Recipient email").fill("meera@studio.example");
        await page.getByLabel("Your name").fill("Ravi");
        await page.getByLabel("Your email").fill("ravi@brand.example");
        await payWith(page, "4000 0000 0000 0002");
        await page.getByRole("button", { name: "Purchase" }).click();
        await expect(
          page.getByText("Your card was declined. Please use a different card; you have not been charged."),
        ).toBeVisible();
        await payWith(page);
        await page.getByRole("button", { name: "Purchase" }).click();
        await expect(
          page.getByRole("heading", {
            name: "Gift card purchased successfully!",
          }),
        ).toBeVisible();
        await expect(page.getByTestId("gift-success")).toContainText("₹5,000 for Meera");
        const code = (await page.getByTestId("gift-code").textContent())!;
        expect(code).toMatch(/^ASC-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

        const context = await browser.newContext({
          javaScriptEnabled,
          extraHTTPHeaders: {
            "X-Forwarded-For": `198.19.${Math.floor(Math.random() * 255)}.7`,
          },
        });
        const friend = await context.newPage();
        const account = await createAccount(friend);
        await signIn(friend, account, javaScriptEnabled);
        await friend.goto("/dashboard2/billing");
        await friend.getByLabel("Gift card code").fill(code);
        await friend.getByRole("button", { name: "Redeem" }).click();
        await expect(friend.getByTestId("redeem-notice")).toContainText(
          "Gift card redeemed: ₹5,000 became 50 Creative Tokens.",
        );
        await expect(friend.getByLabel("Gift card code")).toHaveValue("");
        await expect(friend.getByTestId("billing-balance")).toHaveText("50");
        await friend.getByLabel("Gift card code").fill(code);
        await friend.getByRole("button", { name: "Redeem" }).click();
        await expect(friend.getByTestId("redeem-notice")).toContainText(
          "This gift card has already been redeemed.",
        );
        await expect(friend.getByLabel("Gift card code")).toHaveValue(code);
        await context.close();
      });

    if (javaScriptEnabled)
      test("the gift card's summary follows the amount in the buyer's currency, with the tokens it redeems as", async ({
        page,
      }) => {
        await page.goto("/gift?currency=EUR");
        await waitForHydration(page);
        await expect(page.getByTestId("gift-total")).toHaveText("€150");
        await expect(page.getByTestId("gift-tokens")).toHaveText("136 Creative Tokens");
        await page.getByLabel("Or a custom amount (€)").fill("75");
        await expect(page.getByTestId("gift-selected")).toHaveText("€75");
        await expect(page.getByTestId("gift-tokens")).toHaveText("68 Creative Tokens");
        await expect(page.getByRole("radio", { name: "€150" })).not.toBeChecked();
        await page.getByText("€300", { exact: true }).click();
        await expect(page.getByTestId("gift-total")).toHaveText("€300");
        await expect(page.getByTestId("gift-tokens")).toHaveText("272 Creative Tokens");
      });
  });
}

test("signed-out visitors go to login from the cart and the billing pages", async ({ page }) => {
  for (const path of ["/cart", "/dashboard2/shop", "/dashboard2/purchases", "/dashboard2/billing/tokens"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
  }
});
