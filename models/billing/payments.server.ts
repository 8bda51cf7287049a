import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import { db, type Transaction } from "../platform/db.server";
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

export interface PaymentGateway {
  readonly name: string;
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
};

/**
 * No gateway: production without a real provider and without PAYMENTS=test
 * (docs/decisions/0036). It charges nothing, so no order is ever fulfilled.
 */
export const noGateway: PaymentGateway = { name: "none" };

let gateway: PaymentGateway = testGateway;
export const getPaymentGateway = () => gateway;

/** What the payment pages show for the gateway in use. */
export function paymentMode(): PaymentMode {
  if (!gateway.charge) return "none";
  return gateway.name === "test" ? "test" : "card";
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
  kind: "token_package" | "subscription" | "gift_card";
  description: string;
  amountMinor: number;
  currency: Currency;
  method: PaymentMethod;
  card: CardDetails | null;
  savedMethodToken?: string | null;
  tokenPackageId?: string | null;
  subscriptionPlanId?: string | null;
  tokens?: number | null;
  /** Runs in the transaction that marks the payment succeeded: grant, subscription, gift card. */
  fulfil: (tx: Transaction, payment: PaymentRow) => Promise<T>;
  /** The answer for a resubmission of a payment that already succeeded (nothing is charged). */
  replay: (payment: PaymentRow) => Promise<T>;
};

export type PaymentFailure = "declined" | "in_progress" | "key_reused" | "unavailable";
export type PaymentOutcome<T> =
  | { ok: true; value: T; payment: PaymentRow; replayed: boolean }
  | { ok: false; reason: Exclude<PaymentFailure, "unavailable">; message: string; payment: PaymentRow }
  | { ok: false; reason: "unavailable"; message: string; payment: null };

/**
 * The HTTP status of a payment that did not go through (422 for a key reused
 * with another request, as payment APIs answer; 503 while payments are not set up).
 */
export const paymentFailureStatus = (reason: PaymentFailure) =>
  ({ declined: 402, in_progress: 409, key_reused: 422, unavailable: 503 })[reason] as 402 | 409 | 422 | 503;

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

export const namespacedKey = (userId: string | null, key: string) => `${userId ?? "guest"}:${key}`;

/**
 * Takes one payment, exactly once per idempotency key:
 * 1. claim: a pending payments row (a resubmitted form finds it: succeeded →
 *    the first answer again, pending → "being processed", failed → retried);
 * 2. charge through the gateway, outside any transaction;
 * 3. one transaction marks it succeeded and fulfils the order.
 */
export async function takePayment<T>(request: PaymentRequest<T>): Promise<PaymentOutcome<T>> {
  const charge = gateway.charge?.bind(gateway);
  // Nothing can take the money: refuse before anything is written (docs/decisions/0036).
  if (!charge) return { ok: false, reason: "unavailable", message: PAYMENT_MESSAGES.notSetUp, payment: null };
  const key = namespacedKey(request.userId, request.idempotencyKey);
  const details = {
    userId: request.userId,
    payerEmail: request.payerEmail ?? null,
    kind: request.kind,
    description: request.description,
    amountMinor: request.amountMinor,
    currency: request.currency,
    method: request.method,
    gateway: gateway.name,
    tokenPackageId: request.tokenPackageId ?? null,
    subscriptionPlanId: request.subscriptionPlanId ?? null,
    tokens: request.tokens ?? null,
  };
  const claim = await db().transaction(async (tx) => {
    const [created] = await tx
      .insert(payments)
      .values({ ...details, idempotencyKey: key })
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
    return { ok: false, reason: "in_progress", message: PAYMENT_MESSAGES.inProgress, payment };
  }

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
    return { ok: false, reason: "declined", message: result.message, payment: failed! };
  }

  const card = {
    cardBrand: result.cardBrand,
    cardLast4: result.cardLast4,
    gatewayReference: result.reference,
    paymentMethodToken: result.methodToken,
  };
  try {
    return await db().transaction(async (tx) => {
      const [done] = await tx
        .update(payments)
        .set({ ...card, status: "succeeded", completedAt: new Date() })
        .where(and(eq(payments.id, payment.id), eq(payments.status, "pending")))
        .returning();
      if (!done) throw new Error(`Payment ${payment.id} changed while it was being charged`);
      return { ok: true as const, value: await request.fulfil(tx, done), payment: done, replayed: false };
    });
  } catch (error) {
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

/** Receipts of a client (every succeeded charge), newest first: for invoices and payment methods. */
export function listPayments(userId: string, options: { includeFailed?: boolean } = {}) {
  const statuses = options.includeFailed ? ["succeeded", "failed"] : ["succeeded"];
  return db()
    .select({
      id: payments.id,
      number: payments.number,
      kind: payments.kind,
      description: payments.description,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      method: payments.method,
      cardBrand: payments.cardBrand,
      cardLast4: payments.cardLast4,
      status: payments.status,
      failureMessage: payments.failureMessage,
      tokens: payments.tokens,
      createdAt: payments.createdAt,
      completedAt: payments.completedAt,
    })
    .from(payments)
    .where(and(eq(payments.userId, userId), inArray(payments.status, statuses)))
    .orderBy(desc(payments.createdAt));
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
