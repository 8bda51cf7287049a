// Razorpay as the gateway (docs/decisions/0080), without network: the
// official SDK talks to the local double (tests/razorpay-double), which
// checks each request's shape; webhooks and Checkout's answers reach our
// routes signed as Razorpay signs them.
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { configurePayments } from "~models/billing/gateway-setup.server";
import { GATEWAY_MESSAGES } from "~models/billing/gateway-messages";
import { gatewayFor, paymentMode, setPaymentGateway, testGateway } from "~models/billing/payments.server";
import { forgetRazorpay, razorpaySignature } from "~models/billing/razorpay-gateway.server";
import { refundPayment } from "~models/billing/refunds.server";
import { purchaseGiftCard } from "~models/billing/gift-cards.server";
import {
  cancelSubscription,
  getActiveSubscription,
  planCanBeKept,
  subscribe,
} from "~models/billing/subscriptions.server";
import { SUBSCRIPTION_MESSAGES } from "~models/billing/subscriptions";
import { fullDay } from "~models/billing/wallet";
import { purchaseTokens } from "~models/billing/token-purchases.server";
import { getBalance, spendTokens } from "~models/billing/tokens.server";
import { runSeed } from "~models/views/seed.server";
import { db, getDatabaseHandle, setDatabase } from "~models/platform/db.server";
import { withStatementLog } from "~models/platform/testing.server";
import {
  emailOutbox,
  giftCards,
  notifications,
  paymentRefunds,
  payments,
  razorpayEvents,
  razorpayPlans,
  subscriptions,
} from "~models/schema";
import * as webhook from "~/routes/api/webhooks/razorpay";
import * as callback from "~/routes/billing/razorpay-callback";
import * as payPage from "~/routes/billing/razorpay-pay";
import * as buyTokensPage from "~/routes/dashboard/buy-tokens";
import { paymentNotices } from "~/lib/checkout.server";
import { startRazorpayDouble, type RazorpayDouble, type RazorpayEvent } from "../razorpay-double/double";
import { body, ledgerIsConsistent } from "./billing-helpers";
import { call, formRequest, getRequest } from "./helpers";
import { signedInClient, type Client } from "./project-helpers";

const KEY = {
  keyId: "rzp_test_integration",
  keySecret: "key-secret-integration",
  webhookSecret: "whsec-rzp-integration",
};
let double: RazorpayDouble;
/** Statements one order.paid costs to fulfil a token package, as measured (it must not grow unnoticed). */
// 21 for the payment, grant, ledger, receipt and its email; 6 more for the tax invoice (tests/integration/tax-invoices.test.ts
// counts them); 1 for the members whose preferences let the receipt's email go to them (decision 0079).
const FULFIL_BUDGET = 28;

/** Our webhook route, called as Razorpay calls it: the raw JSON, its signature and event id. */
async function deliver(payload: string, signature: string, eventId: string): Promise<number> {
  const request = new Request("http://127.0.0.1/api/webhooks/razorpay", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Razorpay-Signature": signature,
      "X-Razorpay-Event-Id": eventId,
    },
    body: payload,
  });
  return (await call(webhook.action as never, request)).status;
}
const redeliver = (evt: RazorpayEvent) => {
  const signed = double.sign(evt);
  return deliver(signed.payload, signed.signature, signed.eventId);
};

beforeAll(async () => {
  await runSeed();
  double = await startRazorpayDouble({ ...KEY, deliver });
});
afterAll(async () => {
  configurePayments({ mode: "test" });
  setPaymentGateway(testGateway);
  await double?.stop();
});
afterEach(() => {
  expect(double.problems).toEqual([]);
});

const useRazorpay = () => configurePayments({ mode: "none", razorpay: { ...KEY, apiUrl: double.url } });
const back = (path: string) => ({
  successUrl: `http://127.0.0.1:3000${path}?checkout=done&payment={PAYMENT_ID}`,
  cancelUrl: `http://127.0.0.1:3000${path}?checkout=cancelled&payment={PAYMENT_ID}`,
});
const paymentIdOf = (url: string) => new URL(url).pathname.split("/")[3]!;

async function buyPackage(client: Client, key: string) {
  const result = await purchaseTokens(
    client.id,
    { package_id: "popular", region: "in", payment_method: "credit_card", card: null, idempotency_key: key },
    new Date(),
    back("/dashboard2/billing/tokens"),
  );
  if (result.ok || result.status !== 303) throw new Error(`Expected a checkout: ${JSON.stringify(result)}`);
  const paymentId = paymentIdOf(result.checkoutUrl);
  const [row] = await db().select().from(payments).where(eq(payments.id, paymentId));
  return { url: result.checkoutUrl, paymentId, orderId: row!.checkoutSessionId! };
}

/** Checkout's answer posted to our callback route. */
const postAnswer = (paymentId: string, fields: Record<string, string>) =>
  call(
    callback.action,
    formRequest(
      `/pay/razorpay/${paymentId}/callback?done=${encodeURIComponent("/dashboard2/billing/tokens?checkout=done")}`,
      fields,
    ),
    { paymentId },
  );

describe("Razorpay: orders, Checkout and webhooks", () => {
  it("a rupee token package: an order at the catalogue's amount, our page opens it, the signed answer and webhooks grant once", async () => {
    useRazorpay();
    const client = await signedInClient();
    const page = body<{ idempotencyKey: string; mode: string; notices: { hosted: { text: string } } }>(
      await call(buyTokensPage.loader, getRequest("/dashboard2/billing/tokens", { cookie: client.cookie })),
    );
    expect(page.mode).toBe("hosted");
    expect(page.notices.hosted.text).toContain("UPI, cards, netbanking or wallets");
    const posted = await call(
      buyTokensPage.action,
      formRequest(
        "/dashboard2/billing/tokens",
        { package_id: "popular", region: "in", idempotency_key: page.idempotencyKey },
        { cookie: client.cookie },
      ),
    );
    expect(posted.status).toBe(303);
    const location = posted.headers.get("Location")!;
    expect(location).toMatch(/^http:\/\/127\.0\.0\.1:3000\/pay\/razorpay\/[0-9a-f-]{36}\?done=/);
    const paymentId = paymentIdOf(location);
    const [pending] = await db().select().from(payments).where(eq(payments.id, paymentId));
    expect(pending).toMatchObject({ status: "pending", gateway: "razorpay", currency: "INR" });
    const order = double.orders.get(pending!.checkoutSessionId!)!;
    // The amount comes from our catalogue, never from the form.
    expect(order).toMatchObject({ amount: pending!.amountMinor, currency: "INR", receipt: paymentId });

    const shown = body<{
      orderId: string;
      keyId: string;
      scriptUrl: string;
      hostedUrl: string;
      callbackUrl: string;
    }>(
      await call(
        payPage.loader,
        getRequest(new URL(location).pathname + new URL(location).search, { cookie: client.cookie }),
        { paymentId },
      ),
    );
    expect(shown).toMatchObject({
      orderId: order.id,
      keyId: KEY.keyId,
      scriptUrl: `${double.url}/v1/checkout.js`,
    });
    // Another client cannot open it.
    const other = await signedInClient();
    expect(
      (
        await call(payPage.loader, getRequest(`/pay/razorpay/${paymentId}`, { cookie: other.cookie }), {
          paymentId,
        })
      ).status,
    ).toBe(404);
    expect(await getBalance(client.id)).toBe(0);

    const { answer, events } = await double.pay(order.id as string);
    expect(events.map((e) => e.body.event)).toEqual(["payment.authorized", "order.paid", "payment.captured"]);
    expect(await getBalance(client.id)).toBe(130);
    // Checkout's answer arrives after the webhooks: found done, back to the page.
    const returned = await postAnswer(paymentId, answer);
    expect(returned.status).toBe(303);
    expect(returned.headers.get("Location")).toBe("/dashboard2/billing/tokens?checkout=done");
    expect(await getBalance(client.id)).toBe(130);
    const outcomes = await db().select().from(razorpayEvents);
    expect(
      outcomes
        .filter((e) => events.some((s) => s.id === e.id))
        .map((e) => e.outcome)
        .sort(),
    ).toEqual(["already done", "fulfilled token package", "ignored"]);
    const receipts = await db().select().from(emailOutbox).where(eq(emailOutbox.to, client.email));
    expect(receipts.filter((r) => r.kind === "receipt")).toHaveLength(1);
    await ledgerIsConsistent(client);
  });

  it("the same form sent again goes back to the same open checkout, never a second order", async () => {
    useRazorpay();
    const client = await signedInClient();
    const first = await buyPackage(client, "rzp-resubmit-0001");
    const again = await buyPackage(client, "rzp-resubmit-0001");
    expect(again).toEqual(first);
    const orders = [...double.orders.values()].filter((o) => o.receipt === first.paymentId);
    expect(orders).toHaveLength(1);
    await double.pay(first.orderId);
    // Paid: the same form answers the first result, nothing is charged again.
    const replay = await purchaseTokens(
      client.id,
      {
        package_id: "popular",
        region: "in",
        payment_method: "credit_card",
        card: null,
        idempotency_key: "rzp-resubmit-0001",
      },
      new Date(),
      back("/dashboard2/billing/tokens"),
    );
    expect(replay.ok).toBe(true);
    expect(await getBalance(client.id)).toBe(130);
  });

  it("Checkout's answer alone (webhooks late) fulfils once; a forged, another order's or replayed answer fulfils nothing", async () => {
    useRazorpay();
    const client = await signedInClient();
    const first = await buyPackage(client, "rzp-answer-0001");
    const second = await buyPackage(client, "rzp-answer-0002");
    double.deliverTo(null);
    const paid = await double.pay(first.orderId);
    double.deliverTo(deliver);
    // Forged: the right ids, a signature made without the key secret.
    const forged = {
      ...paid.answer,
      razorpay_signature: razorpaySignature(`${first.orderId}|${paid.answer.razorpay_payment_id}`, "guess"),
    };
    expect((await postAnswer(first.paymentId, forged)).status).toBe(400);
    // First's genuine answer replayed against the second payment (another order's id).
    expect((await postAnswer(second.paymentId, paid.answer)).status).toBe(400);
    // Second's order id with first's payment and signature.
    expect(
      (await postAnswer(second.paymentId, { ...paid.answer, razorpay_order_id: second.orderId })).status,
    ).toBe(400);
    expect(await getBalance(client.id)).toBe(0);
    // The genuine answer: the payment is read from Razorpay and fulfilled; posted again, nothing more.
    expect((await postAnswer(first.paymentId, paid.answer)).status).toBe(303);
    expect((await postAnswer(first.paymentId, paid.answer)).status).toBe(303);
    expect(await getBalance(client.id)).toBe(130);
    // The late webhooks find it done.
    for (const evt of paid.events) expect(await redeliver(evt)).toBe(200);
    expect(await getBalance(client.id)).toBe(130);
    const [secondRow] = await db().select().from(payments).where(eq(payments.id, second.paymentId));
    expect(secondRow!.status).toBe("pending");
    await ledgerIsConsistent(client);
  });

  it("until Razorpay confirms, the page says pending (naming Razorpay); the API is told to pay on the site", async () => {
    useRazorpay();
    const client = await signedInClient();
    const bought = await buyPackage(client, "rzp-pending-0001");
    const page = body<{ notices: { checkout: { text: string } } }>(
      await call(
        buyTokensPage.loader,
        getRequest(`/dashboard2/billing/tokens?checkout=done&payment=${bought.paymentId}`, {
          cookie: client.cookie,
        }),
      ),
    );
    expect(page.notices.checkout.text).toBe(GATEWAY_MESSAGES.checkoutPendingRazorpay);
    const bare = await purchaseTokens(client.id, {
      package_id: "popular",
      region: "in",
      payment_method: "credit_card",
      card: null,
      idempotency_key: "rzp-api-0001",
    });
    expect(bare).toMatchObject({ ok: false, message: GATEWAY_MESSAGES.payOnSiteRazorpay });
  });

  it("webhooks: a bad signature is refused; an amount or another order's id fulfils nothing; a replayed event applies once", async () => {
    useRazorpay();
    const client = await signedInClient();
    const bought = await buyPackage(client, "rzp-webhook-0001");
    const order = double.orders.get(bought.orderId)!;
    const captured = (amount: number, orderId: string) =>
      double.event("payment.captured", {
        payment: {
          id: `pay_forged${amount}`,
          entity: "payment",
          amount,
          currency: "INR",
          status: "captured",
          order_id: orderId,
        },
      });
    // Forged: signed with another secret.
    const evt = captured(Number(order.amount), bought.orderId);
    const payload = JSON.stringify(evt.body);
    expect(await deliver(payload, razorpaySignature(payload, "not-the-secret"), evt.id)).toBe(400);
    expect(await deliver(payload, "", evt.id)).toBe(400);
    // Tampered after signing: the amount changed.
    const signed = double.sign(evt);
    expect(await deliver(signed.payload.replace(String(order.amount), "100"), signed.signature, evt.id)).toBe(
      400,
    );
    expect(await getBalance(client.id)).toBe(0);
    // Signed, but for less than the order, or for another order: nothing is fulfilled.
    expect(await redeliver(captured(100, bought.orderId))).toBe(200);
    expect(await redeliver(captured(Number(order.amount), "order_someoneelse"))).toBe(200);
    expect(await getBalance(client.id)).toBe(0);
    // The genuine event, delivered five times at once: one grant, one event row.
    const genuine = captured(Number(order.amount), bought.orderId);
    const signedGenuine = double.sign(genuine);
    const statuses = await Promise.all(
      Array.from({ length: 5 }, () =>
        deliver(signedGenuine.payload, signedGenuine.signature, signedGenuine.eventId),
      ),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(await getBalance(client.id)).toBe(130);
    expect(await db().select().from(razorpayEvents).where(eq(razorpayEvents.id, genuine.id))).toHaveLength(1);
    // payment.failed after the capture (out of order) changes nothing.
    expect(
      await redeliver(
        double.event("payment.failed", {
          payment: {
            id: "pay_failedlate",
            entity: "payment",
            amount: order.amount as number,
            currency: "INR",
            status: "failed",
            order_id: bought.orderId,
          },
        }),
      ),
    ).toBe(200);
    const [row] = await db().select().from(payments).where(eq(payments.id, bought.paymentId));
    expect(row!.status).toBe("succeeded");
    await ledgerIsConsistent(client);
  });

  it("payment.captured and order.paid for one payment, delivered at the same time, fulfil once", async () => {
    useRazorpay();
    const client = await signedInClient();
    const bought = await buyPackage(client, "rzp-concurrent-0001");
    double.deliverTo(null);
    const { events } = await double.pay(bought.orderId);
    double.deliverTo(deliver);
    const statuses = await Promise.all([...events, ...events].map((evt) => redeliver(evt)));
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await getBalance(client.id)).toBe(130);
    await ledgerIsConsistent(client);
  });

  it("a gift card in rupees: created by the webhook, once", async () => {
    useRazorpay();
    const result = await purchaseGiftCard(
      {
        amount: "5000",
        customAmount: "",
        giftAmount: 5000,
        region: "in",
        currency: "INR",
        recipientName: "Ravi",
        recipientEmail: "ravi.rzp@example.com",
        senderName: "Asha",
        senderEmail: "asha.rzp@example.com",
        message: "",
        deliveryDate: "",
        payment_method: "credit_card",
        card: null,
        idempotency_key: "rzp-gift-0001",
      } as never,
      { userId: null, checkout: back("/gift") },
    );
    expect(result).toMatchObject({ ok: false, status: 303 });
    const paymentId = paymentIdOf((result as { checkoutUrl: string }).checkoutUrl);
    const [row] = await db().select().from(payments).where(eq(payments.id, paymentId));
    const { events } = await double.pay(row!.checkoutSessionId!);
    for (const evt of events) await redeliver(evt);
    const cards = await db().select().from(giftCards).where(eq(giftCards.paymentId, paymentId));
    expect(cards).toHaveLength(1);
  });
});

describe("Razorpay webhook cost", () => {
  it("a duplicate delivery costs one statement; fulfilling a package costs a fixed number", async () => {
    useRazorpay();
    const client = await signedInClient();
    const bought = await buyPackage(client, "rzp-cost-0001");
    double.deliverTo(null);
    const { events } = await double.pay(bought.orderId);
    double.deliverTo(deliver);
    const paid = events.find((e) => e.body.event === "order.paid")!;
    const original = getDatabaseHandle()!;
    const statements: string[] = [];
    // Transaction control is left out: node-postgres sends BEGIN and COMMIT as statements, PGlite does not.
    const control = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
    setDatabase(withStatementLog(original, (query) => control.test(query) || statements.push(query)));
    try {
      expect(await redeliver(paid)).toBe(200);
      const fulfilling = statements.length;
      statements.length = 0;
      expect(await redeliver(paid)).toBe(200);
      expect(statements).toHaveLength(1);
      // Measured: the event row, the payment, grant, ledger, receipt and its outbox email.
      expect(fulfilling).toBeLessThanOrEqual(FULFIL_BUDGET);
    } finally {
      setDatabase(original);
    }
    expect(await getBalance(client.id)).toBe(130);
  });
});

describe("Razorpay Subscriptions", () => {
  it("creates one Razorpay plan per price, kept for every process and restart (razorpay_plans)", async () => {
    const planPosts = () =>
      double.requests.filter((r) => r.method === "POST" && r.path === "/v1/plans").length;
    const planOfNewSubscription = () =>
      double.requests.filter((r) => r.method === "POST" && r.path === "/v1/subscriptions").at(-1)!.body
        .plan_id;
    const subscribeOnce = async (key: string) => {
      const client = await signedInClient();
      const result = await subscribe(
        client.id,
        { plan_id: "social", payment_method: "credit_card", card: null, idempotency_key: key },
        new Date(),
        back("/dashboard2/billing/plans/social"),
      );
      expect(result).toMatchObject({ ok: false, status: 303 });
      return planOfNewSubscription();
    };
    useRazorpay();
    const before = planPosts();
    const first = await subscribeOnce("plan-rzp-shared-1");
    // Another process (or the same one after a restart) starts with nothing in memory and builds its own
    // gateway: it finds the plan stored.
    forgetRazorpay();
    useRazorpay();
    const second = await subscribeOnce("plan-rzp-shared-2");
    expect(second).toBe(first);
    expect(planPosts() - before).toBeLessThanOrEqual(1);
    const stored = await db().select().from(razorpayPlans);
    expect(stored.filter((row) => row.razorpayPlanId === first)).toHaveLength(1);
  });

  it("a plan: started from its first charge (events out of order), a renewal grants once, cancel at the cycle's end", async () => {
    useRazorpay();
    const client = await signedInClient();
    const result = await subscribe(
      client.id,
      { plan_id: "social", payment_method: "credit_card", card: null, idempotency_key: "plan-rzp-0001" },
      new Date(),
      back("/dashboard2/billing/plans/social"),
    );
    expect(result).toMatchObject({ ok: false, status: 303 });
    const paymentId = paymentIdOf((result as { checkoutUrl: string }).checkoutUrl);
    const [row] = await db().select().from(payments).where(eq(payments.id, paymentId));
    const subId = row!.checkoutSessionId!;
    expect(subId).toMatch(/^sub_/);
    expect(double.requests.find((r) => r.path === "/v1/plans")!.body).toMatchObject({
      period: "monthly",
      interval: 1,
      item: { amount: row!.amountMinor, currency: "INR" },
    });
    const { answer, events } = await double.pay(subId);
    expect(events[0]!.body.event).toBe("payment.captured");
    const active = (await getActiveSubscription(client.id))!;
    expect(active.subscription).toMatchObject({ gatewaySubscriptionId: subId, status: "active" });
    const monthly = active.plan.monthlyTokens;
    expect(await getBalance(client.id)).toBe(monthly);
    // The subscription's signed answer: `payment_id|subscription_id`.
    expect((await postAnswer(paymentId, answer)).status).toBe(303);
    expect((await postAnswer(paymentId, { ...answer, razorpay_signature: "0".repeat(64) })).status).toBe(400);

    // A renewal, its events redelivered and at once: one period, one grant.
    const renewal = await double.renew(subId);
    await Promise.all([...renewal, ...renewal].map((evt) => redeliver(evt)));
    expect(await getBalance(client.id)).toBe(2 * monthly);
    const renewed = (await getActiveSubscription(client.id))!;
    expect(renewed.subscription.currentPeriodEnd.getTime()).toBeGreaterThan(
      active.subscription.currentPeriodEnd.getTime(),
    );
    const succeeded = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.userId, client.id), eq(payments.status, "succeeded")));
    expect(succeeded).toHaveLength(2);
    expect(succeeded.every((p) => p.gateway === "razorpay")).toBe(true);

    // Cancel Plan: set to end at the cycle's end at Razorpay too.
    expect((await cancelSubscription(client.id)).ok).toBe(true);
    const cancel = double.requests.find((r) => r.path === `/v1/subscriptions/${subId}/cancel`)!;
    expect(cancel.body).toEqual({ cancel_at_cycle_end: 1 });
    const cancelled = (await getActiveSubscription(client.id))!.subscription;
    expect(cancelled.cancelAtPeriodEnd).toBe(true);

    // Razorpay cannot take the cancellation back: the page offers no "Keep my plan", and keeping
    // it anyway is refused with the reason and the day it ends (not "we could not reach…").
    expect(await planCanBeKept(cancelled)).toBe(false);
    const asked = double.requests.length;
    const kept = await subscribe(client.id, {
      plan_id: "social",
      payment_method: "credit_card",
      payment_method_id: null,
      card: null,
    });
    expect(kept).toMatchObject({ ok: false, status: 409 });
    expect((kept as { message: string }).message).toBe(
      SUBSCRIPTION_MESSAGES.endsForGood(renewed.plan.name, fullDay(cancelled.currentPeriodEnd)),
    );
    expect(double.requests.length).toBe(asked);
    expect((await getActiveSubscription(client.id))!.subscription.cancelAtPeriodEnd).toBe(true);
    await ledgerIsConsistent(client);
  });

  it("a failed renewal is told to the client (notification and email) while Razorpay retries; halted ends the plan", async () => {
    useRazorpay();
    const client = await signedInClient();
    const result = await subscribe(
      client.id,
      { plan_id: "social", payment_method: "credit_card", card: null, idempotency_key: "plan-rzp-0002" },
      new Date(),
      back("/dashboard2/billing/plans/social"),
    );
    const [row] = await db()
      .select()
      .from(payments)
      .where(eq(payments.id, paymentIdOf((result as { checkoutUrl: string }).checkoutUrl)));
    const subId = row!.checkoutSessionId!;
    await double.pay(subId);
    const pending = await double.failRenewal(subId);
    await redeliver(pending[0]!);
    let [ours] = await db().select().from(subscriptions).where(eq(subscriptions.userId, client.id));
    expect(ours).toMatchObject({ status: "active" });
    const told = await db().select().from(notifications).where(eq(notifications.userId, client.id));
    expect(told.filter((n) => n.title === "Plan payment failed")).toHaveLength(1);
    const emails = await db().select().from(emailOutbox).where(eq(emailOutbox.to, client.email));
    expect(emails.filter((e) => e.kind === "plan_payment_failed")).toHaveLength(1);
    await double.failRenewal(subId, { final: true });
    [ours] = await db().select().from(subscriptions).where(eq(subscriptions.userId, client.id));
    expect(ours).toMatchObject({ status: "ended", endReason: "payment_failed" });
  });
});

describe("Razorpay refunds and gateway choice", () => {
  it("a partial then full refund: unspent tokens only, confirmed by refund.processed once; a dashboard refund is recorded", async () => {
    useRazorpay();
    const client = await signedInClient();
    const bought = await buyPackage(client, "rzp-refund-0001");
    await double.pay(bought.orderId);
    expect(await getBalance(client.id)).toBe(130);
    expect((await spendTokens({ userId: client.id, amount: 100, reason: "project" })).ok).toBe(true);
    const [payment] = await db().select().from(payments).where(eq(payments.id, bought.paymentId));
    const staff = await signedInClient("staff");
    const partial = await refundPayment({
      paymentId: payment!.id,
      amountMinor: 1000,
      reason: "Part",
      staff: { id: staff.id },
    });
    expect(partial).toMatchObject({ ok: true });
    const refundCall = double.requests.find(
      (r) => r.path === `/v1/payments/${payment!.gatewayReference}/refund`,
    )!;
    expect(refundCall.body).toMatchObject({ amount: 1000, speed: "normal" });
    const processed = await double.processRefunds();
    expect(processed).toHaveLength(1);
    const [afterPartial] = await db().select().from(payments).where(eq(payments.id, payment!.id));
    expect(afterPartial!.refundedMinor).toBe(1000);
    // A refund made in Razorpay's dashboard for the rest reaches us by webhook only.
    const rest = payment!.amountMinor - 1000;
    const paid = double.payments.get(payment!.gatewayReference!)!;
    paid.amount_refunded = payment!.amountMinor;
    const dashboard = double.event("refund.processed", {
      refund: {
        id: "rfnd_dashboard1",
        entity: "refund",
        amount: rest,
        payment_id: paid.id as string,
        status: "processed",
      },
      payment: paid,
    });
    expect(await redeliver(dashboard)).toBe(200);
    expect(await redeliver(dashboard)).toBe(200);
    const [after] = await db().select().from(payments).where(eq(payments.id, payment!.id));
    expect(after!.refundedMinor).toBe(payment!.amountMinor);
    const refunds = await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment!.id));
    expect(refunds).toHaveLength(2);
    // 130 granted, 100 spent: only the 30 unspent were taken back.
    expect(await getBalance(client.id)).toBe(0);
    await ledgerIsConsistent(client);
  });

  it("beside Stripe, rupees go through Razorpay and dollars and euros through Stripe", () => {
    configurePayments({
      mode: "stripe",
      secretKey: "sk_test_choice",
      webhookSecret: "whsec_choice",
      apiUrl: "http://127.0.0.1:9",
      razorpay: { ...KEY, apiUrl: double.url },
    });
    expect(gatewayFor("INR").name).toBe("razorpay");
    expect(gatewayFor("USD").name).toBe("stripe");
    expect(gatewayFor("EUR").name).toBe("stripe");
    expect(paymentMode("INR")).toBe("hosted");
    expect(paymentNotices("hosted", null, gatewayFor("INR").name).hosted!.text).toContain("UPI");
    expect(paymentNotices("hosted", null, gatewayFor("USD").name).hosted!.text).toContain("Stripe");
    // Alone, Razorpay takes every currency.
    useRazorpay();
    expect(gatewayFor("USD").name).toBe("razorpay");
  });
});
