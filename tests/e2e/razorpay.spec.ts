// Razorpay in a browser (docs/decisions/0080): a rupee token bundle, a plan
// and a gift card, paid through the local Razorpay double. JavaScript on:
// our page opens Razorpay Checkout (the double's script, in a dialog) and
// posts its signed answer to our callback. JavaScript off: the same button
// posts to Razorpay's hosted checkout (the double's page), whose answer comes
// back by a plain form. The signed webhooks reach our server meanwhile.
// This spec starts its own production server with RAZORPAY_* pointed at the double.
import type { Page } from "@playwright/test";
import { startRazorpayDouble, type RazorpayDouble } from "../razorpay-double/double";
import { freePort, startServer, type RunningServer } from "../http/server";
import { seriousViolations } from "./axe";
import { expect, test, uniqueName, waitForHydration } from "./fixtures";

const KEY = { keyId: "rzp_test_e2e", keySecret: "key-secret-e2e", webhookSecret: "whsec-rzp-e2e" };
let server: RunningServer;
let double: RazorpayDouble;

test.describe.configure({ mode: "serial" });
// An Indian browser: prices in rupees (decision 0059).
test.use({ locale: "en-IN" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  double = await startRazorpayDouble({ ...KEY, deliver: `http://127.0.0.1:${port}/api/webhooks/razorpay` });
  server = await startServer(
    {
      RAZORPAY_KEY_ID: KEY.keyId,
      RAZORPAY_KEY_SECRET: KEY.keySecret,
      RAZORPAY_WEBHOOK_SECRET: KEY.webhookSecret,
      RAZORPAY_API_URL: double.url,
    },
    port,
  );
});
test.afterAll(async () => {
  await server?.stop();
  await double?.stop();
});

async function signUpAndIn(page: Page, javaScriptEnabled: boolean) {
  const base = server.baseURL;
  const username = uniqueName("rzp");
  const password = "secret12";
  const signup = await page.request.post(`${base}/api/auth/signup/`, {
    data: { username, email: `${username}@example.com`, password },
  });
  expect(signup.status()).toBe(201);
  await page.goto(`${base}/login`);
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByLabel("Username or email").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard2$/);
}

/** On our Razorpay page: pay through Checkout (JS on) or the hosted page (JS off). */
async function payOnRazorpay(page: Page, javaScriptEnabled: boolean) {
  await expect(page).toHaveURL(/\/pay\/razorpay\/[0-9a-f-]{36}\?done=/);
  await expect(page.getByRole("heading", { name: /^Pay ₹/ })).toBeVisible();
  await expect(page.getByTestId("razorpay-methods")).toHaveText(
    "On Razorpay you can pay by UPI, cards, netbanking or wallets.",
  );
  if (javaScriptEnabled) {
    await waitForHydration(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: /^Pay ₹.* with Razorpay$/ }).click();
    const checkout = page.getByRole("dialog", { name: "Razorpay Checkout (test double)" });
    await expect(checkout).toBeVisible();
    await checkout.getByRole("button", { name: "Pay with UPI" }).click();
  } else {
    await page.getByRole("button", { name: /^Pay ₹.* with Razorpay$/ }).click();
    await expect(page).toHaveURL(`${double.url}/v1/checkout/embedded`);
    await expect(page.getByRole("heading", { name: /^Pay \d+\.\d\d INR$/ })).toBeVisible();
    await page.getByRole("button", { name: "Pay with UPI" }).click();
    await page.getByRole("button", { name: "Return to the merchant" }).click();
  }
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("buy a rupee token bundle through Razorpay", async ({ page }) => {
      await signUpAndIn(page, javaScriptEnabled);
      await page.goto(`${server.baseURL}/dashboard2/billing/tokens?package=essential`);
      if (javaScriptEnabled) await waitForHydration(page);
      await expect(
        page.getByText("You pay through Razorpay: UPI, cards, netbanking or wallets."),
      ).toBeVisible();
      await expect(page.getByLabel("Card number")).toHaveCount(0);
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await payOnRazorpay(page, javaScriptEnabled);
      await expect(page).toHaveURL(/\/dashboard2\/billing\/tokens\?checkout=done&payment=/);
      await expect(page.getByTestId("checkout-status")).toContainText("Payment received, thank you.");
      await expect(page.getByTestId("buy-balance")).toHaveText("50");
      expect(double.problems).toEqual([]);
    });

    test("subscribe to a plan through Razorpay", async ({ page }) => {
      await signUpAndIn(page, javaScriptEnabled);
      await page.goto(`${server.baseURL}/dashboard2/billing/plans/social`);
      if (javaScriptEnabled) await waitForHydration(page);
      await page.getByRole("button", { name: /^Subscribe for ₹/ }).click();
      await payOnRazorpay(page, javaScriptEnabled);
      await expect(page).toHaveURL(/\/dashboard2\/billing\/plans\/social\?checkout=done&payment=/);
      await expect(page.getByTestId("checkout-status")).toContainText("Payment received, thank you.");
      expect([...double.subscriptions.values()].some((s) => s.status === "active")).toBe(true);
      expect(double.problems).toEqual([]);
    });

    test("buy a gift card in rupees through Razorpay", async ({ page }) => {
      await page.goto(`${server.baseURL}/gift?currency=INR`);
      if (javaScriptEnabled) await waitForHydration(page);
      await page.getByText("₹5,000", { exact: true }).click();
      await page.getByLabel("Recipient name").fill("Meera");
      await page.getByLabel("Recipient email").fill("meera@studio.example");
      await page.getByLabel("Your name").fill("Ravi");
      await page.getByLabel("Your email").fill("ravi@brand.example");
      await page.getByRole("button", { name: "Purchase" }).click();
      await payOnRazorpay(page, javaScriptEnabled);
      await expect(page).toHaveURL(/\/gift\?checkout=done&payment=/);
      await expect(page.getByRole("heading", { name: "Gift card purchased successfully!" })).toBeVisible();
      await expect(page.getByTestId("gift-success")).toContainText("₹5,000 for Meera");
      await expect(page.getByTestId("gift-code")).toHaveText(/^ASC-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      expect(double.problems).toEqual([]);
    });
  });
}
