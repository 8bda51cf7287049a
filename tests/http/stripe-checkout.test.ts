// Stripe as the gateway, end to end over HTTP and without JavaScript
// (docs/decisions/0036): a production server with STRIPE_* set and the SDK
// pointed at the local double; our native form posts answer 303 to the
// double's hosted page, whose Pay button sends the signed webhook through
// server.js (raw body, no Origin) and returns to our page.
import { afterAll, beforeAll, expect, test } from "vitest";
import { startStripeDouble, type StripeDouble } from "../stripe-double/double";
import { uniqueName, Visitor } from "./client";
import { freePort, startServer, type RunningServer } from "./server";

const SECRET = "whsec_httpsecret";
let server: RunningServer;
let double: StripeDouble;

beforeAll(async () => {
  const port = await freePort();
  double = await startStripeDouble({
    webhookSecret: SECRET,
    deliver: `http://127.0.0.1:${port}/api/webhooks/stripe`,
  });
  server = await startServer(
    { STRIPE_SECRET_KEY: "sk_test_http", STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: double.url },
    port,
  );
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await double?.stop();
});

async function signedUp() {
  const visitor = new Visitor(server.baseURL);
  const username = uniqueName("stripe");
  const password = "secret12";
  expect(
    (
      await visitor.post("/api/auth/signup/", {
        json: { username, email: `${username}@example.com`, password },
      })
    ).status,
  ).toBe(201);
  const login = await visitor.post("/api/auth/login/", { json: { username, password } });
  const { token } = (await login.json()) as { token: string };
  await (await visitor.post("/login", { form: { username, password } })).arrayBuffer();
  return { visitor, auth: { Authorization: `Token ${token}` } };
}

/** The hosted page, as a browser without JavaScript uses it: GET it, press Pay, follow back to us. */
async function payOnHostedPage(visitor: Visitor, checkoutUrl: string) {
  const page = await fetch(checkoutUrl);
  expect(await page.text()).toContain('<button type="submit">Pay</button>');
  const paid = await fetch(checkoutUrl, { method: "POST", redirect: "manual" });
  expect(paid.status).toBe(303);
  const back = new URL(paid.headers.get("location")!);
  expect(back.origin).toBe(server.baseURL);
  return visitor.get(back.pathname + back.search);
}

test("a token package, without JavaScript: our form → Stripe's page → the webhook → paid, once", async () => {
  const { visitor, auth } = await signedUp();
  // The client pays in euros (their currency setting, decision 0059), so the page and the charge are in euros.
  expect(
    (await visitor.post("/dashboard2/billing", { form: { intent: "currency", region: "eu" } })).status,
  ).toBe(200);
  const form = await (await visitor.get("/dashboard2/billing/tokens")).text();
  expect(form).toContain('name="region" value="eu"');
  expect(form).not.toContain('name="card_number"');
  expect(form).toContain("Continue to payment");
  const key = /name="idempotency_key" value="([^"]+)"/.exec(form)![1]!;
  const posted = await visitor.post("/dashboard2/billing/tokens", {
    form: { package_id: "popular", region: "eu", idempotency_key: key },
  });
  expect(posted.status).toBe(303);
  const checkoutUrl = posted.headers.get("location")!;
  expect(checkoutUrl.startsWith(`${double.url}/pay/`)).toBe(true);
  const session = double.sessions.get(checkoutUrl.split("/pay/")[1]!)!;
  expect(session).toMatchObject({ mode: "payment", currency: "eur" });

  const back = await payOnHostedPage(visitor, checkoutUrl);
  expect(back.status).toBe(200);
  expect(await back.text()).toContain("Payment received, thank you.");
  const history = (await (await visitor.get("/api/token-history/", auth)).json()) as Array<{
    amount: number;
  }>;
  expect(history.map((row) => row.amount)).toEqual([130]);
  // Saved cards: our page has no card fields; the client's Stripe Customer Portal instead.
  const cards = await (await visitor.get("/manageaccount/billing/payment-methods")).text();
  expect(cards).toContain("Manage cards on Stripe");
  expect(cards).not.toContain('name="card_number"');
  const portal = await visitor.post("/manageaccount/billing/stripe-portal", { form: {} });
  expect(portal.status).toBe(303);
  expect(portal.headers.get("location")).toMatch(new RegExp(`^${double.url}/portal/cus_`));
  // The API cannot pay without Stripe's page.
  const bare = await visitor.post("/api/purchase-tokens/", { json: { package_id: "essential" } }, auth);
  expect(bare.status).toBe(402);
  expect(double.problems).toEqual([]);
});

test("a plan with a renewal and a failed renewal, and a gift card for a guest", async () => {
  const { visitor, auth } = await signedUp();
  const form = await (await visitor.get("/dashboard2/billing/plans/social")).text();
  const key = /name="idempotency_key" value="([^"]+)"/.exec(form)![1]!;
  const posted = await visitor.post("/dashboard2/billing/plans/social", { form: { idempotency_key: key } });
  expect(posted.status).toBe(303);
  const checkoutUrl = posted.headers.get("location")!;
  await payOnHostedPage(visitor, checkoutUrl);
  const subscription = double.sessions.get(checkoutUrl.split("/pay/")[1]!)!.subscription as string;
  const current = async () =>
    (await (await visitor.get("/api/my-subscription/", auth)).json()) as {
      plan: string;
      monthly_tokens: number;
    };
  expect(await current()).toMatchObject({ plan: "social" });
  const monthly = (await current()).monthly_tokens;
  await double.renew(subscription);
  const tokens = async () =>
    ((await (await visitor.get("/api/token-history/", auth)).json()) as Array<{ amount: number }>).reduce(
      (sum, row) => sum + row.amount,
      0,
    );
  expect(await tokens()).toBe(2 * monthly);
  await double.failRenewal(subscription);
  expect(await current()).toMatchObject({ plan: "social" });
  await double.failRenewal(subscription, { final: true });
  expect(await current()).toMatchObject({ plan: "free" });

  const guest = new Visitor(server.baseURL);
  const giftForm = await (await guest.get("/gift")).text();
  const giftKey = /name="idempotency_key" value="([^"]+)"/.exec(giftForm)![1]!;
  const gift = await guest.post("/gift", {
    form: {
      amount: "5000",
      recipientName: "Ravi",
      recipientEmail: "ravi.http@example.com",
      senderName: "Asha",
      senderEmail: "asha.http@example.com",
      idempotency_key: giftKey,
    },
  });
  expect(gift.status).toBe(303);
  const giftPage = await payOnHostedPage(guest, gift.headers.get("location")!);
  const html = await giftPage.text();
  expect(html).toContain("Gift card purchased successfully!");
  expect(html).toMatch(/ASC-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/);
  expect(double.problems).toEqual([]);
});

test("the webhook refuses a bad signature and answers only POST", async () => {
  const visitor = new Visitor(server.baseURL);
  const response = await visitor.post(
    "/api/webhooks/stripe",
    {
      raw: JSON.stringify({ id: "evt_forged", type: "checkout.session.completed" }),
      contentType: "application/json",
    },
    { "Stripe-Signature": "t=1,v1=deadbeef" },
  );
  expect(response.status).toBe(400);
  expect((await visitor.get("/api/webhooks/stripe")).status).toBe(405);
});
