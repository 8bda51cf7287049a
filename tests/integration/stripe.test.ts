// Stripe as the gateway (docs/decisions/0036), without network: the official
// SDK talks to the local double (tests/stripe-double), which checks each
// request's shape; webhooks reach our route with real signatures.
import { createLogger, setLogger } from "~models/platform/log.server";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { configurePayments } from "~models/billing/gateway-setup.server";
import { setPaymentGateway, testGateway } from "~models/billing/payments.server";
import { GATEWAY_MESSAGES } from "~models/billing/gateway-messages";
import { RECEIPT_EMAIL_KIND } from "~models/billing/receipt-email.server";
import { RECEIPT_MESSAGES } from "~models/billing/receipt-email";
import { refundPayment, refundPreview } from "~models/billing/refunds.server";
import { purchaseGiftCard } from "~models/billing/gift-cards.server";
import { cancelSubscription, getActiveSubscription, subscribe } from "~models/billing/subscriptions.server";
import { purchaseTokens } from "~models/billing/token-purchases.server";
import { getBalance, spendTokens } from "~models/billing/tokens.server";
import { runSeed } from "~models/views/seed.server";
import { db } from "~models/platform/db.server";
import {
  auditLog,
  emailOutbox,
  giftCards,
  payments,
  stripeEvents,
  subscriptions,
  taxInvoices,
} from "~models/schema";
import * as apiPurchaseTokens from "~/routes/api/billing/purchase-tokens";
import * as webhook from "~/routes/api/webhooks/stripe";
import * as buyTokensPage from "~/routes/dashboard/buy-tokens";
import { startStripeDouble, type StripeDouble } from "../stripe-double/double";
import { api, body, ledgerIsConsistent } from "./billing-helpers";
import { call, formRequest, getRequest } from "./helpers";
import { signedInClient, type Client } from "./project-helpers";

const SECRET = "whsec_integrationsecret";
let double: StripeDouble;

/** Our webhook route, called as Stripe calls it: the raw JSON and its signature. */
async function deliver(payload: string, signature: string): Promise<number> {
  const request = new Request("http://127.0.0.1/api/webhooks/stripe", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
  return (await call(webhook.action as never, request)).status;
}

beforeAll(async () => {
  await runSeed();
  double = await startStripeDouble({ webhookSecret: SECRET, deliver });
});
afterAll(async () => {
  setPaymentGateway(testGateway);
  await double?.stop();
});
afterEach(() => {
  expect(double.problems).toEqual([]);
});

const useStripe = () =>
  configurePayments({
    mode: "stripe",
    secretKey: "sk_test_integration",
    webhookSecret: SECRET,
    apiUrl: double.url,
  });
const back = (path: string) => ({
  successUrl: `http://127.0.0.1${path}?checkout=done&payment={PAYMENT_ID}`,
  cancelUrl: `http://127.0.0.1${path}?checkout=cancelled&payment={PAYMENT_ID}`,
});
const sessionOf = (url: string) => url.split("/pay/")[1]!;

async function buyGiftCard(key: string) {
  const result = await purchaseGiftCard(
    {
      amount: "5000",
      customAmount: "",
      giftAmount: 5000,
      region: "in",
      currency: "INR",
      recipientName: "Ravi",
      recipientEmail: `ravi.${key}@example.com`,
      senderName: "Asha",
      senderEmail: "asha.stripe@example.com",
      message: "",
      deliveryDate: "",
      payment_method: "credit_card",
      card: null,
      idempotency_key: key,
    } as never,
    { userId: null, checkout: back("/gift") },
  );
  if (result.ok || result.status !== 303) throw new Error(`Expected a checkout: ${JSON.stringify(result)}`);
  return double.sessions.get(sessionOf(result.checkoutUrl))!;
}

/** Delivers a signed event about a checkout session, as Stripe would. */
async function deliverEvent(type: string, object: Record<string, unknown>) {
  const signed = double.sign(double.event(type, object));
  return deliver(signed.payload, signed.signature);
}

async function buyPackage(client: Client, key: string) {
  const result = await purchaseTokens(
    client.id,
    { package_id: "popular", region: "in", payment_method: "credit_card", card: null, idempotency_key: key },
    new Date(),
    back("/dashboard2/billing/tokens"),
  );
  if (result.ok || result.status !== 303) throw new Error(`Expected a checkout: ${JSON.stringify(result)}`);
  return result.checkoutUrl;
}

describe("Stripe Checkout and webhooks", () => {
  it("a token package: our form answers 303 to Stripe; nothing is granted until the signed webhook, then once", async () => {
    useStripe();
    const client = await signedInClient();
    const page = body<{ idempotencyKey: string; mode: string }>(
      await call(buyTokensPage.loader, getRequest("/dashboard2/billing/tokens", { cookie: client.cookie })),
    );
    expect(page.mode).toBe("hosted");
    const posted = await call(
      buyTokensPage.action,
      formRequest(
        "/dashboard2/billing/tokens",
        { package_id: "popular", region: "in", idempotency_key: page.idempotencyKey },
        { cookie: client.cookie },
      ),
    );
    expect(posted.status).toBe(303);
    const url = posted.headers.get("Location")!;
    expect(url).toMatch(new RegExp(`^${double.url}/pay/cs_test_`));
    const session = double.sessions.get(sessionOf(url))!;
    const [payment] = await db().select().from(payments).where(eq(payments.userId, client.id));
    expect(payment).toMatchObject({ status: "pending", gateway: "stripe", checkoutSessionId: session.id });
    // The seeded price in the client's currency, tied to our pending row.
    expect(session).toMatchObject({
      mode: "payment",
      currency: "inr",
      amount_total: payment!.amountMinor,
      client_reference_id: payment!.id,
      metadata: { payment_id: payment!.id, user_id: client.id },
    });
    expect(String(session.success_url)).toContain(`payment=${payment!.id}`);
    // The same form sent again goes back to the same open checkout.
    const again = await call(
      buyTokensPage.action,
      formRequest(
        "/dashboard2/billing/tokens",
        { package_id: "popular", region: "in", idempotency_key: page.idempotencyKey },
        { cookie: client.cookie },
      ),
    );
    expect(again.headers.get("Location")).toBe(url);
    expect(await getBalance(client.id)).toBe(0);
    const pending = body<{ notices: { checkout: { text: string } } }>(
      await call(
        buyTokensPage.loader,
        getRequest(`/dashboard2/billing/tokens?checkout=done&payment=${payment!.id}`, {
          cookie: client.cookie,
        }),
      ),
    );
    expect(pending.notices.checkout.text).toBe(GATEWAY_MESSAGES.checkoutPending);

    const [completed] = await double.pay(session.id as string);
    expect(await getBalance(client.id)).toBe(130);
    const paid = body<{ notices: { checkout: { text: string } } }>(
      await call(
        buyTokensPage.loader,
        getRequest(`/dashboard2/billing/tokens?checkout=done&payment=${payment!.id}`, {
          cookie: client.cookie,
        }),
      ),
    );
    expect(paid.notices.checkout.text).toBe(GATEWAY_MESSAGES.checkoutPaid(payment!.number));

    // Redelivered, and delivered five times at once: applied once.
    const { payload, signature } = double.sign(completed!);
    expect(await deliver(payload, signature)).toBe(200);
    expect(await Promise.all(Array.from({ length: 5 }, () => deliver(payload, signature)))).toEqual([
      200, 200, 200, 200, 200,
    ]);
    expect(await getBalance(client.id)).toBe(130);
    const [row] = await db().select().from(payments).where(eq(payments.id, payment!.id));
    expect(row).toMatchObject({ status: "succeeded", gatewayPaymentIntent: expect.stringMatching(/^pi_/) });
    expect(await db().select().from(stripeEvents).where(eq(stripeEvents.id, completed!.id))).toHaveLength(1);
    // One tax invoice, issued with the fulfilment, however many times the event came (decision 0082).
    expect(await db().select().from(taxInvoices).where(eq(taxInvoices.paymentId, payment!.id))).toHaveLength(
      1,
    );
    // One receipt for the payment, however many times the event came (decision 0058).
    const receipts = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, client.email), eq(emailOutbox.kind, RECEIPT_EMAIL_KIND)));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain(`/manageaccount/receipts/${payment!.id}/pdf`);
    expect(receipts[0]!.text).toContain(RECEIPT_MESSAGES.balance(130));
    await ledgerIsConsistent(client);
  });

  it("refuses a bad signature, and the API never fulfils without Stripe's page", async () => {
    useStripe();
    const client = await signedInClient();
    const forged = double.sign(
      double.event("checkout.session.completed", {
        id: "cs_test_forged",
        object: "checkout.session",
        mode: "payment",
        payment_status: "paid",
        metadata: { payment_id: "00000000-0000-4000-8000-000000000000" },
      }),
    );
    expect(await deliver(forged.payload, forged.signature.replace(/v1=\w+/, "v1=deadbeef"))).toBe(400);
    expect(await deliver(forged.payload.replace("paid", "PAID"), forged.signature)).toBe(400);
    const bare = await api.send(apiPurchaseTokens.action, client, "POST", "/api/purchase-tokens/", {
      package_id: "essential",
    });
    expect(bare).toMatchObject({ status: 402, body: { error: GATEWAY_MESSAGES.payOnSite } });
    expect(await db().select().from(payments).where(eq(payments.userId, client.id))).toEqual([]);
  });

  it("a gift card: created and emailed by the webhook, once", async () => {
    useStripe();
    const result = await purchaseGiftCard(
      {
        amount: "5000",
        customAmount: "",
        giftAmount: 5000,
        region: "in",
        currency: "INR",
        recipientName: "Ravi",
        recipientEmail: "ravi.stripe@example.com",
        senderName: "Asha",
        senderEmail: "asha.stripe@example.com",
        message: "Happy launch",
        deliveryDate: "",
        payment_method: "credit_card",
        card: null,
        idempotency_key: "gift-stripe-0001",
      } as never,
      { userId: null, checkout: back("/gift") },
    );
    expect(result).toMatchObject({ ok: false, status: 303 });
    const url = (result as { checkoutUrl: string }).checkoutUrl;
    expect(await db().select().from(giftCards)).toEqual([]);
    const events = await double.pay(sessionOf(url));
    const again = double.sign(events[0]!);
    await deliver(again.payload, again.signature);
    const cards = await db().select().from(giftCards);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      amount: 5000,
      currency: "INR",
      recipientEmail: "ravi.stripe@example.com",
    });
    expect(cards[0]!.deliveredAt).not.toBeNull();
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.to, "ravi.stripe@example.com"));
    expect(mails).toHaveLength(1);
  });

  it("a plan on Stripe Billing: started from out-of-order events, renewed once per period, set to end on both sides", async () => {
    useStripe();
    const client = await signedInClient();
    const result = await subscribe(
      client.id,
      { plan_id: "social", payment_method: "credit_card", card: null, idempotency_key: "plan-stripe-0001" },
      new Date(),
      back("/dashboard2/billing/plans/social"),
    );
    expect(result).toMatchObject({ ok: false, status: 303 });
    const session = double.sessions.get(sessionOf((result as { checkoutUrl: string }).checkoutUrl))!;
    expect(session.mode).toBe("subscription");
    // invoice.paid, then customer.subscription.created, then checkout.session.completed.
    const events = await double.pay(session.id as string);
    expect(events.map((e) => e.type)[0]).toBe("invoice.paid");
    const active = (await getActiveSubscription(client.id))!;
    const stripeSub = double.subscriptions.get(session.subscription as string)!;
    expect(active.subscription).toMatchObject({ gatewaySubscriptionId: stripeSub.id, status: "active" });
    const monthly = active.plan.monthlyTokens;
    expect(await getBalance(client.id)).toBe(monthly);

    // A renewal, redelivered: one period, one grant.
    const renewal = await double.renew(stripeSub.id as string);
    const copy = double.sign(renewal[0]!);
    await deliver(copy.payload, copy.signature);
    expect(await getBalance(client.id)).toBe(2 * monthly);
    const renewed = (await getActiveSubscription(client.id))!;
    expect(renewed.subscription.currentPeriodEnd.getTime()).toBeGreaterThan(
      active.subscription.currentPeriodEnd.getTime(),
    );
    const receipts = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.userId, client.id), eq(payments.status, "succeeded")));
    expect(receipts).toHaveLength(2);
    // The first month's payment and the renewal's each have their tax invoice (decision 0082).
    for (const paid of receipts)
      expect(await db().select().from(taxInvoices).where(eq(taxInvoices.paymentId, paid.id))).toHaveLength(1);

    // Cancel Plan: cancel-at-period-end at Stripe too.
    expect((await cancelSubscription(client.id)).ok).toBe(true);
    expect(double.subscriptions.get(stripeSub.id as string)!.cancel_at_period_end).toBe(true);
    const kept = await subscribe(client.id, { plan_id: "social", payment_method: "credit_card", card: null });
    expect(kept.ok).toBe(true);
    expect(double.subscriptions.get(stripeSub.id as string)!.cancel_at_period_end).toBe(false);
    await ledgerIsConsistent(client);
  });

  it("a failed renewal keeps the plan while Stripe retries, and ends it when Stripe gives up", async () => {
    useStripe();
    const client = await signedInClient();
    const result = await subscribe(
      client.id,
      { plan_id: "social", payment_method: "credit_card", card: null, idempotency_key: "plan-stripe-0002" },
      new Date(),
      back("/dashboard2/billing/plans/social"),
    );
    const session = double.sessions.get(sessionOf((result as { checkoutUrl: string }).checkoutUrl))!;
    await double.pay(session.id as string);
    const subId = session.subscription as string;
    await double.failRenewal(subId);
    let [ours] = await db().select().from(subscriptions).where(eq(subscriptions.userId, client.id));
    expect(ours).toMatchObject({ status: "active" });
    await double.failRenewal(subId, { final: true });
    [ours] = await db().select().from(subscriptions).where(eq(subscriptions.userId, client.id));
    expect(ours).toMatchObject({ status: "ended", endReason: "payment_failed" });
    const failed = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.userId, client.id), eq(payments.status, "failed")));
    expect(failed.length).toBe(2);
  });

  it("a refund takes back the unspent tokens of that purchase, never below zero, once", async () => {
    useStripe();
    const client = await signedInClient();
    const url = await buyPackage(client, "refund-stripe-0001");
    const [completed] = await double.pay(sessionOf(url));
    expect(await getBalance(client.id)).toBe(130);
    expect((await spendTokens({ userId: client.id, amount: 100, reason: "project" })).ok).toBe(true);
    const [payment] = await db().select().from(payments).where(eq(payments.userId, client.id));
    const preview = (await refundPreview(payment!.id))!;
    expect(preview.tokens).toEqual({ granted: 130, unspent: 30, spent: 100 });

    const staff = await signedInClient("staff");
    const refunded = await refundPayment({
      paymentId: payment!.id,
      amountMinor: payment!.amountMinor,
      reason: "Client asked",
      staff: { id: staff.id },
    });
    expect(refunded).toMatchObject({ ok: true, tokensTakenBack: 30 });
    expect(double.requests.find((r) => r.path === "/v1/refunds")!.body).toMatchObject({
      payment_intent: expect.stringMatching(/^pi_/),
      amount: String(payment!.amountMinor),
    });
    expect(await getBalance(client.id)).toBe(0);
    // Stripe's charge.refunded about the same refund: already counted.
    const charge = double.event("charge.refunded", {
      id: "ch_test_refunded",
      object: "charge",
      payment_intent: (completed!.data.object as { payment_intent: string }).payment_intent,
      amount: payment!.amountMinor,
      amount_refunded: payment!.amountMinor,
      refunded: true,
    });
    const signed = double.sign(charge);
    expect(await deliver(signed.payload, signed.signature)).toBe(200);
    const [after] = await db().select().from(payments).where(eq(payments.id, payment!.id));
    expect(after!.refundedMinor).toBe(payment!.amountMinor);
    expect(
      await refundPayment({ paymentId: payment!.id, amountMinor: 100, reason: "", staff: { id: staff.id } }),
    ).toMatchObject({ ok: false, status: 409 });
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, "payment.refund"));
    expect(audit.filter((a) => a.targetId === payment!.id)).toHaveLength(1);
    // The invoice and one credit note for the whole amount (decision 0082).
    const documents = await db().select().from(taxInvoices).where(eq(taxInvoices.paymentId, payment!.id));
    expect(documents.map((d) => [d.kind, d.totalMinor]).sort()).toEqual([
      ["credit_note", payment!.amountMinor],
      ["invoice", payment!.amountMinor],
    ]);
    await ledgerIsConsistent(client);
  });

  it("fulfils a payment only from the checkout opened for it, at its amount and currency", async () => {
    useStripe();
    const client = await signedInClient();
    const session = double.sessions.get(sessionOf(await buyPackage(client, "match-stripe-0001")))!;
    const [payment] = await db().select().from(payments).where(eq(payments.userId, client.id));
    const paid = { ...session, status: "complete", payment_status: "paid", payment_intent: "pi_test_other" };
    // What the server logs (models/platform/log.server.ts), read here.
    const lines: string[] = [];
    setLogger(
      createLogger({ level: "warn", pretty: false, destination: { write: (line) => lines.push(line) } }),
    );
    try {
      for (const other of [
        // Someone else's checkout of 100, naming our payment.
        { ...paid, id: "cs_test_someone_else", amount_total: 100 },
        { ...paid, amount_total: payment!.amountMinor - 1 },
        { ...paid, currency: "usd" },
      ]) {
        const signed = double.sign(double.event("checkout.session.completed", other));
        // Answered 200 so Stripe stops, and a redelivery changes nothing.
        expect(await deliver(signed.payload, signed.signature)).toBe(200);
        expect(await deliver(signed.payload, signed.signature)).toBe(200);
        expect(await getBalance(client.id)).toBe(0);
      }
      const logged = lines.filter((line) => line.includes(payment!.id));
      expect(logged).toHaveLength(3);
    } finally {
      setLogger(undefined);
    }
    const [still] = await db().select().from(payments).where(eq(payments.id, payment!.id));
    expect(still).toMatchObject({ status: "pending", gatewayPaymentIntent: null });

    // Its own checkout, paid: fulfilled.
    await double.pay(session.id as string);
    expect(await getBalance(client.id)).toBe(130);
    await ledgerIsConsistent(client);
  });

  it("events out of order never undo a paid payment, fulfil it twice, or revive a failed one", async () => {
    useStripe();
    const session = await buyGiftCard("order-stripe-0001");
    const [completed] = await double.pay(session.id as string);
    const paidSession = completed!.data.object as unknown as Record<string, unknown>;
    expect(await deliverEvent("checkout.session.expired", { ...paidSession, status: "expired" })).toBe(200);
    expect(await deliverEvent("checkout.session.async_payment_failed", paidSession)).toBe(200);
    expect(await deliverEvent("checkout.session.async_payment_succeeded", paidSession)).toBe(200);
    const [paid] = await db()
      .select()
      .from(payments)
      .where(eq(payments.checkoutSessionId, session.id as string));
    expect(paid).toMatchObject({ status: "succeeded", failureMessage: null });
    expect(await db().select().from(giftCards).where(eq(giftCards.paymentId, paid!.id))).toHaveLength(1);

    // Expired first: a payment for it arriving later fulfils nothing (Stripe cannot take money for it).
    const lapsed = await buyGiftCard("order-stripe-0002");
    expect(await deliverEvent("checkout.session.expired", { ...lapsed, status: "expired" })).toBe(200);
    const late = { ...lapsed, status: "complete", payment_status: "paid", payment_intent: "pi_test_late" };
    expect(await deliverEvent("checkout.session.async_payment_succeeded", late)).toBe(200);
    const [failed] = await db()
      .select()
      .from(payments)
      .where(eq(payments.checkoutSessionId, lapsed.id as string));
    expect(failed).toMatchObject({ status: "failed" });
    expect(await db().select().from(giftCards).where(eq(giftCards.paymentId, failed!.id))).toEqual([]);
  });
});
