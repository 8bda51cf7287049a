import { z } from "zod";

// The back-office refund, in two steps (docs/decisions/0036, 0072): staff
// choose an amount in the payment's currency (up to two decimals) and an
// optional note for the audit log; a confirm view shows what moves; only its
// submit refunds. The arithmetic both steps and the refund itself use is here.

export const REFUND_FORM_MESSAGES = {
  amount: "Enter the amount to refund, for example 1300 or 1300.50.",
  reason: "Keep the note under 300 characters.",
  stale: "Review the refund again: the amounts on this page are out of date.",
  range: (max: string) => `Enter an amount greater than zero and at most ${max}.`,
} as const;

/** Days after a purchase within which the policy refunds unspent tokens (seeds/policies/refundpolicy.md). */
export const REFUND_WINDOW_DAYS = 20;

/** An amount typed in whole units with up to two decimals, as minor units. */
const amountField = z
  .string({ error: REFUND_FORM_MESSAGES.amount })
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, REFUND_FORM_MESSAGES.amount)
  .transform((value) => Math.round(Number(value) * 100));

const reasonField = z.string().trim().max(300, REFUND_FORM_MESSAGES.reason).optional().default("");

/** Step 1 (a GET form: the confirm view has its own URL). */
export const refundFormSchema = z.object({ amount: amountField, reason: reasonField });

/**
 * Step 2, the confirm submit: the same fields, and what had been refunded
 * when the confirm view was shown. The refund goes through only while that
 * is still so, so a second submit of the same confirmation (a double click,
 * another tab, a colleague) refunds nothing.
 */
export const refundConfirmSchema = refundFormSchema.extend({
  refunded_so_far: z
    .string({ error: REFUND_FORM_MESSAGES.stale })
    .regex(/^\d{1,9}$/, REFUND_FORM_MESSAGES.stale)
    .transform(Number),
});

/** What staff read once a refund went through. */
export const refundedMessage = (amount: string, tokens: number) =>
  `Refunded ${amount}.${tokens ? ` ${tokens} unspent tokens were taken back.` : ""}`;

/** Minor units as the amount field takes them: "109.00". */
export const amountInput = (minor: number) => (minor / 100).toFixed(2);

type Money = { amountMinor: number; refundedMinor: number };
/** The purchase's lot: the tokens it granted, and how many of them are still unspent (not expired, not taken back). */
type Lot = { granted: number; unspent: number };

/**
 * What the policy refunds (seeds/policies/refundpolicy.md: the unspent
 * tokens of a purchase, never the spent ones): the paid amount times the
 * share of the purchase's tokens still unspent, rounded down to the minor
 * unit, and never more than is left to refund. A payment that granted no
 * tokens (an unredeemed gift card) defaults to what is left.
 */
export function unspentShareMinor(payment: Money, lot: Lot | null): number {
  const left = Math.max(0, payment.amountMinor - payment.refundedMinor);
  if (!lot || lot.granted <= 0) return left;
  const share = Math.floor((payment.amountMinor * Math.max(0, lot.unspent)) / lot.granted);
  return Math.max(0, Math.min(left, share));
}

/**
 * Tokens a refund of `amountMinor` takes back: everything still unspent on
 * the refund that completes the payment's, else the refunded share of what
 * the purchase granted (rounded up); never more than is unspent.
 */
export function tokensToTakeBack(payment: Money, lot: Lot, amountMinor: number): number {
  const full = payment.refundedMinor + amountMinor >= payment.amountMinor;
  const share = full ? lot.unspent : Math.ceil((lot.granted * amountMinor) / payment.amountMinor);
  return Math.max(0, Math.min(lot.unspent, share));
}

/** What the confirm view shows: what goes back and what stays with the client. */
export type RefundPlan = {
  amountMinor: number;
  tokensBack: number;
  tokensSpent: number;
  /** Tokens of this purchase the client keeps: the spent ones and the unspent ones not taken back. */
  tokensKept: number;
  /** Of what was paid, what is not refunded once this refund is made. */
  keptMinor: number;
};

export function refundPlan(
  payment: Money,
  lot: (Lot & { spent: number }) | null,
  amountMinor: number,
): RefundPlan {
  const tokensBack = lot ? tokensToTakeBack(payment, lot, amountMinor) : 0;
  return {
    amountMinor,
    tokensBack,
    tokensSpent: lot?.spent ?? 0,
    tokensKept: lot ? lot.spent + lot.unspent - tokensBack : 0,
    keptMinor: payment.amountMinor - payment.refundedMinor - amountMinor,
  };
}
