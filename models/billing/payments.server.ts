import { createHash, randomBytes } from "node:crypto";
import { log } from "../platform/log.server";
import { payments as paymentCount } from "../platform/metrics.server";
import { and, eq } from "drizzle-orm";
import { db, type Transaction } from "../platform/db.server";
import { GATEWAY_MESSAGES } from "./gateway-messages";
import { isUuid } from "../platform/ids";
import {
  cardBrand,
  PAYMENT_MESSAGES,
  TEST_CARDS,
  type CardDetails,
  type Currency,
  type PaymentMethod,
  type PaymentMode,
} from "./payments";
import { payments } from "../schema";
import { issueInvoiceForPayment } from "./invoices.server";
import { currentActor } from "../platform/log.server";
import { queueReceipt, sendReceipt } from "./receipt-email.server";

// Payments go through a gateway behind one interface. The built-in test
// gateway approves the test card and declines the "declined" test card; a real
// provider is another implementation of PaymentGateway (decision 0012). Card
// numbers reach the gateway and nothing else: we keep brand and last four.

export type ChargeRequest = {
  /** Our payment id: the gateway's own idempotency key. */
  paymentId: string;
  amountMinor: number;
  currency: Currency;
  method: PaymentMethod;
  description: string;
  /** A card typed in now, or a reusable token from an earlier charge, or neither. */
  card: CardDetails | null;
  savedMethodToken: string | null;
};

export type ChargeResult =
  | {
      ok: true;
      reference: string;
      cardBrand: string | null;
      cardLast4: string | null;
      methodToken: string | null;
    }
  | { ok: false; message: string };

/** A card the gateway now holds for the client: its opaque reference and what may be shown. */
export type SaveCardResult =
  | {
      ok: true;
      reference: string;
      fingerprint: string;
      brand: string;
      last4: string;
      expMonth: number;
      expYear: number;
    }
  | { ok: false; message: string };

/** Where the payer comes back to from a hosted payment page; `{PAYMENT_ID}` is replaced by the payment's id. */
export type CheckoutReturn = { successUrl: string; cancelUrl: string };
const withPaymentId = (url: string, paymentId: string) => url.replaceAll("{PAYMENT_ID}", paymentId);

export type CheckoutRequest = CheckoutReturn & {
  payment: PaymentRow;
  /** "subscription": the gateway bills the plan every month from now on. */
  mode: "payment" | "subscription";
  userId: string | null;
  email: string | null;
};

export type RefundRequest = {
  payment: PaymentRow;
  amountMinor: number;
  /** Our refund id: the gateway's idempotency key. */
  refundId: string;
};
export type RefundResult = { ok: true; reference: string } | { ok: false; message: string };

export interface PaymentGateway {
  readonly name: string;
  /**
   * A hosted payment page for a pending payment (Stripe Checkout): the payer
   * pays there and comes back; a signed webhook confirms, and only then is
   * the order fulfilled (docs/decisions/0036).
   */
  startCheckout?(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /**
   * The page of a checkout that is still open (a resubmitted form goes back to it), or null.
   * `resume` is the payment and the form's return addresses (a gateway whose page is ours needs them).
   */
  openCheckoutUrl?(
    sessionId: string,
    resume?: { payment: PaymentRow; back: CheckoutReturn | null },
  ): Promise<string | null>;
  /** Gives money back on a succeeded payment, in full or in part. */
  refund?(request: RefundRequest): Promise<RefundResult>;
  /** A plan the gateway bills: set to end at the period's end, or kept (false). */
  setCancelAtPeriodEnd?(gatewaySubscriptionId: string, cancel: boolean): Promise<void>;
  /** A plan it bills, once set to end, cannot be kept (Razorpay: decision 0080); the client subscribes again after. */
  endsPlansForGood?: boolean;
  /** A plan the gateway bills: ended now (the client switched plans). */
  cancelSubscriptionNow?(gatewaySubscriptionId: string): Promise<void>;
  /** Charges now (a typed card or a saved reference). A gateway without it takes no money. */
  charge?(request: ChargeRequest): Promise<ChargeResult>;
  /** Stores a card for later charges (docs/decisions/0023); a provider without a vault leaves this out. */
  saveCard?(request: { userId: string; card: CardDetails }): Promise<SaveCardResult>;
  /** Forgets a saved card; charging its reference afterwards fails. */
  detachCard?(reference: string): Promise<void>;
}

/** The test gateway's saved-card references carry the brand and last four, so it needs no storage. */
const TEST_REFERENCE = /^(?:tok|pm)_test_([a-z]+)_(\d{4})(?:_[0-9a-f]+)?$/;
const brandSlug = (brand: string) => brand.toLowerCase().replace(/\W+/g, "");

/**
 * Test mode. Approves 4242 4242 4242 4242 and declines 4000 0000 0000 0002
 * with a clear message; any other card is refused (it could be a real one).
 * A card payment without card details (an API client that sends only
 * payment_method) is approved, so existing clients keep working.
 */
export const testGateway: PaymentGateway = {
  name: "test",
  async charge(request) {
    const reference = `test_${randomBytes(8).toString("hex")}`;
    if (request.card) {
      if (request.card.number === TEST_CARDS.declined)
        return { ok: false, message: PAYMENT_MESSAGES.declined };
      if (request.card.number !== TEST_CARDS.approved)
        return { ok: false, message: PAYMENT_MESSAGES.testModeOnly };
      const last4 = request.card.number.slice(-4);
      const brand = cardBrand(request.card.number);
      return {
        ok: true,
        reference,
        cardBrand: brand,
        cardLast4: last4,
        methodToken: `tok_test_${brand.toLowerCase().replace(/\W+/g, "")}_${last4}`,
      };
    }
    if (request.savedMethodToken) {
      const match = TEST_REFERENCE.exec(request.savedMethodToken);
      if (!match) return { ok: false, message: PAYMENT_MESSAGES.declined };
      return {
        ok: true,
        reference,
        cardBrand: match[1] === "visa" ? "Visa" : match[1]!,
        cardLast4: match[2]!,
        methodToken: request.savedMethodToken,
      };
    }
    return { ok: true, reference, cardBrand: null, cardLast4: null, methodToken: "tok_test_default_0000" };
  },
  /** Same rules as a charge: the approved test card is saved, the declined one is declined, others refused. */
  async saveCard({ card }) {
    if (card.number === TEST_CARDS.declined) return { ok: false, message: PAYMENT_MESSAGES.declined };
    if (card.number !== TEST_CARDS.approved) return { ok: false, message: PAYMENT_MESSAGES.testModeOnly };
    const brand = cardBrand(card.number);
    const last4 = card.number.slice(-4);
    return {
      ok: true,
      reference: `pm_test_${brandSlug(brand)}_${last4}_${randomBytes(8).toString("hex")}`,
      fingerprint: createHash("sha256").update(`test-gateway:${card.number}`).digest("hex").slice(0, 32),
      brand,
      last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
    };
  },
  async detachCard() {
    // Nothing is stored in test mode; the reference is marked detached on our side.
  },
  /** Test mode gives back whatever a test charge took. */
  async refund() {
    return { ok: true, reference: `test_refund_${randomBytes(8).toString("hex")}` };
  },
};

/**
 * No gateway: production without a real provider and without PAYMENTS=test
 * (docs/decisions/0036). It charges nothing, so no order is ever fulfilled.
 */
export const noGateway: PaymentGateway = { name: "none" };

let gateway: PaymentGateway = testGateway;
export const getPaymentGateway = () => gateway;

/**
 * Gateways that take one currency instead of the main one (docs/decisions/0080:
 * with Stripe and Razorpay both set, rupees go through Razorpay).
 */
let byCurrency: Partial<Record<Currency, PaymentGateway>> = {};

/** The gateway that takes a payment in this currency. */
export const gatewayFor = (currency: Currency | null | undefined): PaymentGateway =>
  (currency && byCurrency[currency]) || gateway;

/** The gateway that took a payment (its `gateway` column), for refunds and plans it bills; null if not installed. */
export function gatewayNamed(name: string): PaymentGateway | null {
  if (gateway.name === name) return gateway;
  return Object.values(byCurrency).find((g) => g.name === name) ?? null;
}

/**
 * The gateway billing a plan under this id: the one whose checkout opened it
 * (a Razorpay subscription is its first payment's checkout), else the main one.
 */
export async function gatewayOfSubscription(gatewaySubscriptionId: string): Promise<PaymentGateway> {
  const [opened] = await db()
    .select({ gateway: payments.gateway })
    .from(payments)
    .where(eq(payments.checkoutSessionId, gatewaySubscriptionId))
    .limit(1);
  return (opened && gatewayNamed(opened.gateway)) || gateway;
}

/** Routes these currencies to their own gateways (an empty map: the main gateway takes all). */
export function setCurrencyGateways(next: Partial<Record<Currency, PaymentGateway>>): void {
  byCurrency = next;
}

/** What the payment pages show for the gateway in use (for a currency, when the page has one). */
export function paymentMode(currency?: Currency): PaymentMode {
  const chosen = gatewayFor(currency);
  if (chosen.startCheckout) return "hosted";
  if (!chosen.charge) return "none";
  return chosen.name === "test" ? "test" : "card";
}
/** Swaps the gateway (a real provider at boot, a failing one in tests); returns the previous one. */
export function setPaymentGateway(next: PaymentGateway): PaymentGateway {
  const previous = gateway;
  gateway = next;
  return previous;
}

export type PaymentRow = typeof payments.$inferSelect;

export type PaymentRequest<T> = {
  userId: string | null;
  payerEmail?: string | null;
  /** From the form (a hidden field) or the API; namespaced by the payer here. */
  idempotencyKey: string;
  kind: "token_package" | "subscription" | "gift_card" | "proposal_deposit" | "proposal_balance";
  description: string;
  amountMinor: number;
  currency: Currency;
  method: PaymentMethod;
  card: CardDetails | null;
  savedMethodToken?: string | null;
  tokenPackageId?: string | null;
  subscriptionPlanId?: string | null;
  tokens?: number | null;
  /** What fulfilment needs besides the columns (a gift card's recipient): kept on the row for the webhook. */
  order?: Record<string, unknown> | null;
  /** A page's return addresses: with a hosted gateway, the payer is sent to its page and back here. */
  checkout?: CheckoutReturn | null;
  /** A plan's renewal (its receipt says so). */
  renewal?: boolean;
  /** Runs in the transaction that marks the payment succeeded: grant, subscription, gift card. */
  fulfil: (tx: Transaction, payment: PaymentRow) => Promise<T>;
  /** The answer for a resubmission of a payment that already succeeded (nothing is charged). */
  replay: (payment: PaymentRow) => Promise<T>;
};

export type PaymentFailure = "declined" | "in_progress" | "key_reused" | "unavailable" | "pay_on_site";
export type PaymentOutcome<T> =
  | { ok: true; value: T; payment: PaymentRow; replayed: boolean }
  | { ok: false; reason: "declined" | "in_progress" | "key_reused"; message: string; payment: PaymentRow }
  | { ok: false; reason: "unavailable" | "pay_on_site"; message: string; payment: null }
  /** Not a failure: the payer is sent to the gateway's page; the webhook fulfils the order. */
  | { ok: false; reason: "checkout"; checkoutUrl: string; message: string; payment: PaymentRow };

/**
 * The HTTP status of a payment that did not go through (422 for a key reused
 * with another request, as payment APIs answer; 503 while payments are not set up).
 */
const paymentFailureStatus = (reason: PaymentFailure) =>
  ({ declined: 402, in_progress: 409, key_reused: 422, unavailable: 503, pay_on_site: 402 })[reason] as
    402 | 409 | 422 | 503;

/** What a flow answers for an outcome that did not fulfil: a redirect to the gateway's page, or an error. */
export function unfulfilledResult(
  outcome: Exclude<PaymentOutcome<unknown>, { ok: true }>,
):
  | { ok: false; status: 303; checkoutUrl: string; message: string; field?: undefined }
  | { ok: false; status: 402 | 409 | 422 | 503; message: string } {
  if (outcome.reason === "checkout")
    return { ok: false, status: 303, checkoutUrl: outcome.checkoutUrl, message: outcome.message };
  return { ok: false, status: paymentFailureStatus(outcome.reason), message: outcome.message };
}

/** What a payment's request says, as stored: a key sent again must come with the same. */
const COMPARED = [
  "payerEmail",
  "kind",
  "amountMinor",
  "currency",
  "method",
  "tokenPackageId",
  "subscriptionPlanId",
  "tokens",
] as const;

const namespacedKey = (userId: string | null, key: string) => `${userId ?? "guest"}:${key}`;

/**
 * Takes one payment, exactly once per idempotency key:
 * 1. claim: a pending payments row (a resubmitted form finds it: succeeded →
 *    the first answer again, pending → "being processed", failed → retried);
 * 2. charge through the gateway, outside any transaction;
 * 3. one transaction marks it succeeded and fulfils the order.
 */
export async function takePayment<T>(request: PaymentRequest<T>): Promise<PaymentOutcome<T>> {
  const gatewayNow = gatewayFor(request.currency);
  const charge = gatewayNow.charge?.bind(gatewayNow);
  const hosted = gatewayNow.startCheckout?.bind(gatewayNow);
  // Nothing can take the money: refuse before anything is written (docs/decisions/0036).
  if (!charge && !hosted)
    return { ok: false, reason: "unavailable", message: GATEWAY_MESSAGES.notSetUp, payment: null };
  // A hosted page needs a browser to send there: API clients are told to pay on the site.
  if (!charge && !request.checkout)
    return {
      ok: false,
      reason: "pay_on_site",
      message:
        gatewayNow.name === "razorpay" ? GATEWAY_MESSAGES.payOnSiteRazorpay : GATEWAY_MESSAGES.payOnSite,
      payment: null,
    };
  const key = namespacedKey(request.userId, request.idempotencyKey);
  const details = {
    userId: request.userId,
    payerEmail: request.payerEmail ?? null,
    kind: request.kind,
    description: request.description,
    amountMinor: request.amountMinor,
    currency: request.currency,
    method: request.method,
    gateway: gatewayNow.name,
    tokenPackageId: request.tokenPackageId ?? null,
    subscriptionPlanId: request.subscriptionPlanId ?? null,
    tokens: request.tokens ?? null,
    order: request.order ?? null,
  };
  const claim = await db().transaction(async (tx) => {
    const [created] = await tx
      .insert(payments)
      .values({ ...details, idempotencyKey: key, actorId: currentActor() })
      .onConflictDoNothing({ target: payments.idempotencyKey })
      .returning();
    if (created) return { payment: created, fresh: true };
    const [existing] = await tx.select().from(payments).where(eq(payments.idempotencyKey, key)).for("update");
    if (existing!.status !== "failed") return { payment: existing!, fresh: false };
    const [retry] = await tx
      .update(payments)
      .set({ ...details, status: "pending", failureMessage: null, createdAt: new Date() })
      .where(eq(payments.id, existing!.id))
      .returning();
    return { payment: retry!, fresh: true };
  });
  const { payment } = claim;
  if (!claim.fresh) {
    // A key names one request: sent again with another body it is a client's mistake, not a replay.
    if (COMPARED.some((field) => payment[field] !== details[field]))
      return { ok: false, reason: "key_reused", message: PAYMENT_MESSAGES.keyReused, payment };
    if (payment.status === "succeeded")
      return { ok: true, value: await request.replay(payment), payment, replayed: true };
    // The same form sent again while its checkout is open: back to the same page, never a second one.
    const open =
      payment.checkoutSessionId && gatewayNow.openCheckoutUrl
        ? await gatewayNow.openCheckoutUrl(payment.checkoutSessionId, {
            payment,
            back: request.checkout
              ? {
                  successUrl: withPaymentId(request.checkout.successUrl, payment.id),
                  cancelUrl: withPaymentId(request.checkout.cancelUrl, payment.id),
                }
              : null,
          })
        : null;
    if (open) return { ok: false, reason: "checkout", checkoutUrl: open, message: "", payment };
    return { ok: false, reason: "in_progress", message: PAYMENT_MESSAGES.inProgress, payment };
  }

  if (!charge) return sendToCheckout(payment, request, hosted!);

  const result = await charge({
    paymentId: payment.id,
    amountMinor: request.amountMinor,
    currency: request.currency,
    method: request.method,
    description: request.description,
    card: request.card,
    savedMethodToken: request.savedMethodToken ?? null,
  });
  if (!result.ok) {
    const [failed] = await db()
      .update(payments)
      .set({ status: "failed", failureMessage: result.message, completedAt: new Date() })
      .where(eq(payments.id, payment.id))
      .returning();
    paymentCount.inc({ outcome: "declined" });
    log().info({ paymentId: payment.id, outcome: "declined" }, "payment");
    return { ok: false, reason: "declined", message: result.message, payment: failed! };
  }

  const card = {
    cardBrand: result.cardBrand,
    cardLast4: result.cardLast4,
    gatewayReference: result.reference,
    paymentMethodToken: result.methodToken,
  };
  try {
    const { receipt, ...paid } = await db().transaction(async (tx) => {
      const [done] = await tx
        .update(payments)
        .set({ ...card, status: "succeeded", completedAt: new Date() })
        .where(and(eq(payments.id, payment.id), eq(payments.status, "pending")))
        .returning();
      if (!done) throw new Error(`Payment ${payment.id} changed while it was being charged`);
      const value = await request.fulfil(tx, done);
      // Its tax invoice, once, with what it bought (decision 0082).
      await issueInvoiceForPayment(tx, done.id);
      // The receipt (email + notification) commits with the payment and what it bought (decision 0058).
      const receipt = await queueReceipt(
        tx,
        { kind: "payment", payment: done, renewal: request.renewal },
        { payerEmail: done.payerEmail },
      );
      return { ok: true as const, value, payment: done, replayed: false, receipt };
    });
    paymentCount.inc({ outcome: "succeeded" });
    log().info({ paymentId: payment.id, outcome: "succeeded" }, "payment");
    await sendReceipt(receipt);
    return paid;
  } catch (error) {
    paymentCount.inc({ outcome: "charged-not-fulfilled" });
    // Charged but not fulfilled: keep the gateway's reference on the pending
    // row, so staff can see it and a resubmission never charges again.
    await db()
      .update(payments)
      .set({
        ...card,
        failureMessage: `Charged; order not completed: ${String((error as Error).message ?? error).slice(0, 300)}`,
      })
      .where(eq(payments.id, payment.id));
    throw error;
  }
}

/**
 * Hosted payment: the pending row gets a checkout session at the gateway,
 * and the payer is sent there. Nothing is fulfilled here: the gateway's
 * signed webhook does that (models/billing/stripe-webhooks.server.ts).
 */
async function sendToCheckout<T>(
  payment: PaymentRow,
  request: PaymentRequest<T>,
  start: NonNullable<PaymentGateway["startCheckout"]>,
): Promise<PaymentOutcome<T>> {
  let session: { sessionId: string; url: string };
  try {
    session = await start({
      payment,
      mode: request.kind === "subscription" ? "subscription" : "payment",
      userId: request.userId,
      email: request.payerEmail ?? null,
      successUrl: withPaymentId(request.checkout!.successUrl, payment.id),
      cancelUrl: withPaymentId(request.checkout!.cancelUrl, payment.id),
    });
  } catch (error) {
    // Handled: the payer is told the gateway is unreachable; the payment row keeps why.
    paymentCount.inc({ outcome: "gateway-unreachable" });
    log().warn({ err: error, paymentId: payment.id }, "Could not open a checkout at the payment gateway");
    const [failed] = await db()
      .update(payments)
      .set({ status: "failed", failureMessage: GATEWAY_MESSAGES.gatewayUnreachable, completedAt: new Date() })
      .where(eq(payments.id, payment.id))
      .returning();
    return { ok: false, reason: "declined", message: GATEWAY_MESSAGES.gatewayUnreachable, payment: failed! };
  }
  const [sent] = await db()
    .update(payments)
    .set({ checkoutSessionId: session.sessionId })
    .where(eq(payments.id, payment.id))
    .returning();
  paymentCount.inc({ outcome: "checkout-opened" });
  return { ok: false, reason: "checkout", checkoutUrl: session.url, message: "", payment: sent! };
}

/** What the gateway says was paid, and the references a confirmed hosted payment records. */
export type HostedConfirmation = {
  /** The checkout session the event is about; null for a plan's first invoice, which names none. */
  checkoutSessionId: string | null;
  amountMinor: number;
  /** As the gateway writes it (Stripe: lower case). */
  currency: string;
  reference: string;
  paymentIntent?: string | null;
  cardBrand?: string | null;
  cardLast4?: string | null;
  now?: Date;
};

export type HostedConfirmationOutcome =
  /** This call moved it pending → succeeded: the caller fulfils the order in the same transaction. */
  | { status: "confirmed"; payment: PaymentRow }
  | { status: "already done" }
  | { status: "unknown" }
  /** Paid for something else: another checkout, amount or currency than the row asked for. */
  | { status: "mismatch"; problem: string }
  /** The payment had already failed (its checkout expired or its delayed payment failed). */
  | { status: "already failed" };

/** Why a gateway's confirmation is not this payment's, or null when it is. */
function confirmationMismatch(payment: PaymentRow, confirmation: HostedConfirmation): string | null {
  if (confirmation.checkoutSessionId !== null && confirmation.checkoutSessionId !== payment.checkoutSessionId)
    return `checkout ${confirmation.checkoutSessionId} is not the one opened for it (${payment.checkoutSessionId ?? "none"})`;
  if (confirmation.amountMinor !== payment.amountMinor)
    return `${confirmation.amountMinor} paid for ${payment.amountMinor}`;
  if (confirmation.currency.toUpperCase() !== payment.currency)
    return `paid in ${confirmation.currency.toUpperCase()}, asked in ${payment.currency}`;
  return null;
}

/**
 * Inside the webhook's transaction: marks a hosted payment succeeded, once,
 * and only when the gateway's confirmation is for this payment: the
 * checkout we opened for it, its amount and currency. Only a pending payment
 * moves (the guard is in the UPDATE): a succeeded one never goes back to
 * failed or runs its fulfilment again, and a failed one stays failed (an
 * expired checkout cannot be paid, nor a delayed payment that failed
 * succeed later). The row lock makes a concurrent delivery of another event
 * about the same payment wait, then find it done.
 */
export async function confirmHostedPayment(
  tx: Transaction,
  paymentId: string,
  confirmation: HostedConfirmation,
): Promise<HostedConfirmationOutcome> {
  if (!isUuid(paymentId)) return { status: "unknown" };
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
  if (!payment) return { status: "unknown" };
  const problem = confirmationMismatch(payment, confirmation);
  if (problem) return { status: "mismatch", problem };
  if (payment.status === "failed") return { status: "already failed" };
  const [done] = await tx
    .update(payments)
    .set({
      status: "succeeded",
      failureMessage: null,
      gatewayReference: confirmation.reference,
      gatewayPaymentIntent: confirmation.paymentIntent ?? null,
      cardBrand: confirmation.cardBrand ?? null,
      cardLast4: confirmation.cardLast4 ?? null,
      completedAt: confirmation.now ?? new Date(),
    })
    .where(and(eq(payments.id, paymentId), eq(payments.status, "pending")))
    .returning();
  if (done) paymentCount.inc({ outcome: "succeeded" });
  return done ? { status: "confirmed", payment: done } : { status: "already done" };
}

/** One of the client's own succeeded payments whose card can be charged again (`payment_method_id`). */
export async function savedPaymentMethod(
  userId: string,
  paymentId: string,
): Promise<{ token: string; method: PaymentMethod } | null> {
  if (!isUuid(paymentId)) return null;
  const [row] = await db()
    .select({ token: payments.paymentMethodToken, method: payments.method, status: payments.status })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)))
    .limit(1);
  return row?.token && row.status === "succeeded"
    ? { token: row.token, method: row.method as PaymentMethod }
    : null;
}

export type CheckoutState = {
  state: "pending" | "paid" | "cancelled" | "failed";
  message: string;
  payment: PaymentRow;
};

/**
 * What a page shows when the payer comes back from the hosted page: paid
 * (the webhook has confirmed), pending (not yet), failed, or cancelled. Only
 * the payer's own payment (a guest's gift card: the payment's id is the key).
 */
export async function checkoutState(
  paymentId: string | null,
  viewerId: string | null,
  cancelled: boolean,
): Promise<CheckoutState | null> {
  if (!paymentId || !isUuid(paymentId)) return null;
  const [payment] = await db().select().from(payments).where(eq(payments.id, paymentId));
  if (!payment || (payment.userId && payment.userId !== viewerId)) return null;
  if (payment.status === "succeeded")
    return { state: "paid", message: GATEWAY_MESSAGES.checkoutPaid(payment.number), payment };
  if (payment.status === "failed")
    return { state: "failed", message: GATEWAY_MESSAGES.checkoutFailed, payment };
  if (cancelled) return { state: "cancelled", message: GATEWAY_MESSAGES.checkoutCancelled, payment };
  const pending =
    payment.gateway === "razorpay"
      ? GATEWAY_MESSAGES.checkoutPendingRazorpay
      : GATEWAY_MESSAGES.checkoutPending;
  return { state: "pending", message: pending, payment };
}
