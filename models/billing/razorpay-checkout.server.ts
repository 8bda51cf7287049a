import { eq } from "drizzle-orm";
import { reportError } from "../platform/errors.server";
import { log } from "../platform/log.server";
import { db } from "../platform/db.server";
import { isUuid } from "../platform/ids";
import { formatMinor } from "../platform/money";
import { payments } from "../schema";
import type { Currency } from "./payments";
import { checkoutSignatureValid, razorpaySetup, type CheckoutCallback } from "./razorpay-gateway.server";
import { paymentCaptured, type RazorpayPayment } from "./razorpay-webhooks.server";
import type { AfterCommit } from "./stripe-webhooks.server";

// Our page that opens Razorpay Checkout for a pending payment, and the
// callback Checkout (or Razorpay's hosted page) posts the signed answer to
// (docs/decisions/0080).

export const RAZORPAY_MESSAGES = {
  methods: "On Razorpay you can pay by UPI, cards, netbanking or wallets.",
  badSignature:
    "Razorpay's answer could not be verified, so nothing was fulfilled. If money was taken, it will be confirmed by Razorpay shortly or refunded.",
} as const;

export type RazorpayCheckoutPage = {
  paymentId: string;
  keyId: string;
  scriptUrl: string;
  hostedUrl: string;
  /** The order (a one-off) or subscription (a plan) Razorpay Checkout pays. */
  orderId: string | null;
  subscriptionId: string | null;
  amount: string;
  amountMinor: number;
  currency: string;
  description: string;
  email: string | null;
};

/**
 * The checkout of the viewer's own pending Razorpay payment (a guest's gift
 * card: the payment's id is the key); "done" when it no longer waits for
 * the payer; null when there is no such payment.
 */
export async function razorpayCheckoutPage(
  paymentId: string,
  viewerId: string | null,
): Promise<RazorpayCheckoutPage | "done" | null> {
  const setup = razorpaySetup();
  if (!setup || !isUuid(paymentId)) return null;
  const [payment] = await db().select().from(payments).where(eq(payments.id, paymentId));
  if (!payment || payment.gateway !== "razorpay" || !payment.checkoutSessionId) return null;
  if (payment.userId && payment.userId !== viewerId) return null;
  if (payment.status !== "pending") return "done";
  const session = payment.checkoutSessionId;
  return {
    paymentId: payment.id,
    keyId: setup.keyId,
    scriptUrl: setup.scriptUrl,
    hostedUrl: setup.hostedUrl,
    orderId: session.startsWith("order_") ? session : null,
    subscriptionId: session.startsWith("sub_") ? session : null,
    amount: formatMinor(payment.amountMinor, payment.currency as Currency),
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    description: payment.description,
    email: payment.payerEmail,
  };
}

export type CallbackOutcome =
  { ok: true; state: "paid" | "pending" } | { ok: false; status: 400 | 404; message: string };

/**
 * Checkout's answer for a payment: the signature is checked first (an
 * answer for another order, replayed from another payment, or forged is
 * refused). For an order, the payment is then read from Razorpay and, when
 * captured at our amount, confirmed and fulfilled here, once (the webhook
 * finds it done); a plan starts from its subscription.charged webhook.
 */
export async function completeRazorpayCheckout(
  paymentId: string,
  answer: CheckoutCallback,
): Promise<CallbackOutcome> {
  const setup = razorpaySetup();
  if (!setup || !isUuid(paymentId)) return { ok: false, status: 404, message: "Not found" };
  const [payment] = await db().select().from(payments).where(eq(payments.id, paymentId));
  if (!payment || payment.gateway !== "razorpay") return { ok: false, status: 404, message: "Not found" };
  if (!checkoutSignatureValid(payment, answer, setup.keySecret)) {
    log().warn({ paymentId, gateway: "razorpay" }, "checkout answer: invalid signature");
    return { ok: false, status: 400, message: RAZORPAY_MESSAGES.badSignature };
  }
  if (payment.status !== "pending" || payment.checkoutSessionId?.startsWith("sub_"))
    return { ok: true, state: payment.status === "succeeded" ? "paid" : "pending" };
  let paid: RazorpayPayment;
  try {
    paid = (await setup.client.payments.fetch(answer.razorpay_payment_id!)) as unknown as RazorpayPayment;
  } catch (error) {
    // The webhook confirms it later; the page says pending meanwhile.
    reportError(error, "Razorpay could not be asked about a payment", { paymentId });
    return { ok: true, state: "pending" };
  }
  const after: AfterCommit = [];
  const outcome = await db().transaction((tx) => paymentCaptured(tx, paid, after, new Date()));
  for (const step of after) {
    try {
      await step();
    } catch (error) {
      reportError(error, "A step after a Razorpay checkout failed", { paymentId });
    }
  }
  return {
    ok: true,
    state: outcome.startsWith("fulfilled") || outcome === "already done" ? "paid" : "pending",
  };
}
