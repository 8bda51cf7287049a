import { and, eq } from "drizzle-orm";
import { reportError } from "../platform/errors.server";
import { log } from "../platform/log.server";
import { webhookEvents } from "../platform/metrics.server";
import type Stripe from "stripe";
import { db, type Transaction } from "../platform/db.server";
import { addNotification } from "../platform/notifications.server";
import { type Currency } from "./payments";
import { formatMinor } from "../platform/money";
import { payments, stripeEvents } from "../schema";
import { deliverGiftCardIfDue, fulfilGiftCard } from "./gift-cards.server";
import {
  confirmHostedPayment,
  type HostedConfirmation,
  type HostedConfirmationOutcome,
  type PaymentRow,
} from "./payments.server";
import { issueInvoiceForPayment } from "./invoices.server";
import { queueReceipt, sendReceipt } from "./receipt-email.server";
import { recordGatewayRefund } from "./refunds.server";
import { stripeSetup } from "./stripe-gateway.server";
import {
  applyGatewayState,
  cancelReplacedAtGateway,
  fulfilSubscription,
  renewFromGateway,
  subscriptionByGatewayId,
  type GatewayBilling,
} from "./subscriptions.server";
import { fulfilTokenPackage } from "./token-purchases.server";
import { fulfilProposalDeposit } from "./proposal-deposits.server";
import { fulfilProposalBalance } from "./proposal-balances.server";
import { sendQueuedEmails } from "../platform/mail.server";

// Stripe's webhooks (docs/decisions/0036-stripe-checkout-and-webhooks.md).
// The signature is checked on the raw body; every event is stored by its id
// in the transaction that applies it, so an event is applied once however
// often and by however many processes it is delivered (a second delivery
// waits on the first's insert, then finds the id and does nothing). Payments
// are marked succeeded and fulfilled in that same transaction. Events may
// arrive in any order: subscription events are applied from the
// subscription as Stripe has it now (fetched before the transaction), and
// each step is guarded by the state it moves from.

export type WebhookAnswer = { status: number; body: Record<string, unknown> };

/** Checks the signature and applies the event; 400 for a bad signature, 404 when Stripe is not the gateway. */
export async function handleStripeWebhook(rawBody: string, signature: string | null): Promise<WebhookAnswer> {
  const setup = stripeSetup();
  if (!setup) return { status: 404, body: { error: "Not found" } };
  let event: Stripe.Event;
  try {
    event = setup.client.webhooks.constructEvent(rawBody, signature ?? "", setup.webhookSecret);
  } catch {
    webhookEvents.inc({ outcome: "rejected" });
    log().warn({ outcome: "rejected" }, "webhook event: invalid signature");
    return { status: 400, body: { error: "Invalid signature." } };
  }
  let outcome: string;
  try {
    outcome = await processStripeEvent(event, setup.client);
  } catch (error) {
    webhookEvents.inc({ outcome: "failed" });
    throw error;
  }
  webhookEvents.inc({ outcome });
  log().info({ eventId: event.id, type: event.type, outcome }, "webhook event");
  return { status: 200, body: { received: true, outcome } };
}

type Context = { subscription: Stripe.Subscription | null };
export type AfterCommit = Array<() => Promise<unknown>>;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/** The plan an invoice bills, when it is a subscription's invoice. */
const invoiceSubscriptionId = (invoice: Stripe.Invoice) =>
  idOf(invoice.parent?.subscription_details?.subscription);

/** What the handler needs from Stripe besides the event: the subscription as it is now. */
async function prefetch(event: Stripe.Event, stripe: Stripe): Promise<Context> {
  let subscriptionId: string | null = null;
  if (
    event.type === "checkout.session.completed" ||
    event.type === "checkout.session.async_payment_succeeded"
  ) {
    const session = event.data.object;
    if (session.mode === "subscription") subscriptionId = idOf(session.subscription);
  } else if (event.type === "invoice.paid" || event.type === "invoice.payment_failed") {
    subscriptionId = invoiceSubscriptionId(event.data.object);
  } else if (
    event.type === "customer.subscription.updated" ||
    event.type === "customer.subscription.deleted"
  ) {
    subscriptionId = event.data.object.id;
  }
  if (!subscriptionId) return { subscription: null };
  try {
    return { subscription: await stripe.subscriptions.retrieve(subscriptionId) };
  } catch (error) {
    // The event's own copy is the best we have; it may be older than Stripe's state.
    if (event.type.startsWith("customer.subscription."))
      return { subscription: event.data.object as Stripe.Subscription };
    throw error;
  }
}

/**
 * Applies one event exactly once. Returns what it did (stored with the
 * event). A failure rolls back, the event stays unrecorded, our endpoint
 * answers 500, and Stripe delivers it again later.
 */
async function processStripeEvent(event: Stripe.Event, stripe: Stripe): Promise<string> {
  const [seen] = await db()
    .select({ outcome: stripeEvents.outcome })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, event.id));
  if (seen) return "duplicate";
  const context = await prefetch(event, stripe);
  const after: AfterCommit = [];
  const outcome = await db().transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, createdAt: new Date(event.created * 1000) })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return "duplicate";
    const result = await applyEvent(tx, event, context, after);
    await tx.update(stripeEvents).set({ outcome: result }).where(eq(stripeEvents.id, event.id));
    return result;
  });
  for (const step of after) {
    try {
      await step();
    } catch (error) {
      reportError(error, "A step after a Stripe event failed", { eventId: event.id });
    }
  }
  return outcome;
}

async function applyEvent(tx: Transaction, event: Stripe.Event, context: Context, after: AfterCommit) {
  const now = new Date();
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return checkoutPaid(tx, event.data.object, context, after, now);
    case "checkout.session.expired":
    case "checkout.session.async_payment_failed":
      return checkoutFailed(tx, event.data.object);
    case "invoice.paid":
      return invoicePaid(tx, event.data.object, context, after, now);
    case "invoice.payment_failed":
      return invoiceFailed(tx, event.data.object, context, now);
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return subscriptionChanged(tx, context.subscription!, now);
    case "charge.refunded":
      return chargeRefunded(tx, event.data.object, after, now);
    default:
      return "ignored";
  }
}

/** Stripe's subscription as our plan's billing: period, set to end, or already ended and why. */
function billingOf(sub: Stripe.Subscription): GatewayBilling {
  const item = sub.items.data[0];
  const ended = ["canceled", "unpaid", "incomplete_expired"].includes(sub.status)
    ? sub.status !== "canceled" || sub.cancellation_details?.reason === "payment_failed"
      ? "payment_failed"
      : "cancelled"
    : null;
  return {
    gatewaySubscriptionId: sub.id,
    periodStart: new Date((item?.current_period_start ?? sub.start_date) * 1000),
    periodEnd: new Date((item?.current_period_end ?? sub.start_date + 30 * 86400) * 1000),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    ended,
  };
}

/** A confirmed payment's tax invoice and receipt, in the event's transaction; its email is sent after the commit (decision 0058). */
export async function receipted(
  tx: Transaction,
  payment: PaymentRow,
  after: AfterCommit,
  now: Date,
  renewal = false,
) {
  // Its tax invoice, once, with what it bought (decision 0082).
  await issueInvoiceForPayment(tx, payment.id, now);
  const receipt = await queueReceipt(
    tx,
    { kind: "payment", payment, renewal },
    { now, payerEmail: payment.payerEmail },
  );
  after.push(() => sendReceipt(receipt));
}

/** Fulfils what a paid one-off payment bought (a token package or a gift card), with its receipt. */
export async function fulfilOneOff(tx: Transaction, payment: PaymentRow, after: AfterCommit, now: Date) {
  if (payment.kind === "token_package") {
    await fulfilTokenPackage(tx, payment, now);
    await receipted(tx, payment, after, now);
    return "fulfilled token package";
  }
  if (payment.kind === "gift_card") {
    const card = await fulfilGiftCard(tx, payment, now);
    await receipted(tx, payment, after, now);
    after.push(() => deliverGiftCardIfDue(card, now));
    return "fulfilled gift card";
  }
  if (payment.kind === "proposal_deposit") {
    // The signed proposal becomes its project, once (decision 0084).
    const opened = await fulfilProposalDeposit(tx, payment, now);
    await receipted(tx, payment, after, now);
    after.push(() => sendQueuedEmails(opened.emails));
    return "fulfilled proposal deposit";
  }
  if (payment.kind === "proposal_balance") {
    // The delivered proposal is paid in full, once (decision 0084).
    await fulfilProposalBalance(tx, payment, now);
    await receipted(tx, payment, after, now);
    return "fulfilled proposal balance";
  }
  throw new Error(`Payment ${payment.id} of kind ${payment.kind} was paid as a one-off`);
}

/**
 * What an event that confirmed nothing did. A confirmation that names our
 * payment but is not for it (another checkout, amount or currency), or pays
 * one that had already failed, is recorded with the event and answered 200,
 * so Stripe does not deliver it again: no retry can make it match. It is
 * logged once, after commit, for a person to look at (and refund at Stripe).
 */
function notConfirmed(
  outcome: Exclude<HostedConfirmationOutcome, { status: "confirmed" }>,
  source: string,
  paymentId: string,
  after: AfterCommit,
): string {
  if (outcome.status === "mismatch") {
    after.push(async () =>
      log().warn(
        `Stripe ${source} names payment ${paymentId} but is not for it (${outcome.problem}); nothing was fulfilled.`,
      ),
    );
    return "not this payment";
  }
  if (outcome.status === "already failed") {
    after.push(async () =>
      log().warn(
        `Stripe ${source} says payment ${paymentId} was paid, but it had already failed; nothing was fulfilled.`,
      ),
    );
    return "payment already failed";
  }
  return outcome.status === "unknown" ? "unknown payment" : "already done";
}

/** The first payment of a plan starts it, once, whichever of its events comes first. */
async function startPlan(
  tx: Transaction,
  paymentId: string | null | undefined,
  sub: Stripe.Subscription,
  confirmation: HostedConfirmation & { source: string },
  after: AfterCommit,
  now: Date,
): Promise<string> {
  if (!paymentId) return "already done";
  const outcome = await confirmHostedPayment(tx, paymentId, { ...confirmation, now });
  if (outcome.status !== "confirmed") return notConfirmed(outcome, confirmation.source, paymentId, after);
  const { replaced } = await fulfilSubscription(tx, outcome.payment, now, billingOf(sub));
  await receipted(tx, outcome.payment, after, now);
  if (replaced.length) after.push(() => cancelReplacedAtGateway(replaced));
  return "started plan";
}

async function checkoutPaid(
  tx: Transaction,
  session: Stripe.Checkout.Session,
  context: Context,
  after: AfterCommit,
  now: Date,
) {
  if (session.payment_status === "unpaid") return "awaiting payment";
  const paymentId = session.metadata?.payment_id ?? session.client_reference_id;
  // What Stripe took, in the checkout it took it in: our payment's own, or nothing is fulfilled.
  const paid = {
    checkoutSessionId: session.id,
    amountMinor: session.amount_total ?? -1,
    currency: session.currency ?? "",
    source: `checkout ${session.id}`,
  };
  if (session.mode === "subscription") {
    if (!context.subscription) throw new Error(`Checkout ${session.id} has no subscription`);
    const reference = idOf(session.invoice) ?? context.subscription.id;
    return startPlan(tx, paymentId, context.subscription, { ...paid, reference }, after, now);
  }
  if (!paymentId) return "already done";
  const intent = idOf(session.payment_intent);
  const outcome = await confirmHostedPayment(tx, paymentId, {
    ...paid,
    reference: intent ?? session.id,
    paymentIntent: intent,
    now,
  });
  if (outcome.status !== "confirmed") return notConfirmed(outcome, paid.source, paymentId, after);
  return fulfilOneOff(tx, outcome.payment, after, now);
}

/**
 * A checkout that expired or whose delayed payment failed: its payment
 * fails (nothing was taken), if it is still pending. A payment already
 * succeeded stays so, whatever order Stripe's events arrive in.
 */
async function checkoutFailed(tx: Transaction, session: Stripe.Checkout.Session) {
  const failed = await tx
    .update(payments)
    .set({
      status: "failed",
      failureMessage: "The payment was not completed on Stripe's page.",
      completedAt: new Date(),
    })
    .where(and(eq(payments.checkoutSessionId, session.id), eq(payments.status, "pending")))
    .returning({ id: payments.id });
  return failed.length ? "payment not completed" : "no pending payment";
}

async function invoicePaid(
  tx: Transaction,
  invoice: Stripe.Invoice,
  context: Context,
  after: AfterCommit,
  now: Date,
) {
  const sub = context.subscription;
  if (!sub) return "not a plan invoice";
  const firstPaymentId =
    sub.metadata?.payment_id ?? invoice.parent?.subscription_details?.metadata?.payment_id;
  // A plan's first invoice names no checkout; what it took must still be what the plan costs.
  const firstPaid = {
    checkoutSessionId: null,
    amountMinor: invoice.amount_paid,
    currency: invoice.currency,
    reference: invoice.id,
    source: `invoice ${invoice.id}`,
  };
  if (invoice.billing_reason === "subscription_create")
    return startPlan(tx, firstPaymentId, sub, firstPaid, after, now);
  if (invoice.amount_paid <= 0) return "nothing paid";
  let ours = await subscriptionByGatewayId(tx, sub.id);
  if (!ours) {
    // A renewal before the plan's own start reached us: start it first.
    const started = await startPlan(tx, firstPaymentId, sub, firstPaid, after, now);
    ours = await subscriptionByGatewayId(tx, sub.id);
    if (!ours && (started === "not this payment" || started === "payment already failed")) return started;
    if (!ours) throw new Error(`Invoice ${invoice.id} renews a subscription we do not know (${sub.id})`);
  }
  const line = invoice.lines.data[0];
  const period = line
    ? { start: new Date(line.period.start * 1000), end: new Date(line.period.end * 1000) }
    : { start: new Date(invoice.period_start * 1000), end: new Date(invoice.period_end * 1000) };
  const currency = invoice.currency.toUpperCase() as Currency;
  const [receipt] = await tx
    .insert(payments)
    .values({
      userId: ours.subscription.userId,
      kind: "subscription",
      description: `${ours.plan.name} plan, month from ${period.start.toISOString().slice(0, 10)}`,
      amountMinor: invoice.amount_paid,
      currency,
      method: "credit_card",
      status: "succeeded",
      gateway: "stripe",
      gatewayReference: invoice.id,
      idempotencyKey: `stripe:${invoice.id}`,
      subscriptionPlanId: ours.plan.id,
      tokens: ours.plan.monthlyTokens,
      completedAt: now,
    })
    .onConflictDoNothing({ target: payments.idempotencyKey })
    .returning();
  if (!receipt) return "already done";
  await renewFromGateway(tx, ours, period, receipt.id, now);
  await receipted(tx, receipt, after, now, true);
  return "renewed plan";
}

async function invoiceFailed(tx: Transaction, invoice: Stripe.Invoice, context: Context, now: Date) {
  const sub = context.subscription;
  if (!sub || invoice.billing_reason === "subscription_create") return "not a renewal";
  const ours = await subscriptionByGatewayId(tx, sub.id);
  if (!ours) return "unknown plan";
  const [failed] = await tx
    .insert(payments)
    .values({
      userId: ours.subscription.userId,
      kind: "subscription",
      description: `${ours.plan.name} plan renewal, attempt ${invoice.attempt_count}`,
      amountMinor: invoice.amount_due,
      currency: invoice.currency.toUpperCase() as Currency,
      method: "credit_card",
      status: "failed",
      failureMessage: "The card was declined.",
      gateway: "stripe",
      gatewayReference: invoice.id,
      idempotencyKey: `stripe:${invoice.id}:attempt:${invoice.attempt_count}`,
      subscriptionPlanId: ours.plan.id,
      completedAt: now,
    })
    .onConflictDoNothing({ target: payments.idempotencyKey })
    .returning({ id: payments.id });
  if (failed && ours.subscription.status === "active") {
    const retry = invoice.next_payment_attempt
      ? ` We will try again on ${new Date(invoice.next_payment_attempt * 1000).toISOString().slice(0, 10)}.`
      : "";
    await addNotification(
      {
        userId: ours.subscription.userId,
        type: "warning",
        title: "Plan payment failed",
        message:
          `We could not take ${formatMinor(invoice.amount_due, invoice.currency.toUpperCase() as Currency)} ` +
          `for your ${ours.plan.name} plan.${retry} You can update your card under Payment methods.`,
        link: "/manageaccount/billing/payment-methods",
      },
      tx,
    );
  }
  // Stripe ends the plan itself when it gives up; its state says whether it has.
  await applyGatewayState(tx, ours, billingOf(sub), now);
  return failed ? "renewal failed" : "already done";
}

async function subscriptionChanged(tx: Transaction, sub: Stripe.Subscription, now: Date) {
  const ours = await subscriptionByGatewayId(tx, sub.id);
  // Not started on our side yet: its checkout event will read this same state from Stripe.
  if (!ours) return "unknown plan";
  await applyGatewayState(tx, ours, billingOf(sub), now);
  return "plan updated";
}

/** A refund made at Stripe (its dashboard) or by our back-office: counted once (refunds.server.ts). */
async function chargeRefunded(tx: Transaction, charge: Stripe.Charge, after: AfterCommit, now: Date) {
  const intent = idOf(charge.payment_intent);
  if (!intent) return "unknown payment";
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.gatewayPaymentIntent, intent))
    .for("update");
  if (!payment) return "unknown payment";
  const recorded = await recordGatewayRefund(
    tx,
    payment,
    charge.amount_refunded,
    `${charge.id}:${charge.amount_refunded}`,
    now,
    after,
  );
  return recorded ? "refund recorded" : "already done";
}
