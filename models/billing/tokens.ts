// The Creative Tokens ledger's pure rules: validity, oldest-first spending,
// and the words the pages and the API use. No database here, so the rules are
// unit-tested directly; models/billing/tokens.server.ts applies them under a lock.

/** Tokens are valid 90 days from the day they are granted (docs/product.md, "Billing and shop"). */
export const TOKEN_VALIDITY_DAYS = 90;
export const TOKEN_VALIDITY_MS = TOKEN_VALIDITY_DAYS * 24 * 60 * 60 * 1000;

export const tokenExpiry = (issuedAt: Date) => new Date(issuedAt.getTime() + TOKEN_VALIDITY_MS);
/** A grant valid `days` days (1–90); never longer than the usual 90. */
export function grantExpiry(issuedAt: Date, days: number): Date {
  if (!Number.isInteger(days) || days < 1 || days > TOKEN_VALIDITY_DAYS)
    throw new RangeError(`Tokens are valid 1 to ${TOKEN_VALIDITY_DAYS} days, not ${days}`);
  return new Date(issuedAt.getTime() + days * 24 * 60 * 60 * 1000);
}

import { GRANT_REASONS, LEDGER_KINDS, SPEND_REASONS } from "../schema/values";

export { GRANT_REASONS, LEDGER_KINDS, SPEND_REASONS };
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export type GrantReason = (typeof GRANT_REASONS)[number];
export type SpendReason = (typeof SPEND_REASONS)[number];
export type LedgerReason = GrantReason | SpendReason | "expiry";

export const REASON_LABELS: Record<LedgerReason, string> = {
  token_purchase: "Token package",
  subscription: "Subscription tokens",
  gift_card: "Gift card redeemed",
  referral: "Referral reward",
  staff_adjustment: "Adjustment by the studio",
  shop_checkout: "Shop checkout",
  project: "Project work",
  expiry: "Tokens expired",
  refund: "Taken back for a refund",
};

/** A grant that still has tokens left (a "lot"). */
export type Lot = { id: string; remaining: number; issuedAt: Date; expiresAt: Date };
export type Allocation = { lotId: string; amount: number };

/** A lot counts until the instant it expires. */
const isLive = (lot: Pick<Lot, "expiresAt">, now: Date) => lot.expiresAt.getTime() > now.getTime();

/** Tokens that can be spent right now: the live lots' remainders. */
export function spendableBalance(lots: Lot[], now: Date): number {
  return lots.reduce((sum, lot) => (isLive(lot, now) ? sum + lot.remaining : sum), 0);
}

/** Oldest first: the grant that expires soonest is used up first (ties by id, so the order is stable). */
function byOldest(a: Lot, b: Lot): number {
  return (
    a.expiresAt.getTime() - b.expiresAt.getTime() ||
    a.issuedAt.getTime() - b.issuedAt.getTime() ||
    a.id.localeCompare(b.id)
  );
}

/**
 * Which lots pay for a spend of `amount`: live lots, oldest first. Null when
 * the live balance is short: a spend is all or nothing, never partial, and
 * never takes a balance below zero.
 */
export function allocateSpend(lots: Lot[], amount: number, now: Date): Allocation[] | null {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new RangeError(`A spend must be a whole positive number of tokens, not ${amount}`);
  const allocations: Allocation[] = [];
  let left = amount;
  for (const lot of lots.filter((l) => isLive(l, now) && l.remaining > 0).sort(byOldest)) {
    if (left === 0) break;
    const take = Math.min(lot.remaining, left);
    allocations.push({ lotId: lot.id, amount: take });
    left -= take;
  }
  return left === 0 ? allocations : null;
}

/** Lots whose time is up but which still hold tokens: each becomes an "expire" row. */
export function dueForExpiry(lots: Lot[], now: Date): Lot[] {
  return lots.filter((lot) => !isLive(lot, now) && lot.remaining > 0).sort(byOldest);
}

export const TOKEN_API_ERRORS = { fetchHistory: "Failed to fetch token history" } as const;
