// Stripe Checkout in a browser, JavaScript on and off (docs/decisions/0036):
// our form → the local Stripe double's hosted page → Pay → the signed webhook
// reaches our server → back on our page, the order is fulfilled. This spec
// starts its own production server with STRIPE_* pointed at the double.
import { startStripeDouble, type StripeDouble } from "../stripe-double/double";
import { freePort, startServer, type RunningServer } from "../http/server";
import { expect, test, uniqueName, waitForHydration } from "./fixtures";

const SECRET = "whsec_e2esecret";
let server: RunningServer;
let double: StripeDouble;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  double = await startStripeDouble({
    webhookSecret: SECRET,
    deliver: `http://127.0.0.1:${port}/api/webhooks/stripe`,
  });
  server = await startServer(
    { STRIPE_SECRET_KEY: "sk_test_e2e", STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: double.url },
    port,
  );
});
test.afterAll(async () => {
  await server?.stop();
  await double?.stop();
});

for (const javaScriptEnabled of [false, true]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("buy a token package through Stripe's page", async ({ page }) => {
      const base = server.baseURL;
      const username = uniqueName("stripe");
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

      await page.goto(`${base}/dashboard2/billing/tokens?package=essential`);
      if (javaScriptEnabled) await waitForHydration(page);
      await expect(page.getByLabel("Card number")).toHaveCount(0);
      await page.getByRole("button", { name: "Continue to payment" }).click();

      await expect(page).toHaveURL(new RegExp(`^${double.url}/pay/cs_test_`));
      await expect(page.getByRole("heading", { name: /Pay 70\.00 USD/ })).toBeVisible();
      await page.getByRole("button", { name: "Pay" }).click();

      await expect(page).toHaveURL(/\/dashboard2\/billing\/tokens\?checkout=done&payment=/);
      await expect(page.getByTestId("checkout-status")).toContainText("Payment received, thank you.");
      await expect(page.getByTestId("buy-balance")).toHaveText("50");
      expect(double.problems).toEqual([]);
    });
  });
}
