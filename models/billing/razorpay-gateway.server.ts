import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import Razorpay from "razorpay";
import { db } from "../platform/db.server";
import { razorpayPlans } from "../schema";
import type { CheckoutReturn, PaymentGateway, PaymentRow } from "./payments.server";

// Razorpay as a payment gateway (docs/decisions/0080). Our action creates a
// Razorpay Order (a one-off) or Subscription (a plan) for the pending
// payments row, with the amount from our catalogue, and sends the payer to
// our own page /pay/razorpay/<payment>: with JavaScript it opens Razorpay
// Checkout there; without, its form posts to Razorpay's hosted checkout.
// Either way Razorpay posts the payment's signature back to our callback,
// checked here; the signed webhooks (razorpay-webhooks.server.ts) confirm
// and fulfil, once.

export type RazorpaySettings = {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** A local double in tests (RAZORPAY_API_URL): the API, the checkout script and the hosted page. */
  apiUrl?: string;
};

type Current = {
  client: Razorpay;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** The Checkout script our page loads (only on /pay/razorpay pages). */
  scriptUrl: string;
  /** Razorpay's hosted checkout, the form target without JavaScript. */
  hostedUrl: string;
  origins: { script: string; frame: string };
};

let current: Current | null = null;

/** The Razorpay client and secrets of this process, when Razorpay takes payments. */
export function razorpaySetup(): Current | null {
  return current;
}

/** Another configuration was installed without Razorpay. */
export function forgetRazorpay(): void {
  current = null;
}

/**
 * What the page that opens Checkout must allow (docs/decisions/0080):
 * Razorpay's script origin, and its API origin for Checkout's frame and the
 * hosted checkout's form. Empty when Razorpay is not configured.
 */
export function razorpayPageOrigins(): {
  script: string[];
  frame: string[];
  form: string[];
  connect: string[];
} {
  if (!current) return { script: [], frame: [], form: [], connect: [] };
  const { script, frame } = current.origins;
  // The double's checkout script calls the double itself (there is no frame to host the payment).
  const local = script === frame;
  return { script: [script], frame: [frame], form: [frame], connect: local ? [frame] : [] };
}

/** HMAC-SHA256 hex of a message with a secret, as Razorpay signs. */
export const razorpaySignature = (message: string, secret: string) =>
  createHmac("sha256", secret).update(message).digest("hex");

/** Compares a received hex signature with the expected one in constant time. */
export function signatureMatches(received: string | null | undefined, expected: string): boolean {
  if (!received || !/^[0-9a-f]{64}$/i.test(received)) return false;
  return timingSafeEqual(Buffer.from(received.toLowerCase(), "hex"), Buffer.from(expected, "hex"));
}

/** What Checkout (or the hosted page) posts back to our callback. */
export type CheckoutCallback = {
  razorpay_payment_id?: string | null;
  razorpay_order_id?: string | null;
  razorpay_subscription_id?: string | null;
  razorpay_signature?: string | null;
};

/**
 * Whether Checkout's answer is Razorpay's, for this payment's own order or
 * subscription: `order_id|payment_id` (a subscription: `payment_id|subscription_id`)
 * signed with the key secret. An answer for another order, or forged, is not.
 */
export function checkoutSignatureValid(
  payment: Pick<PaymentRow, "checkoutSessionId">,
  answer: CheckoutCallback,
  keySecret: string,
): boolean {
  const session = payment.checkoutSessionId;
  const paymentId = answer.razorpay_payment_id ?? "";
  if (!session || !/^pay_\w+$/.test(paymentId)) return false;
  if (session.startsWith("sub_")) {
    if ((answer.razorpay_subscription_id ?? session) !== session) return false;
    return signatureMatches(
      answer.razorpay_signature,
      razorpaySignature(`${paymentId}|${session}`, keySecret),
    );
  }
  if (answer.razorpay_order_id !== session) return false;
  return signatureMatches(answer.razorpay_signature, razorpaySignature(`${session}|${paymentId}`, keySecret));
}

/** The SDK client; its base URL pointed at a local double when RAZORPAY_API_URL is set. */
function createClient(settings: RazorpaySettings): Razorpay {
  const client = new Razorpay({ key_id: settings.keyId, key_secret: settings.keySecret });
  if (settings.apiUrl) {
    // The SDK has no option for its host: its axios instance is repointed (tests only).
    const api = (client as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api;
    api.rq.defaults.baseURL = new URL(settings.apiUrl).origin;
  }
  return client;
}

const errorMessage = (error: unknown) => {
  const described = (error as { error?: { description?: string } }).error?.description;
  return described ?? (error as Error).message ?? String(error);
};

export function createRazorpayGateway(settings: RazorpaySettings): PaymentGateway {
  const client = createClient(settings);
  const api = settings.apiUrl ? new URL(settings.apiUrl).origin : null;
  current = {
    client,
    keyId: settings.keyId,
    keySecret: settings.keySecret,
    webhookSecret: settings.webhookSecret,
    scriptUrl: api ? `${api}/v1/checkout.js` : "https://checkout.razorpay.com/v1/checkout.js",
    hostedUrl: api ? `${api}/v1/checkout/embedded` : "https://api.razorpay.com/v1/checkout/embedded",
    origins: api
      ? { script: api, frame: api }
      : { script: "https://checkout.razorpay.com", frame: "https://api.razorpay.com" },
  };

  /**
   * The Razorpay plan billing this amount monthly: created at Razorpay once per price and kept in
   * razorpay_plans, so other processes and later runs reuse it. Two processes creating it at once
   * both create one at Razorpay; the first stored is the one everyone uses.
   */
  async function planFor(payment: PaymentRow): Promise<string> {
    const key = [
      api ?? "razorpay",
      settings.keyId,
      payment.subscriptionPlanId,
      payment.amountMinor,
      payment.currency,
    ].join(":");
    const stored = () =>
      db()
        .select({ id: razorpayPlans.razorpayPlanId })
        .from(razorpayPlans)
        .where(eq(razorpayPlans.key, key))
        .then((rows) => rows[0]?.id);
    const known = await stored();
    if (known) return known;
    const plan = await client.plans.create({
      period: "monthly",
      interval: 1,
      item: {
        name: payment.description.slice(0, 120),
        amount: payment.amountMinor,
        currency: payment.currency,
      },
      notes: { plan_id: payment.subscriptionPlanId ?? "" },
    });
    await db().insert(razorpayPlans).values({ key, razorpayPlanId: plan.id }).onConflictDoNothing();
    return (await stored()) ?? plan.id;
  }

  return {
    name: "razorpay",
    async startCheckout({ payment, mode, successUrl, cancelUrl }) {
      const notes = { payment_id: payment.id };
      let sessionId: string;
      if (mode === "subscription") {
        const subscription = await client.subscriptions.create({
          plan_id: await planFor(payment),
          // Monthly for ten years, until the client cancels (Razorpay needs an end).
          total_count: 120,
          quantity: 1,
          customer_notify: 0,
          notes,
        });
        sessionId = subscription.id;
      } else {
        // The seeded price the page showed, in paise or cents: never an amount from the form.
        const order = await client.orders.create({
          amount: payment.amountMinor,
          currency: payment.currency,
          receipt: payment.id,
          notes,
        });
        sessionId = order.id;
      }
      return { sessionId, url: pageUrl(payment.id, { successUrl, cancelUrl }) };
    },
    async openCheckoutUrl(sessionId, resume) {
      if (!resume?.back) return null;
      // Still payable: an order not yet paid, a subscription not yet authorised.
      const open = sessionId.startsWith("sub_")
        ? (await client.subscriptions.fetch(sessionId)).status === "created"
        : (await client.orders.fetch(sessionId)).status !== "paid";
      return open ? pageUrl(resume.payment.id, resume.back) : null;
    },
    async refund({ payment, amountMinor, refundId }) {
      const paid = payment.gatewayReference;
      if (!paid?.startsWith("pay_"))
        return { ok: false, message: "Razorpay has no payment for this order to refund." };
      try {
        const refund = await client.payments.refund(paid, {
          amount: amountMinor,
          speed: "normal",
          receipt: refundId,
          notes: { payment_id: payment.id, refund_id: refundId },
        });
        if (refund.status === "failed")
          return { ok: false, message: "Razorpay refused the refund (failed)." };
        return { ok: true, reference: refund.id };
      } catch (error) {
        return { ok: false, message: errorMessage(error) };
      }
    },
    endsPlansForGood: true,
    async setCancelAtPeriodEnd(id, cancel) {
      // Razorpay cannot take back a cancellation at the cycle's end (decision 0080).
      if (!cancel) throw new Error(`Razorpay cannot resume subscription ${id} once set to end`);
      await client.subscriptions.cancel(id, true);
    },
    async cancelSubscriptionNow(id) {
      await client.subscriptions.cancel(id, false);
    },
  };
}

/** Our page that opens Checkout for a payment; it comes back to the page the payer paid from. */
function pageUrl(paymentId: string, back: CheckoutReturn): string {
  const page = new URL(`/pay/razorpay/${paymentId}`, back.successUrl);
  page.searchParams.set("done", localPath(back.successUrl));
  page.searchParams.set("cancel", localPath(back.cancelUrl));
  return page.toString();
}

/** A return address as a path on our own site (the page's `done`/`cancel` parameters). */
function localPath(url: string): string {
  const parsed = new URL(url, "http://local");
  return `${parsed.pathname}${parsed.search}`;
}

/** A `done`/`cancel` parameter back from the browser: only a path on our own site, else the dashboard. */
export function safeReturnPath(value: string | null, fallback = "/dashboard2/billing"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return fallback;
  return value;
}
