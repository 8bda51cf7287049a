import type { Locator, Page } from "@playwright/test";
import { createAccount, expect, signIn, test, waitForHydration } from "./fixtures";

// Results in view (issue 35, decision 0060): after a post with JavaScript on,
// focus is on the answer (success or refusal) and the answer is in the
// window; a refused form keeps everything typed, JavaScript on and off, except
// card numbers, security codes and passwords, which are never sent back.

const DECLINED_CARD = "4000 0000 0000 0002";
const TEST_CARD = "4242 4242 4242 4242";

async function fillCard(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM/YY)").fill("12/39");
  await page.getByLabel("Security code").fill("123");
  await page.getByLabel("Name on card").fill("Asha Rao");
}

/** The answer has focus and, once any smooth scroll ends, all of it is in the window below the sticky bar. */
async function expectInView(outcome: Locator) {
  await expect(outcome).toBeFocused();
  const bar = await outcome.page().locator("[data-sticky-top]").boundingBox();
  const barBottom = bar ? bar.y + bar.height - 1 : 0;
  await expect
    .poll(async () => (await outcome.boundingBox())?.y ?? -1, {
      message: "the answer starts below the sticky bar",
    })
    .toBeGreaterThanOrEqual(barBottom);
  await expect(outcome).toBeInViewport({ ratio: 1 });
}

const SIZES = [
  { name: "laptop", width: 1366, height: 768 },
  { name: "phone", width: 390, height: 844 },
];

test.describe("paying for tokens with JavaScript on", () => {
  for (const size of SIZES) {
    test(`at ${size.width}x${size.height}: the declined card's answer, then the success, are focused and in view`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      const account = await createAccount(page);
      await signIn(page, account, true);
      await page.goto("/dashboard2/billing/tokens?package=essential");
      await waitForHydration(page);
      await fillCard(page, DECLINED_CARD);
      await page.getByRole("button", { name: "Pay and add tokens" }).click();
      const refused = page.getByText(
        "Your card was declined. Please use a different card; you have not been charged.",
      );
      await expectInView(refused);
      // Kept: the package, the expiry and the name (the card number stays only in the browser's own field).
      await expect(page.getByRole("radio", { name: /Essential/ })).toBeChecked();
      await expect(page.getByLabel("Expiry (MM/YY)")).toHaveValue("12/39");
      await expect(page.getByLabel("Name on card")).toHaveValue("Asha Rao");

      await fillCard(page, TEST_CARD);
      await page.getByRole("button", { name: "Pay and add tokens" }).click();
      await expectInView(page.getByText(/^Success! You purchased 50 Creative Tokens/));
    });
  }
});
