import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "../platform/audit.server";
import { db, type Transaction } from "../platform/db.server";
import { isUuid } from "../platform/ids";
import {
  giftCards,
  paymentRefunds,
  payments,
  tokenAllocations,
  tokenLedger,
  tokenLots,
  users,
} from "../schema";
import { type Currency } from "./payments";
import { formatMinor } from "../platform/money";
import { gatewayNamed, type PaymentRow } from "./payments.server";
import { issueCreditNoteForRefund } from "./invoices.server";
import { queueReceipt, sendReceipt } from "./receipt-email.server";
import { takeBackGrant } from "./tokens.server";
import { REFUND_FORM_MESSAGES, refundedMessage, tokensToTakeBack } from "./refunds";
import { type QueuedEmail } from "../platform/mail.server";

// Refunds from the back-office, full or partial, through the gateway that
// took the payment (docs/decisions/0036-stripe-checkout-and-webhooks.md). The
// client keeps what they already spent; the unspent tokens of that purchase
// are taken back (never below zero). A refund is reserved on the payment
// before the gateway is asked, so Stripe's charge.refunded webhook about the
// same refund finds it counted; a refund made in Stripe's dashboard reaches
// us by that webhook and is recorded the same way.

export type RefundRow = typeof paymentRefunds.$inferSelect;

const REFUND_MESSAGES = {
  notFound: "That payment was not found.",
  notRefundable: "Only a successful payment can be refunded.",
  amount: REFUND_FORM_MESSAGES.range,
  fullyRefunded: "This payment has been refunded in full.",
  stale:
    "Nothing was refunded: this payment changed since the confirmation was shown (a refund was made meanwhile). Review it again.",
  otherGateway: (gateway: string) =>
    `This payment was taken by the ${gateway} gateway, which is not the one in use: refund it there.`,
  refunded: refundedMessage,
} as const;

/**
 * The grant a payment paid for, by its ledger source key (null when it granted none yet), and
 * whose wallet holds it: the payer's, or for a redeemed gift card the person who redeemed it.
 */
async function grantOf(
  database: Transaction | ReturnType<typeof db>,
  payment: PaymentRow,
): Promise<{ key: string | null; holder: string | null }> {
  if (payment.kind === "token_package") return { key: `payment:${payment.id}`, holder: payment.userId };
  if (payment.kind === "gift_card") {
    const [card] = await database.select().from(giftCards).where(eq(giftCards.paymentId, payment.id));
    return card?.redeemedAt
      ? { key: `gift:${card.id}`, holder: card.redeemedBy }
      : { key: null, holder: null };
  }
  const key = (payment.order as { grantSourceKey?: string } | null)?.grantSourceKey;
  return { key: key ?? null, holder: payment.userId };
}

/** The purchase's lot as a refund sees it: granted, spent (refund take-backs are not spending), unspent now. */
export type RefundLot = { granted: number; spent: number; unspent: number };

/** One statement: the lot the grant `key` made, and how much of it the client spent. */
async function lotOf(
  database: Transaction | ReturnType<typeof db>,
  key: string,
  now: Date,
): Promise<RefundLot | null> {
  const [row] = await database
    .select({
      granted: tokenLots.amount,
      remaining: tokenLots.remaining,
      expiresAt: tokenLots.expiresAt,
      spent: sql<number>`(select coalesce(sum(${tokenAllocations.amount}), 0)::int from ${tokenAllocations}
        join ${tokenLedger} spend on spend.id = ${tokenAllocations.entryId}
        where ${tokenAllocations.lotId} = ${tokenLots.id} and spend.kind = 'spend' and spend.reason <> 'refund')`,
    })
    .from(tokenLedger)
    .innerJoin(tokenLots, eq(tokenLots.id, tokenLedger.id))
    .where(eq(tokenLedger.sourceKey, key));
  if (!row) return null;
  return {
    granted: row.granted,
    spent: Number(row.spent),
    unspent: row.expiresAt > now ? row.remaining : 0,
  };
}

export type RefundPreview = {
  payment: PaymentRow;
  clientEmail: string | null;
  refundableMinor: number;
  tokens: RefundLot | null;
  giftCard: { redeemed: boolean } | null;
  refunds: RefundRow[];
};

/** What staff see before they confirm: the payment, what is left to refund, and the tokens spent and unspent. */
export async function refundPreview(paymentId: string, now = new Date()): Promise<RefundPreview | null> {
  if (!isUuid(paymentId)) return null;
  const [row] = await db()
    .select({ payment: payments, email: users.email })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.id, paymentId));
  if (!row) return null;
  const { payment } = row;
  const { key } = await grantOf(db(), payment);
  const lot = key ? await lotOf(db(), key, now) : null;
  const [card] =
    payment.kind === "gift_card"
      ? await db().select().from(giftCards).where(eq(giftCards.paymentId, payment.id))
      : [];
  return {
    payment,
    clientEmail: row.email ?? payment.payerEmail,
    refundableMinor: payment.status === "succeeded" ? payment.amountMinor - payment.refundedMinor : 0,
    tokens: lot,
    giftCard: card ? { redeemed: Boolean(card.redeemedAt) } : null,
    refunds: await db()
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, payment.id))
      .orderBy(desc(paymentRefunds.createdAt)),
  };
}

/**
 * Inside a transaction that holds the payment's row lock, after the money
 * went back: the tokens of the purchase are taken back, an unredeemed gift
 * card refunded in full can no longer be redeemed, the audit log says who,
 * and the client's receipt says what came back (decision 0058; its email is
 * sent after the commit).
 */
async function settleRefund(
  tx: Transaction,
  payment: PaymentRow,
  refund: RefundRow,
  actor: AuditActor,
  now: Date,
): Promise<{ taken: number; receipts: (QueuedEmail[] | null)[] }> {
  const { key, holder } = await grantOf(tx, payment);
  const lot = key ? await lotOf(tx, key, now) : null;
  const amount = formatMinor(refund.amountMinor, payment.currency as Currency);
  const taken =
    key && lot
      ? await takeBackGrant(
          {
            grantSourceKey: key,
            amount: tokensToTakeBack(
              { ...payment, refundedMinor: payment.refundedMinor - refund.amountMinor },
              lot,
              refund.amountMinor,
            ),
            sourceKey: `refund:${refund.id}`,
            description: `Refund of ${amount} on receipt #${payment.number}`,
            staffUserId: actor.role === "staff" ? actor.id : null,
            actor,
            now,
          },
          tx,
        )
      : 0;
  const spent = lot?.spent ?? 0;
  if (payment.kind === "gift_card" && payment.refundedMinor >= payment.amountMinor)
    await tx
      .update(giftCards)
      .set({ expiresAt: now })
      .where(and(eq(giftCards.paymentId, payment.id), isNull(giftCards.redeemedAt)));
  await tx
    .update(paymentRefunds)
    .set({
      tokensTakenBack: taken,
      tokensAlreadySpent: spent,
      status: "succeeded",
      completedAt: now,
    })
    .where(eq(paymentRefunds.id, refund.id));
  // The credit note against the payment's invoice, in the same transaction (decision 0082).
  await issueCreditNoteForRefund(tx, refund.id, now);
  await recordAudit(
    {
      actor,
      action: "payment.refund",
      target: { type: "payment", id: payment.id, label: `Receipt #${payment.number}` },
      before: { refunded_minor: payment.refundedMinor - refund.amountMinor },
      after: {
        refunded_minor: payment.refundedMinor,
        amount_minor: refund.amountMinor,
        currency: payment.currency,
        tokens_taken_back: taken,
        tokens_already_spent: spent,
        gateway_reference: refund.gatewayReference,
      },
      reason: refund.reason || `Refund of ${amount}`,
    },
    tx,
  );
  const receipt = await queueReceipt(
    tx,
    {
      kind: "refund",
      payment,
      refunded: { amountMinor: refund.amountMinor, currency: payment.currency },
      tokensTakenBack: taken,
    },
    { now, payerEmail: payment.payerEmail },
  );
  // A redeemed gift card's tokens were someone else's: they are told what left their wallet.
  const holderReceipt =
    holder && holder !== payment.userId && taken > 0
      ? await queueReceipt(tx, { kind: "gift_taken_back", userId: holder, tokens: taken }, { now })
      : null;
  return { taken, receipts: [receipt, holderReceipt] };
}

export type RefundResult =
  | { ok: true; message: string; refund: RefundRow; tokensTakenBack: number }
  | { ok: false; status: 400 | 404 | 409 | 502; message: string };

/**
 * Staff refund a payment, full or partial: reserved on the payment (so the
 * amount can never exceed what was paid, even with two staff at once), sent
 * to the gateway, then settled in one transaction. A refusal gives the
 * reservation back. With `expectedRefundedMinor` (the confirm step,
 * decision 0072) it refunds only while the payment's refunded total is still
 * what the confirmation showed: the same confirmation submitted twice, even
 * at the same instant, refunds once.
 */
export async function refundPayment(input: {
  paymentId: string;
  amountMinor: number;
  reason: string;
  staff: { id: string; ip?: string };
  expectedRefundedMinor?: number;
  now?: Date;
}): Promise<RefundResult> {
  const now = input.now ?? new Date();
  if (!isUuid(input.paymentId)) return { ok: false, status: 404, message: REFUND_MESSAGES.notFound };
  const reserved = await db().transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, input.paymentId)).for("update");
    if (!payment) return { ok: false as const, status: 404 as const, message: REFUND_MESSAGES.notFound };
    if (payment.status !== "succeeded")
      return { ok: false as const, status: 409 as const, message: REFUND_MESSAGES.notRefundable };
    const left = payment.amountMinor - payment.refundedMinor;
    if (left <= 0)
      return { ok: false as const, status: 409 as const, message: REFUND_MESSAGES.fullyRefunded };
    if (input.expectedRefundedMinor !== undefined && input.expectedRefundedMinor !== payment.refundedMinor)
      return { ok: false as const, status: 409 as const, message: REFUND_MESSAGES.stale };
    if (!Number.isInteger(input.amountMinor) || input.amountMinor <= 0 || input.amountMinor > left)
      return {
        ok: false as const,
        status: 400 as const,
        message: REFUND_MESSAGES.amount(formatMinor(left, payment.currency as Currency)),
      };
    // The gateway that took it gives it back (Stripe, or Razorpay for rupees: decision 0080).
    const gateway = gatewayNamed(payment.gateway);
    if (!gateway?.refund)
      return {
        ok: false as const,
        status: 409 as const,
        message: REFUND_MESSAGES.otherGateway(payment.gateway),
      };
    await tx
      .update(payments)
      .set({ refundedMinor: sql`${payments.refundedMinor} + ${input.amountMinor}` })
      .where(eq(payments.id, payment.id));
    const [refund] = await tx
      .insert(paymentRefunds)
      .values({
        paymentId: payment.id,
        amountMinor: input.amountMinor,
        reason: input.reason.trim(),
        staffUserId: input.staff.id,
        createdAt: now,
      })
      .returning();
    return { ok: true as const, payment, refund: refund!, gateway };
  });
  if (!reserved.ok) return reserved;

  const answer = await reserved.gateway.refund!({
    payment: reserved.payment,
    amountMinor: input.amountMinor,
    refundId: reserved.refund.id,
  });
  let receipts: (QueuedEmail[] | null)[] = [];
  const result = await db().transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, input.paymentId)).for("update");
    if (!answer.ok) {
      await tx
        .update(payments)
        .set({ refundedMinor: sql`${payments.refundedMinor} - ${input.amountMinor}` })
        .where(eq(payments.id, payment!.id));
      await tx
        .update(paymentRefunds)
        .set({ status: "failed", completedAt: now })
        .where(eq(paymentRefunds.id, reserved.refund.id));
      return { ok: false as const, status: 502 as const, message: answer.message };
    }
    const [refund] = await tx
      .update(paymentRefunds)
      .set({ gatewayReference: answer.reference })
      .where(eq(paymentRefunds.id, reserved.refund.id))
      .returning();
    const settled = await settleRefund(
      tx,
      payment!,
      refund!,
      { id: input.staff.id, role: "staff", ip: input.staff.ip },
      now,
    );
    const taken = settled.taken;
    receipts = settled.receipts;
    return {
      ok: true as const,
      refund: refund!,
      tokensTakenBack: taken,
      message: REFUND_MESSAGES.refunded(formatMinor(input.amountMinor, payment!.currency as Currency), taken),
    };
  });
  for (const receipt of receipts) await sendReceipt(receipt);
  return result;
}

/**
 * Stripe's charge.refunded (inside the webhook's transaction, the payment
 * locked): the charge's refunded total beyond what we have counted is a
 * refund made at Stripe; it is recorded and settled like ours. Returns
 * whether anything was recorded.
 */
export async function recordGatewayRefund(
  tx: Transaction,
  payment: PaymentRow,
  refundedTotalMinor: number,
  reference: string,
  now = new Date(),
  /** Steps the caller runs after its commit: the refund's receipt email is sent there. */
  after: Array<() => Promise<unknown>> = [],
  /** The gateway whose dashboard made the refund. */
  gatewayLabel = "Stripe",
): Promise<boolean> {
  const extra = Math.min(refundedTotalMinor, payment.amountMinor) - payment.refundedMinor;
  if (extra <= 0 || payment.status !== "succeeded") return false;
  const [refund] = await tx
    .insert(paymentRefunds)
    .values({
      paymentId: payment.id,
      amountMinor: extra,
      gatewayReference: reference,
      reason: `Refunded at ${gatewayLabel}`,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!refund) return false;
  const [updated] = await tx
    .update(payments)
    .set({ refundedMinor: sql`${payments.refundedMinor} + ${extra}` })
    .where(eq(payments.id, payment.id))
    .returning();
  const { receipts } = await settleRefund(
    tx,
    updated!,
    refund,
    { id: null, role: "system", label: gatewayLabel },
    now,
  );
  for (const queued of receipts) after.push(() => sendReceipt(queued));
  return true;
}
