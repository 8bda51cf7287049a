import { and, eq } from "drizzle-orm";
import { reportError } from "../platform/errors.server";
import { log } from "../platform/log.server";
import { webhookEvents } from "../platform/metrics.server";
import { db, type Transaction } from "../platform/db.server";
import { queueEmail, sendQueuedEmail } from "../platform/mail.server";
import { addNotification } from "../platform/notifications.server";
import { formatMinor } from "../platform/money";
import { paymentRefunds, payments, razorpayEvents, users } from "../schema";
import type { Currency } from "./payments";
import { confirmHostedPayment, type HostedConfirmationOutcome, type PaymentRow } from "./payments.server";
import { razorpaySetup, razorpaySignature, signatureMatches } from "./razorpay-gateway.server";
import { recordGatewayRefund } from "./refunds.server";
import { fulfilOneOff, receipted, type AfterCommit, type WebhookAnswer } from "./stripe-webhooks.server";
import {
  applyGatewayState,
  cancelReplacedAtGateway,
  fulfilSubscription,
  renewFromGateway,
  subscriptionByGatewayId,
  type GatewayBilling,
  type WithPlan,
} from "./subscriptions.server";

// Razorpay's webhooks (docs/decisions/0080), applied as Stripe's are (0036):
// the X-Razorpay-Signature (HMAC-SHA256 of the raw body with the webhook
// secret) is checked before anything is parsed; each event is stored by its
// X-Razorpay-Event-Id in the transaction that applies it, so an event is
// applied once however often it is delivered; a payment is confirmed only
// for the order or subscription we opened for it, at its amount and
// currency, and only while pending (payments.server.ts confirmHostedPayment),
// so the callback and the webhook, or payment.captured and order.paid, fulfil once.

type Entity = Record<string, unknown>;
/** Razorpay's payment entity, as far as we read it. */
export type RazorpayPayment = {
  id: string;
  amount: number;
  currency: string;
  status: string;
  order_id?: string | null;
  invoice_id?: string | null;
  method?: string | null;
  amount_refunded?: number;
  card?: { network?: string | null; last4?: string | null } | null;
  error_description?: string | null;
};
type RazorpaySubscription = {
  id: string;
  status: string;
  current_start?: number | null;
  current_end?: number | null;
  charge_at?: number | null;
  paid_count?: number;
  notes?: Record<string, string> | null;
};
type RazorpayRefund = { id: string; amount: number; payment_id: string; status: string };
type RazorpayEvent = {
  event: string;
  created_at: number;
  payload: Record<string, { entity: Entity } | undefined>;
};

const entityOf = <T>(event: RazorpayEvent, name: string) => (event.payload[name]?.entity ?? null) as T | null;

/** Checks the signature and applies the event; 400 for a bad signature, 404 when Razorpay is not configured. */
export async function handleRazorpayWebhook(
  rawBody: string,
  signature: string | null,
  eventId: string | null,
): Promise<WebhookAnswer> {
  const setup = razorpaySetup();
  if (!setup) return { status: 404, body: { error: "Not found" } };
  if (!signatureMatches(signature, razorpaySignature(rawBody, setup.webhookSecret))) {
    webhookEvents.inc({ outcome: "rejected" });
    log().warn({ outcome: "rejected", gateway: "razorpay" }, "webhook event: invalid signature");
    return { status: 400, body: { error: "Invalid signature." } };
  }
  let event: RazorpayEvent;
  try {
    event = JSON.parse(rawBody) as RazorpayEvent;
    if (typeof event.event !== "string" || typeof event.payload !== "object") throw new Error("shape");
  } catch {
    return { status: 400, body: { error: "The event is not Razorpay's JSON." } };
  }
  if (!eventId || eventId.length > 100)
    return { status: 400, body: { error: "X-Razorpay-Event-Id is missing." } };
  let outcome: string;
  try {
    outcome = await processRazorpayEvent(eventId, event);
  } catch (error) {
    webhookEvents.inc({ outcome: "failed" });
    throw error;
  }
  webhookEvents.inc({ outcome });
  log().info({ eventId, type: event.event, outcome, gateway: "razorpay" }, "webhook event");
  return { status: 200, body: { received: true, outcome } };
}

/** Applies one event exactly once (a second delivery waits on the first's insert, then finds the id). */
async function processRazorpayEvent(eventId: string, event: RazorpayEvent): Promise<string> {
  const [seen] = await db()
    .select({ id: razorpayEvents.id })
    .from(razorpayEvents)
    .where(eq(razorpayEvents.id, eventId));
  if (seen) return "duplicate";
  const after: AfterCommit = [];
  const created = Number.isFinite(event.created_at) ? new Date(event.created_at * 1000) : new Date();
  const outcome = await db().transaction(async (tx) => {
    const [fresh] = await tx
      .insert(razorpayEvents)
      .values({ id: eventId, type: event.event, createdAt: created })
      .onConflictDoNothing()
      .returning({ id: razorpayEvents.id });
    if (!fresh) return "duplicate";
    const result = await applyEvent(tx, event, after, new Date());
    await tx.update(razorpayEvents).set({ outcome: result }).where(eq(razorpayEvents.id, eventId));
    return result;
  });
  await runAfter(after, eventId);
  return outcome;
}

async function runAfter(after: AfterCommit, eventId: string) {
  for (const step of after) {
    try {
      await step();
    } catch (error) {
      reportError(error, "A step after a Razorpay event failed", { eventId });
    }
  }
}

async function applyEvent(tx: Transaction, event: RazorpayEvent, after: AfterCommit, now: Date) {
  const payment = entityOf<RazorpayPayment>(event, "payment");
  const subscription = entityOf<RazorpaySubscription>(event, "subscription");
  switch (event.event) {
    case "payment.captured":
    case "order.paid":
      return payment ? paymentCaptured(tx, payment, after, now) : "no payment";
    case "payment.failed":
      // Checkout lets the payer try again on the same order: our payment stays open.
      return "payment attempt failed";
    case "refund.processed": {
      const refund = entityOf<RazorpayRefund>(event, "refund");
      return refund ? refundProcessed(tx, refund, payment, after, now) : "no refund";
    }
    case "subscription.charged":
    case "subscription.activated":
      return subscription ? subscriptionCharged(tx, subscription, payment, after, now) : "no subscription";
    case "subscription.pending":
    case "subscription.halted":
      return subscription ? renewalFailed(tx, subscription, after, now) : "no subscription";
    case "subscription.cancelled":
    case "subscription.completed":
      return subscription ? subscriptionEnded(tx, subscription, now) : "no subscription";
    default:
      return "ignored";
  }
}

/** Our payment that opened this order or subscription at Razorpay, locked; null when none. */
async function paymentOpenedAs(
  tx: Transaction,
  sessionId: string | null | undefined,
): Promise<string | null> {
  if (!sessionId) return null;
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.checkoutSessionId, sessionId), eq(payments.gateway, "razorpay")));
  return row?.id ?? null;
}

/** A confirmation that did not confirm, as the event's outcome (logged once after commit when suspicious). */
function notConfirmed(
  outcome: Exclude<HostedConfirmationOutcome, { status: "confirmed" }>,
  source: string,
  after: AfterCommit,
): string {
  if (outcome.status === "mismatch") {
    after.push(async () =>
      log().warn(
        `Razorpay ${source} is not for the payment it names (${outcome.problem}); nothing was fulfilled.`,
      ),
    );
    return "not this payment";
  }
  if (outcome.status === "already failed") return "payment already failed";
  return outcome.status === "unknown" ? "unknown payment" : "already done";
}

const confirmationOf = (paid: RazorpayPayment, sessionId: string, now: Date) => ({
  checkoutSessionId: sessionId,
  amountMinor: Number.isInteger(paid.amount) ? paid.amount : -1,
  currency: String(paid.currency ?? ""),
  reference: paid.id,
  cardBrand: paid.card?.network ?? null,
  cardLast4: paid.card?.last4 ?? null,
  now,
});

/**
 * A captured payment of one of our orders: its payment is confirmed and
 * what it bought fulfilled, once. Also run by the checkout callback, in its
 * own transaction, with the payment fetched from Razorpay.
 */
export async function paymentCaptured(
  tx: Transaction,
  paid: RazorpayPayment,
  after: AfterCommit,
  now: Date,
): Promise<string> {
  if (paid.status !== "captured") return "not captured";
  const ours = await paymentOpenedAs(tx, paid.order_id);
  // A plan's charge has Razorpay's own order: subscription.charged applies it.
  if (!ours) return paid.invoice_id ? "plan charge" : "unknown payment";
  const outcome = await confirmHostedPayment(tx, ours, confirmationOf(paid, paid.order_id!, now));
  if (outcome.status !== "confirmed") return notConfirmed(outcome, `payment ${paid.id}`, after);
  return fulfilOneOff(tx, outcome.payment, after, now);
}

const unixDate = (value: number | null | undefined, fallback: Date) =>
  typeof value === "number" && value > 0 ? new Date(value * 1000) : fallback;

/** Razorpay's subscription as our plan's billing. Razorpay cannot undo an end at the cycle's end, so ours says it. */
function billingOf(sub: RazorpaySubscription, ours: WithPlan | null, now: Date): GatewayBilling {
  const start = unixDate(sub.current_start, now);
  return {
    gatewaySubscriptionId: sub.id,
    periodStart: start,
    periodEnd: unixDate(sub.current_end, new Date(start.getTime() + 30 * 86_400_000)),
    cancelAtPeriodEnd: ours?.subscription.cancelAtPeriodEnd ?? false,
    ended:
      sub.status === "halted"
        ? "payment_failed"
        : ["cancelled", "completed", "expired"].includes(sub.status)
          ? "cancelled"
          : null,
  };
}

/**
 * A plan's charge: the first starts our plan (for the subscription we opened
 * for that payment, at its amount), each later one renews it and grants the
 * period's tokens once (the charge's payment id is the renewal's key).
 */
async function subscriptionCharged(
  tx: Transaction,
  sub: RazorpaySubscription,
  paid: RazorpayPayment | null,
  after: AfterCommit,
  now: Date,
): Promise<string> {
  const ours = await subscriptionByGatewayId(tx, sub.id);
  if (!paid || paid.status !== "captured") return ours ? "plan updated" : "awaiting charge";
  const [known] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.gateway, "razorpay"), eq(payments.gatewayReference, paid.id)));
  if (known) return "already done";
  if (!ours) {
    const first = await paymentOpenedAs(tx, sub.id);
    if (!first) return "unknown plan";
    const outcome = await confirmHostedPayment(tx, first, confirmationOf(paid, sub.id, now));
    if (outcome.status !== "confirmed") return notConfirmed(outcome, `subscription ${sub.id}`, after);
    const { replaced } = await fulfilSubscription(tx, outcome.payment, now, billingOf(sub, null, now));
    await receipted(tx, outcome.payment, after, now);
    if (replaced.length) after.push(() => cancelReplacedAtGateway(replaced));
    return "started plan";
  }
  const billing = billingOf(sub, ours, now);
  const [receipt] = await tx
    .insert(payments)
    .values({
      userId: ours.subscription.userId,
      kind: "subscription",
      description: `${ours.plan.name} plan, month from ${billing.periodStart.toISOString().slice(0, 10)}`,
      amountMinor: paid.amount,
      currency: paid.currency.toUpperCase() as Currency,
      method: "credit_card",
      status: "succeeded",
      gateway: "razorpay",
      gatewayReference: paid.id,
      idempotencyKey: `razorpay:${paid.id}`,
      subscriptionPlanId: ours.plan.id,
      tokens: ours.plan.monthlyTokens,
      cardBrand: paid.card?.network ?? null,
      cardLast4: paid.card?.last4 ?? null,
      completedAt: now,
    })
    .onConflictDoNothing({ target: payments.idempotencyKey })
    .returning();
  if (!receipt) return "already done";
  await renewFromGateway(tx, ours, { start: billing.periodStart, end: billing.periodEnd }, receipt.id, now);
  await receipted(tx, receipt, after, now, true);
  return "renewed plan";
}

/**
 * A renewal Razorpay could not charge: `pending` (it will retry) or
 * `halted` (it gave up: our plan ends). The client is told once per period
 * and state, in the app and by email.
 */
async function renewalFailed(tx: Transaction, sub: RazorpaySubscription, after: AfterCommit, now: Date) {
  const ours = await subscriptionByGatewayId(tx, sub.id);
  if (!ours) return "unknown plan";
  const plan = ours.plan;
  // What a month costs: what its first payment took, in its currency.
  const [first] = await tx
    .select({ amountMinor: payments.amountMinor, currency: payments.currency })
    .from(payments)
    .where(and(eq(payments.checkoutSessionId, sub.id), eq(payments.gateway, "razorpay")));
  const amountMinor = first?.amountMinor ?? 0;
  const currency = (first?.currency ?? "INR") as Currency;
  const [failed] = await tx
    .insert(payments)
    .values({
      userId: ours.subscription.userId,
      kind: "subscription",
      description: `${plan.name} plan renewal (${sub.status === "halted" ? "final attempt" : "will be retried"})`,
      amountMinor,
      currency,
      method: "credit_card",
      status: "failed",
      failureMessage: "Razorpay could not charge the renewal.",
      gateway: "razorpay",
      gatewayReference: sub.id,
      idempotencyKey: `razorpay:${sub.id}:failed:${sub.current_end ?? 0}:${sub.status}`,
      subscriptionPlanId: plan.id,
      completedAt: now,
    })
    .onConflictDoNothing({ target: payments.idempotencyKey })
    .returning({ id: payments.id });
  if (failed && ours.subscription.status === "active" && sub.status === "pending") {
    const retry = sub.charge_at
      ? ` Razorpay will try again on ${unixDate(sub.charge_at, now).toISOString().slice(0, 10)}.`
      : "";
    const message =
      `We could not take ${formatMinor(amountMinor, currency)} for your ${plan.name} plan.${retry} ` +
      "Please make sure your UPI AutoPay mandate or card can be charged.";
    await addNotification(
      {
        userId: ours.subscription.userId,
        type: "warning",
        title: "Plan payment failed",
        message,
        link: "/dashboard2/billing",
      },
      tx,
    );
    const [client] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, ours.subscription.userId));
    if (client) {
      const email = await queueEmail(
        {
          kind: "plan_payment_failed",
          to: client.email,
          subject: "Your Ascendra plan payment failed",
          text: message,
        },
        tx,
      );
      after.push(() => sendQueuedEmail(email));
    }
  }
  await applyGatewayState(tx, ours, billingOf(sub, ours, now), now);
  return failed ? "renewal failed" : "already done";
}

async function subscriptionEnded(tx: Transaction, sub: RazorpaySubscription, now: Date) {
  const ours = await subscriptionByGatewayId(tx, sub.id);
  if (!ours) return "unknown plan";
  await applyGatewayState(tx, ours, billingOf(sub, ours, now), now);
  return "plan updated";
}

/**
 * refund.processed: a refund our back-office made is already counted (its
 * reference is the refund's id); one made in Razorpay's dashboard is
 * recorded and settled like ours (unspent tokens only, a receipt).
 */
async function refundProcessed(
  tx: Transaction,
  refund: RazorpayRefund,
  paid: RazorpayPayment | null,
  after: AfterCommit,
  now: Date,
) {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, "razorpay"), eq(payments.gatewayReference, refund.payment_id)))
    .for("update");
  if (!payment) return "unknown payment";
  const [counted] = await tx
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.gatewayReference, refund.id));
  if (counted) return "already done";
  const total = paid?.amount_refunded ?? (payment as PaymentRow).refundedMinor + refund.amount;
  const recorded = await recordGatewayRefund(tx, payment, total, refund.id, now, after, "Razorpay");
  return recorded ? "refund recorded" : "already done";
}
