import { eq, sum } from "drizzle-orm";
import type { MoneyAmount, PaymentMethod, PlanSummary, Receipt } from "./account-billing";
import { getTokenUsage } from "./dashboard.server";
import { db, type Transaction } from "./db.server";
import { MEGABYTE } from "./uploads";
import { projectFiles } from "./schema";

// ---------------------------------------------------------------------------
// WIRING POINTS FOR BILLING
//
// Manage account needs billing data (plans, the token ledger, purchases,
// payments and receipts, saved payment methods). Billing is being built in
// parallel, so every billing-dependent read and write Manage account makes is
// one of the small functions below. Each returns what an account without any
// billing history has (no plan, nothing spent, no receipts, no card). When
// billing lands, replace the bodies; the pages, the export, the deletion and
// the tests call only these names. Storage usage is real already (it reads the
// client's uploaded files); only its quota comes from the plan.
// ---------------------------------------------------------------------------

/** Storage for accounts without a paid plan. Plans set their own quota (the spec's sample: 10 GB). */
export const FREE_STORAGE_QUOTA_BYTES = 1024 * MEGABYTE;

/**
 * BILLING: the client's current plan (subscription, plan name and price,
 * period end, cancel-at-period-end, the plan's storage quota). Until
 * subscriptions exist every account is on the free plan, as GET /api/profile/
 * already says (current_plan "free").
 */
export async function getCurrentPlan(_userId: string): Promise<PlanSummary> {
  return { slug: "free", name: "Free", priceLabel: null, periodEnd: null, cancelAtPeriodEnd: false, storageQuotaBytes: FREE_STORAGE_QUOTA_BYTES };
}

/**
 * BILLING: everything the client has spent: tokens spent (ledger spends) and
 * money paid (sum of payments, one amount per currency). The Dashboard's
 * "Total spent" card. Nothing until the ledger and payments exist.
 */
export async function getTotalSpent(_userId: string): Promise<{ tokens: number; money: MoneyAmount[] }> {
  return { tokens: 0, money: [] };
}

/**
 * BILLING: tokens granted and spent this period. Already delegates to
 * getTokenUsage() in dashboard.server.ts, which billing replaces for the
 * /dashboard2 top bar anyway; nothing to change here unless the period differs.
 */
export function getTokensThisPeriod(userId: string) {
  return getTokenUsage(userId);
}

/**
 * BILLING: the client's receipts, newest first: one for every token purchase,
 * subscription charge and gift card (the payments/receipts record: amount,
 * currency, method, card brand and last four). None until payments exist.
 */
export async function listReceipts(_userId: string, _limit?: number): Promise<Receipt[]> {
  return [];
}

/** BILLING: one of the client's receipts, or null when it is not theirs (or does not exist). */
export async function getReceipt(_userId: string, _receiptId: string): Promise<Receipt | null> {
  return null;
}

/** BILLING: the payment methods the gateway stores for the client (brand and last four only). */
export async function listPaymentMethods(_userId: string): Promise<PaymentMethod[]> {
  return [];
}

/** BILLING: detaches a saved payment method at the gateway; false when it is not the client's. */
export async function removePaymentMethod(_userId: string, _paymentMethodId: string): Promise<boolean> {
  return false;
}

/**
 * BILLING: where the tab's buttons lead. Plan selection and adding or changing
 * a card belong to billing's pages (/dashboard2/billing today); point these at
 * the exact sections once they exist.
 */
export const BILLING_LINKS = {
  upgradePlan: "/dashboard2/billing",
  changePaymentMethod: "/dashboard2/billing",
  addPaymentMethod: "/dashboard2/billing",
} as const;

/**
 * BILLING: the client's financial records for the data export (purchases,
 * token ledger, subscriptions, receipts, payment methods as brand and last
 * four, gift cards). Only this client's rows.
 */
export async function exportBillingData(_userId: string): Promise<Record<string, unknown[]>> {
  return { purchases: [], token_ledger: [], subscriptions: [], receipts: [], payment_methods: [], gift_cards: [] };
}

/**
 * BILLING: called inside the account-deletion transaction, after the
 * password check. Should stop renewals (cancel the subscription now), detach
 * saved cards at the gateway and empty the cart. Ledger, purchases and
 * payments are kept: they are financial records, and the user row they point
 * to stays (anonymised), so the ledger stays consistent.
 */
export async function closeBillingForDeletedAccount(_userId: string, _tx: Transaction): Promise<void> {}

// ---------------------------------------------------------------------------

/** Bytes of the files the client uploaded (to any project), against the plan's quota. */
export async function getStorageUsage(userId: string): Promise<{ usedBytes: number; quotaBytes: number }> {
  const [[row], plan] = await Promise.all([
    db().select({ used: sum(projectFiles.size) }).from(projectFiles).where(eq(projectFiles.uploadedBy, userId)),
    getCurrentPlan(userId),
  ]);
  return { usedBytes: Number(row?.used ?? 0), quotaBytes: plan.storageQuotaBytes };
}
