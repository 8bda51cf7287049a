import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, lte } from "drizzle-orm";
import { getBillingSettings } from "./billing-content.server";
import { db } from "../platform/db.server";
import { todayInAgencyTimeZone } from "../platform/form-fields";
import { addMonth } from "./subscriptions";
import {
  GIFT_MESSAGES,
  GIFT_VALIDITY_MONTHS,
  giftTokenRates,
  normaliseGiftCode,
  tokensForGift,
  type GiftCardInput,
} from "./gift-cards";
import { DEFAULT_REGION, regionForCurrency } from "./currency";
import { queueEmails, sendQueuedEmails, type QueuedEmail } from "../platform/mail.server";
import { queueReceipt, sendReceipt } from "./receipt-email.server";
import { formatMinor } from "../platform/money";
import { toMinor } from "./payments";
import { resolvePaymentSource } from "./payment-methods.server";
import { takePayment, unfulfilledResult, type CheckoutReturn, type PaymentRow } from "./payments.server";
import { type Transaction } from "../platform/db.server";
import { consumeRateLimit, returnRateLimitAttempt } from "../platform/rate-limit.server";
import { rewardReferrerOnce } from "./referral-rewards.server";
import { giftCards } from "../schema";
import { getSiteShell } from "../content/site-content.server";
import { grantTokens } from "./tokens.server";

// Gift cards: bought through the payment gateway (signed in or not) in the
// buyer's currency, emailed to the recipient on the delivery date by the jobs,
// redeemed once in Billing as Creative Tokens at the card's currency's rate
// (docs/decisions/0059).

export type GiftCardRow = typeof giftCards.$inferSelect;

/** 12 characters without look-alikes, shown as ASC-XXXX-XXXX-XXXX. */
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
function createGiftCode(): string {
  return Array.from(randomBytes(12), (byte) => ALPHABET[byte % ALPHABET.length]).join("");
}
export const formatGiftCode = (code: string) =>
  `ASC-${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}`;

/** Five wrong codes per account in an hour, then a wait: codes cannot be guessed by trying. */
const GIFT_REDEEM_LIMIT = { limit: 5, windowMs: 60 * 60 * 1000 } as const;

export type GiftPurchaseResult =
  | { ok: true; giftCard: GiftCardRow; message: string; replayed: boolean }
  | { ok: false; status: 400 | 402 | 409 | 422 | 503; field?: "payment_method_id"; message: string }
  /** Stripe Checkout: the payer is sent to pay there; the webhook creates the card. */
  | { ok: false; status: 303; checkoutUrl: string; message: string; field?: undefined };

/** What a gift card purchase keeps on its payment row until it is paid (docs/decisions/0036). */
type GiftOrder = {
  /** Whole units of the payment's currency. Orders kept before cards had a currency say `amountInr`. */
  amount?: number;
  amountInr?: number;
  recipientName: string;
  recipientEmail: string;
  senderName: string;
  senderEmail: string;
  message: string;
  deliverOn: string;
};

/**
 * The card of a paid gift card purchase, in the transaction that marks its
 * payment succeeded (ours for a card, the webhook's for Stripe Checkout).
 * Delivery (an email) happens after commit: `deliverGiftCardIfDue`.
 */
export async function fulfilGiftCard(tx: Transaction, payment: PaymentRow, now = new Date()) {
  const order = payment.order as GiftOrder;
  const [card] = await tx
    .insert(giftCards)
    .values({
      code: createGiftCode(),
      amount: order.amount ?? order.amountInr!,
      currency: payment.currency,
      recipientName: order.recipientName,
      recipientEmail: order.recipientEmail,
      senderName: order.senderName,
      senderEmail: order.senderEmail,
      message: order.message,
      deliverOn: order.deliverOn,
      purchaserId: payment.userId,
      paymentId: payment.id,
      expiresAt: addMonth(now, GIFT_VALIDITY_MONTHS),
      createdAt: now,
    })
    .returning();
  if (payment.userId) await rewardReferrerOnce(tx, payment.userId, now);
  return card!;
}

/** After the purchase committed: a card for today is emailed at once. Returns the card as it is now. */
export async function deliverGiftCardIfDue(card: GiftCardRow, now = new Date()): Promise<GiftCardRow> {
  if (card.deliverOn > todayInAgencyTimeZone(now) || !(await deliverDueGiftCards(now, [card.id])))
    return card;
  return (await db().select().from(giftCards).where(eq(giftCards.id, card.id)))[0]!;
}

/** The gift card a payment bought, once it is paid. */
export async function giftCardOfPayment(paymentId: string): Promise<GiftCardRow | null> {
  return (await db().select().from(giftCards).where(eq(giftCards.paymentId, paymentId)))[0] ?? null;
}

/** A card's value as its receipt, email and pages say it: "€150", "₹15,000". */
export const giftCardValue = (card: Pick<GiftCardRow, "amount" | "currency">) =>
  formatMinor(toMinor(card.amount), card.currency);

/**
 * Charges the amount in the currency the form chose (the buyer's, decided by the route), creates
 * the card and, for delivery today, emails it at once.
 */
export async function purchaseGiftCard(
  input: GiftCardInput,
  context: { userId: string | null; now?: Date; checkout?: CheckoutReturn | null },
): Promise<GiftPurchaseResult> {
  const now = context.now ?? new Date();
  const today = todayInAgencyTimeZone(now);
  const deliverOn = input.deliveryDate || today;
  const source = await resolvePaymentSource(context.userId, input);
  if (!source.ok) return source;
  const order: GiftOrder = {
    amount: input.giftAmount,
    recipientName: input.recipientName,
    recipientEmail: input.recipientEmail,
    senderName: input.senderName,
    senderEmail: input.senderEmail,
    message: input.message,
    deliverOn,
  };
  const outcome = await takePayment({
    userId: context.userId,
    payerEmail: input.senderEmail,
    idempotencyKey: input.idempotency_key ?? randomUUID(),
    kind: "gift_card",
    description: `Gift card for ${input.recipientName}: ${formatMinor(toMinor(input.giftAmount), input.currency)}`,
    amountMinor: toMinor(input.giftAmount),
    currency: input.currency,
    method: source.method,
    card: source.card,
    savedMethodToken: source.savedMethodToken,
    order,
    checkout: context.checkout ?? null,
    fulfil: (tx, payment) => fulfilGiftCard(tx, payment, now),
    replay: async (payment) => (await giftCardOfPayment(payment.id))!,
  });
  if (!outcome.ok) return unfulfilledResult(outcome);
  const giftCard = outcome.replayed ? outcome.value : await deliverGiftCardIfDue(outcome.value, now);
  return { ok: true, giftCard, message: GIFT_MESSAGES.purchased, replayed: outcome.replayed };
}

/**
 * Emails every gift card whose delivery day has come (in the agency's time
 * zone). Cards are claimed in one UPDATE that skips rows another process
 * holds, so each goes out once, and each card's email is recorded in the
 * outbox in the claim's transaction: a card is marked delivered exactly when
 * its email exists, and a send that fails (or a crash before it) is retried
 * from the outbox. Returns how many were sent.
 */
export async function deliverDueGiftCards(now = new Date(), only?: string[]): Promise<number> {
  const today = todayInAgencyTimeZone(now);
  const due = and(
    isNull(giftCards.deliveredAt),
    lte(giftCards.deliverOn, today),
    only ? inArray(giftCards.id, only) : undefined,
  );
  // Most runs find nothing due; the emails need the site's name only when something is.
  const [any] = await db().select({ id: giftCards.id }).from(giftCards).where(due).limit(1);
  if (!any) return 0;
  const { site } = await getSiteShell();
  const emails = await db().transaction(async (tx) => {
    const claimable = tx
      .select({ id: giftCards.id })
      .from(giftCards)
      .where(due)
      .limit(100)
      .for("update", { skipLocked: true });
    const claimed = await tx
      .update(giftCards)
      .set({ deliveredAt: now })
      .where(inArray(giftCards.id, claimable))
      .returning();
    return queueEmails(
      claimed.map((card) => {
        const note = card.message ? `\n\n${card.senderName} wrote:\n“${card.message}”` : "";
        return {
          kind: "gift_card",
          to: card.recipientEmail,
          subject: `${card.senderName} sent you an ${site.name} gift card`,
          text:
            `Hi ${card.recipientName},\n\n` +
            `${card.senderName} sent you a gift card worth ${giftCardValue(card)} (${card.currency}) ` +
            `for any ${site.name} service or package.${note}\n\n` +
            `Your code: ${formatGiftCode(card.code)}\n\n` +
            "Redeem it in your dashboard under Billing & Tokens (create a free account first if you have none). " +
            `It is valid until ${card.expiresAt.toISOString().slice(0, 10)}.\n\n` +
            `— The ${site.name} team\n`,
        };
      }),
      tx,
    );
  });
  await sendQueuedEmails(emails);
  return emails.length;
}

export type RedeemResult =
  | { ok: true; tokens: number; message: string; balance: number }
  | { ok: false; status: 404 | 409 | 410 | 429; message: string };

const redeemLimitKey = (userId: string) => `gift-redeem:${userId}`;
const tooManyCodes = (seconds: number) =>
  ({
    ok: false,
    status: 429,
    message: GIFT_MESSAGES.tooManyCodes(Math.max(1, Math.ceil(seconds / 60))),
  }) as const;

/**
 * Redeems a code once, into tokens at the seeded rate of the card's currency
 * (floor of amount / rate), whatever the redeemer's own currency: tokens have none. Wrong codes are counted per account: after GIFT_REDEEM_LIMIT of them
 * the account waits, so codes cannot be found by trying. Every attempt is
 * counted before the code is looked up, in the statement that says whether
 * it is over the limit (parallel guesses cannot all pass a check made before
 * any was counted); a code that exists gives its attempt back.
 */
export async function redeemGiftCard(userId: string, code: string, now = new Date()): Promise<RedeemResult> {
  const attempt = await consumeRateLimit(redeemLimitKey(userId), GIFT_REDEEM_LIMIT);
  if (attempt.limited) return tooManyCodes(attempt.retryAfterSeconds);
  const normalised = normaliseGiftCode(code).replace(/^ASC/, "");
  let receipt: QueuedEmail[] | null = null;
  const result = await db().transaction(async (tx): Promise<RedeemResult> => {
    const [card] = await tx.select().from(giftCards).where(eq(giftCards.code, normalised)).for("update");
    if (!card) return { ok: false, status: 404, message: GIFT_MESSAGES.codeUnknown };
    if (card.redeemedAt) return { ok: false, status: 409, message: GIFT_MESSAGES.codeRedeemed };
    if (card.expiresAt <= now) return { ok: false, status: 410, message: GIFT_MESSAGES.codeExpired };
    const { giftCards: settings } = await getBillingSettings(tx);
    const region = regionForCurrency(card.currency) ?? DEFAULT_REGION;
    const tokens = tokensForGift(card.amount, region, giftTokenRates(settings));
    const amount = giftCardValue(card);
    const grant = await grantTokens(
      {
        userId,
        amount: tokens,
        reason: "gift_card",
        description: `Gift card ${amount}`,
        sourceKey: `gift:${card.id}`,
        now,
      },
      tx,
    );
    await tx
      .update(giftCards)
      .set({ redeemedBy: userId, redeemedAt: now, tokensGranted: tokens })
      .where(and(eq(giftCards.id, card.id), isNull(giftCards.redeemedAt)));
    // The redemption's receipt (email + notification) commits with the grant (decision 0058).
    receipt = await queueReceipt(
      tx,
      {
        kind: "gift_redeemed",
        userId,
        tokens,
        value: { amountMinor: toMinor(card.amount), currency: card.currency },
      },
      { now },
    );
    return { ok: true, tokens, balance: grant.balance, message: GIFT_MESSAGES.redeemed(tokens, amount) };
  });
  await sendReceipt(receipt);
  if (result.ok || result.status !== 404) await returnRateLimitAttempt(redeemLimitKey(userId));
  return result;
}
