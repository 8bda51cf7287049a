import type { Page } from "@playwright/test";
import { createAccount, expect, signIn, test, waitForHydration } from "./fixtures";
import { seriousViolations } from "./axe";

// Manage account's Billing & Payments with real billing (docs/decisions/0023):
// buy tokens with the test card (saving it), spend some, then the tab shows
// the plan, the receipt and its downloads, the saved card, and removing it
// works; the Dashboard tab's Total spent is real. JavaScript off and on.

async function fillCard(page: Page, number = "4242 4242 4242 4242") {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM/YY)").fill("12/39");
  await page.getByLabel("Security code").fill("123");
  await page.getByLabel("Name on card").fill("Asha Rao");
}

/** Serious and critical axe findings on a phone-width page (the a11y gate's rule set). */
async function axeAtPhoneWidth(page: Page, path: string): Promise<string[]> {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(path);
  await waitForHydration(page);
  const found = await seriousViolations(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  return found.map((line) => `${path}: ${line}`);
}

// Their no-JS journeys are form posts in tests/http/journeys-billing.test.ts
// (issue 17); the billing family keeps its one no-JS Playwright journey in
// billing.spec.ts.
for (const javaScriptEnabled of [false, true]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    test.setTimeout(150_000);

    if (javaScriptEnabled)
      test("pay with the test card and save it, then Billing & Payments shows the plan, the receipt, the card, and Total spent is real", async ({
        page,
      }) => {
        const account = await createAccount(page);
        await signIn(page, account, javaScriptEnabled);

        // Buy tokens, ticking "Save this card".
        await page.goto("/dashboard2/billing/tokens?package=essential");
        if (javaScriptEnabled) await waitForHydration(page);
        await fillCard(page);
        await page.getByLabel("Save this card for next time").check();
        await page.getByRole("button", { name: "Pay and add tokens" }).click();
        await expect(
          page.getByText("Success! You purchased 50 Creative Tokens. Your new balance is 50 tokens."),
        ).toBeVisible();

        // The next payment offers the saved card, chosen by default; paying with it needs no card fields.
        await page.goto("/dashboard2/billing/tokens?package=essential");
        if (javaScriptEnabled) await waitForHydration(page);
        await expect(page.getByRole("radio", { name: /Visa •••• 4242/ })).toBeChecked();
        if (javaScriptEnabled) await expect(page.getByLabel("Card number")).toBeHidden();
        await page.getByRole("button", { name: "Pay and add tokens" }).click();
        await expect(
          page.getByText("Success! You purchased 50 Creative Tokens. Your new balance is 100 tokens."),
        ).toBeVisible();

        // Spend 2 tokens in the shop.
        await page.goto("/dashboard2/shop?category=tools");
        await page
          .getByRole("button", {
            name: /^Add to Cart\b.*Type Scale Cheat Sheet$/,
          })
          .click();
        await expect(page.getByTestId("action-notice")).toContainText("added to cart");
        await page.goto("/cart");
        if (javaScriptEnabled) await waitForHydration(page);
        await page.getByRole("link", { name: "Checkout" }).click();
        await page.getByRole("button", { name: "Confirm and spend 2 tokens" }).click();
        await expect(page.getByTestId("action-notice")).toContainText("Checkout successful!");

        // Home's Activity: Total spent is the ledger's spends and the money paid.
        await page.goto("/dashboard2/activity");
        await expect(page.getByTestId("stat-spent")).toHaveText("2 tokens");
        await expect(page.getByTestId("stat-spent").locator("xpath=..")).toContainText("$140.00");

        // Wallet & billing's receipts: plan, usage, two receipts, the saved card.
        await page
          .getByRole("navigation", { name: "Workspace" })
          .getByRole("link", { name: "Wallet & billing" })
          .click();
        await page
          .getByRole("navigation", { name: "Wallet & billing pages" })
          .getByRole("link", { name: "Receipts & usage" })
          .click();
        await expect(page).toHaveURL(/\/manageaccount\/billing$/);
        await expect(page.getByTestId("current-plan")).toHaveText("Free Plan");
        await expect(page.getByTestId("usage-tokens")).toHaveText("2 of 100");
        const receipts = page.getByTestId("receipt");
        await expect(receipts).toHaveCount(2);
        await expect(receipts.first()).toContainText("Creative Tokens");
        await expect(receipts.first()).toContainText("$70.00");
        await expect(receipts.first()).toContainText("Paid");
        await expect(page.getByTestId("payment-method")).toHaveText(/Visa •••• 4242/);

        // The receipt as a PDF download and as a printable page.
        const number = (await receipts.first().locator("td").nth(1).textContent())!.trim();
        expect(number).toMatch(/^#\d+$/);
        const downloading = page.waitForEvent("download");
        await receipts
          .first()
          .getByRole("link", { name: `Download ${number} as PDF` })
          .click();
        const download = await downloading;
        expect(download.suggestedFilename()).toBe(`receipt-${number.slice(1)}.pdf`);
        const pdf = await download.createReadStream();
        const head = await new Promise<string>((resolve) =>
          pdf.once("data", (chunk: Buffer) => resolve(chunk.subarray(0, 5).toString())),
        );
        expect(head).toBe("%PDF-");
        await receipts
          .first()
          .getByRole("link", { name: `Print ${number}` })
          .click();
        await expect(page.getByRole("heading", { name: "Receipt" })).toBeVisible();
        await expect(page.getByRole("row", { name: `Receipt number ${number}` })).toBeVisible();
        await expect(page.getByText("Visa •••• 4242")).toBeVisible();
        await page.goBack();

        // With receipts and a saved card on them, the pages pass axe at phone width (the gate sees them empty).
        if (javaScriptEnabled) {
          for (const path of [
            "/manageaccount/billing",
            "/manageaccount/billing/payment-methods",
            "/dashboard2/billing/tokens",
            "/dashboard2/billing",
          ])
            expect(await axeAtPhoneWidth(page, path)).toEqual([]);
          await page.goto("/manageaccount/billing");
        }

        // Remove the card.
        await expect(page).toHaveURL(/\/manageaccount\/billing$/);
        if (javaScriptEnabled) await waitForHydration(page);
        await page.getByRole("button", { name: "Remove Visa •••• 4242" }).click();
        await expect(page.getByText("Payment method removed.")).toBeVisible();
        await expect(page.getByTestId("payment-method")).toHaveCount(0);
        await expect(page.getByTestId("no-payment-methods")).toBeVisible();
      });

    if (javaScriptEnabled)
      test("add a card on the payment methods page: the declined card is refused, the test card is saved, then removed", async ({
        page,
      }) => {
        const account = await createAccount(page);
        await signIn(page, account, javaScriptEnabled);
        await page.goto("/manageaccount/billing");
        await page.getByRole("link", { name: "Add New Payment Method" }).click();
        await expect(page).toHaveURL(/\/manageaccount\/billing\/payment-methods#add-card$/);
        if (javaScriptEnabled) await waitForHydration(page);
        await expect(page.getByTestId("no-saved-cards")).toBeVisible();

        await page.getByRole("button", { name: "Save card" }).click();
        await expect(page.getByText("Enter your card number.")).toBeVisible();
        await fillCard(page, "4000 0000 0000 0002");
        await page.getByRole("button", { name: "Save card" }).click();
        await expect(
          page.getByText("Your card was declined. Please use a different card; you have not been charged."),
        ).toBeVisible();
        await expect(page.getByTestId("saved-card")).toHaveCount(0);

        await fillCard(page);
        await page.getByRole("button", { name: "Save card" }).click();
        await expect(page.getByText("Visa •••• 4242 is saved.")).toBeVisible();
        await expect(page.getByTestId("saved-card")).toHaveText(
          /Visa •••• 4242 · expires 12\/2039\s*Default/,
        );

        await page.goto("/manageaccount/billing");
        await expect(page.getByTestId("payment-method")).toContainText("Visa •••• 4242");
        await page.getByRole("link", { name: "Change Payment Method" }).click();
        await expect(page).toHaveURL(/\/manageaccount\/billing\/payment-methods$/);
        if (javaScriptEnabled) await waitForHydration(page);
        await page.getByRole("button", { name: "Remove Visa •••• 4242" }).click();
        await expect(page.getByText("Payment method removed.")).toBeVisible();
        await expect(page.getByTestId("no-saved-cards")).toBeVisible();
      });
  });
}
