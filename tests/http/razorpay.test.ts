// Razorpay over HTTP through server.js (docs/decisions/0080): the CSP allows
// Checkout's origins only because Razorpay is configured; the hosted
// checkout's cross-site answer reaches our callback, and nothing else
// cross-site does; forged answers and events are refused; a browser without
// JavaScript pays through the hosted page.
import { afterAll, beforeAll, expect, test } from "vitest";
import { startRazorpayDouble, type RazorpayDouble } from "../razorpay-double/double";
import { uniqueName, Visitor } from "./client";
import { freePort, startServer, type RunningServer } from "./server";

const KEY = { keyId: "rzp_test_http", keySecret: "key-secret-http", webhookSecret: "whsec-rzp-http" };
let server: RunningServer;
let double: RazorpayDouble;

beforeAll(async () => {
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
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await double?.stop();
});

const directive = (csp: string, name: string) =>
  csp
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

/** A signed-in client's pending rupee payment, opened by our form (no JavaScript). */
async function pendingPayment() {
  const visitor = new Visitor(server.baseURL);
  const username = uniqueName("rzp");
  const password = "secret12";
  await visitor.post("/api/auth/signup/", { json: { username, email: `${username}@example.com`, password } });
  await (await visitor.post("/login", { form: { username, password } })).arrayBuffer();
  await (
    await visitor.post("/dashboard2/billing", { form: { intent: "currency", region: "in" } })
  ).arrayBuffer();
  const form = await (await visitor.get("/dashboard2/billing/tokens")).text();
  expect(form).toContain("You pay through Razorpay: UPI, cards, netbanking or wallets.");
  const key = /name="idempotency_key" value="([^"]+)"/.exec(form)![1]!;
  const posted = await visitor.post("/dashboard2/billing/tokens", {
    form: { package_id: "popular", region: "in", idempotency_key: key },
  });
  expect(posted.status).toBe(303);
  const page = new URL(posted.headers.get("location")!);
  expect(page.origin).toBe(server.baseURL);
  return { visitor, page, paymentId: page.pathname.split("/")[3]! };
}

test("without JavaScript: our page's form → Razorpay's hosted page → its cross-site answer → paid, once", async () => {
  const { visitor, page } = await pendingPayment();
  const response = await visitor.get(page.pathname + page.search);
  const csp = response.headers.get("content-security-policy")!;
  expect(directive(csp, "script-src")).toMatch(new RegExp(`^script-src 'self' 'nonce-[^']+' ${double.url}$`));
  expect(directive(csp, "frame-src")).toBe(`frame-src 'self' ${double.url}`);
  expect(directive(csp, "form-action")).toBe(`form-action 'self' ${double.url}`);
  const html = await response.text();
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
      m[1]!,
      m[2]!.replaceAll("&amp;", "&"),
    ]),
  );
  expect(fields).toMatchObject({ key_id: KEY.keyId, order_id: expect.stringMatching(/^order_/) });
  expect(html).toContain(`action="${double.url}/v1/checkout/embedded"`);
  const { key_id, order_id, callback_url } = fields as Record<string, string>;
  // The hosted page's Pay button, then its form back to our callback, posted from the double's origin.
  const paid = await fetch(`${double.url}/v1/checkout/embedded/pay`, {
    method: "POST",
    body: new URLSearchParams({ key_id: key_id!, order_id: order_id!, callback_url: callback_url! }),
  });
  const answer = Object.fromEntries(
    [...(await paid.text()).matchAll(/name="(razorpay_\w+)" value="([^"]+)"/g)].map((m) => [m[1]!, m[2]!]),
  );
  const back = await visitor.post(
    new URL(callback_url!).pathname + new URL(callback_url!).search,
    { form: answer },
    { Origin: double.url, "Sec-Fetch-Site": "cross-site" },
  );
  expect(back.status).toBe(303);
  const done = back.headers.get("location")!;
  expect(done).toMatch(/^\/dashboard2\/billing\/tokens\?checkout=done&payment=/);
  expect(await (await visitor.get(done)).text()).toContain("Payment received, thank you.");
  // The same answer again: nothing more.
  const again = await visitor.post(
    new URL(callback_url!).pathname + new URL(callback_url!).search,
    { form: answer },
    { Origin: double.url },
  );
  expect(again.status).toBe(303);
  const balance = await (await visitor.get("/dashboard2/billing/tokens")).text();
  expect(balance).toMatch(/data-testid="buy-balance"[^>]*>130</);
  expect(double.problems).toEqual([]);
});

test("only the callback is let through cross-site, and a forged answer or event is refused", async () => {
  const { visitor, page, paymentId } = await pendingPayment();
  const evil = { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" };
  const forged = await visitor.post(
    `/pay/razorpay/${paymentId}/callback`,
    {
      form: {
        razorpay_payment_id: "pay_forged",
        razorpay_order_id: "order_forged",
        razorpay_signature: "0".repeat(64),
      },
    },
    evil,
  );
  expect(forged.status).toBe(400);
  expect((await visitor.post(page.pathname, { form: {} }, evil)).status).toBe(403);
  expect((await visitor.post("/dashboard2/billing/tokens", { form: {} }, evil)).status).toBe(403);
  const webhook = await visitor.post(
    "/api/webhooks/razorpay",
    { raw: JSON.stringify({ event: "payment.captured", payload: {} }), contentType: "application/json" },
    { "X-Razorpay-Signature": "0".repeat(64), "X-Razorpay-Event-Id": "evt_forged" },
  );
  expect(webhook.status).toBe(400);
  expect((await visitor.get("/api/webhooks/razorpay")).status).toBe(405);
});
