import { and, asc, desc, eq, or, sql, sum } from "drizzle-orm";
import type {
  MoneyAmount,
  PaymentMethod,
  PlanSummary,
  Receipt,
  ReceiptKind,
} from "../billing/account-billing";
import { getBillingSettings } from "../billing/billing-content.server";
import { getTokenUsage, tokenUsageForRequest } from "./dashboard.server";
import { accountSummaryForRequest } from "./account-summary.server";
import { oncePerRequest } from "../platform/per-request";
import { db, queryRows, type Transaction } from "../platform/db.server";
import { formatGiftCode } from "../billing/gift-cards.server";
import { isUuid } from "../platform/ids";
import { readListPage } from "../platform/paging.server";
import {
  detachAllPaymentMethods,
  detachAtGateway,
  detachPaymentMethod,
  listSavedCards,
} from "../billing/payment-methods.server";
import {
  cartItems,
  giftCards,
  paymentMethods,
  payments,
  projectFiles,
  purchases,
  shopItems,
  subscriptionPlans,
  subscriptions,
  tokenLedger,
} from "../schema";
import { FREE_PLAN } from "../billing/subscriptions";
import { formatRegionPrice, planPrices, type Region } from "../billing/currency";
import { clientRegion, regionForRequest } from "../billing/currency.server";
import { getActiveSubscription, type WithPlan } from "../billing/subscriptions.server";
import { MEGABYTE } from "../platform/uploads";

// Manage account's view of billing (docs/decisions/0020 and 0023): the plan,
// what the client spent, receipts, saved cards, the billing part of the data
// export and what account deletion closes. Pages, the export and the deletion
// call only these names; the data comes from billing's tables.

/** Storage for accounts without a paid plan; plans set theirs in seeds/billing.json (storage.planQuotaGb). */
export const FREE_STORAGE_QUOTA_BYTES = 1024 * MEGABYTE;
const GIGABYTE = 1024 * MEGABYTE;

/**
 * The client's current plan: the active subscription (the same one GET
 * /api/profile/'s current_plan names), its price, period end,
 * cancel-at-period-end and the plan's storage quota; the free tier without one.
 */
export async function getCurrentPlan(
  userId: string,
  knownActive?: Promise<WithPlan | null>,
  knownRegion?: Promise<Region>,
): Promise<PlanSummary> {
  const active = await (knownActive ?? getActiveSubscription(userId));
  if (!active)
    return {
      slug: FREE_PLAN.id,
      name: FREE_PLAN.name,
      priceLabel: null,
      periodEnd: null,
      cancelAtPeriodEnd: false,
      storageQuotaBytes: FREE_STORAGE_QUOTA_BYTES,
    };
  const { plan, subscription } = active;
  const quotaGb = (await getBillingSettings()).storage.planQuotaGb[plan.id];
  // The price the client pays, in their one currency (docs/decisions/0059).
  const region = await (knownRegion ?? clientRegion(userId, null).then((d) => d.region));
  return {
    slug: plan.name.toLowerCase(),
    name: plan.name,
    priceLabel: plan.price > 0 ? `${formatRegionPrice(planPrices(plan), region)}/month` : null,
    periodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    storageQuotaBytes: quotaGb ? Math.round(quotaGb * GIGABYTE) : FREE_STORAGE_QUOTA_BYTES,
  };
}

/**
 * Everything the client has spent: tokens (the ledger's spends: shop
 * checkouts and projects; a staff deduction is a correction, not spending,
 * an expiry or a refund's take-back is not spending either) and money
 * (successful payments less their refunds, one amount per currency). The Dashboard's "Total spent" card.
 */
export async function getTotalSpent(userId: string): Promise<{ tokens: number; money: MoneyAmount[] }> {
  // One statement: the tokens spent and the money paid per currency, each a subquery.
  const [row] = await queryRows<{ tokens: number; money: MoneyAmount[] }>(sql`select
      (select coalesce(sum(-${tokenLedger.delta}), 0)::int from ${tokenLedger}
        where ${and(
          eq(tokenLedger.userId, userId),
          eq(tokenLedger.kind, "spend"),
          // Nor is a refund's take-back: those tokens came back with the money (decision 0058).
          sql`${tokenLedger.reason} not in ('staff_adjustment', 'refund')`,
        )}) as tokens,
      -- What was paid less what was refunded, per currency.
      (select coalesce(json_agg(json_build_object(
          'currency', m.currency, 'amountMinor', m.amount_minor) order by m.currency), '[]'::json)
        from (select ${payments.currency} as currency,
            sum(${payments.amountMinor} - ${payments.refundedMinor})::int as amount_minor
          from ${payments} where ${and(eq(payments.userId, userId), eq(payments.status, "succeeded"))}
          group by ${payments.currency}) m) as money`);
  return {
    tokens: row?.tokens ?? 0,
    money: (row?.money ?? []).flatMap((m) =>
      m.amountMinor > 0 ? [{ amountMinor: m.amountMinor, currency: m.currency }] : [],
    ),
  };
}

/**
 * Tokens granted and spent this period, from the ledger: the active
 * subscription's current period, or the calendar month (UTC) without one.
 * The same numbers as the /dashboard2 top bar (getTokenUsage).
 */
export function getTokensThisPeriod(userId: string, now = new Date()) {
  return getTokenUsage(userId, now);
}

/**
 * getCurrentPlan once per request, from the request's account summary: the
 * Manage account sidebar and the tab under it share one read.
 */
export const currentPlanForRequest = oncePerRequest((request, userId: string) =>
  getCurrentPlan(
    userId,
    accountSummaryForRequest(request, userId).then((summary) => summary.active),
    regionForRequest(request, userId).then((decision) => decision.region),
  ),
);

/** getTokensThisPeriod from the request's account summary. */
export const tokensThisPeriodForRequest = tokenUsageForRequest;

const RECEIPT_KINDS: Record<string, ReceiptKind> = {
  token_package: "token_purchase",
  subscription: "subscription",
  gift_card: "gift_card",
  proposal_deposit: "proposal_deposit",
  proposal_balance: "proposal_balance",
};

/** The receipt number people quote: the payment's number, as billing's pages and the ledger show it. */
const receiptNumber = (n: number) => `#${n}`;

type PaymentRow = typeof payments.$inferSelect;
function toReceipt(p: PaymentRow): Receipt {
  return {
    id: p.id,
    number: receiptNumber(p.number),
    issuedAt: p.completedAt ?? p.createdAt,
    kind: RECEIPT_KINDS[p.kind] ?? "token_purchase",
    description: p.description,
    amountMinor: p.amountMinor,
    currency: p.currency,
    status: p.refundedMinor >= p.amountMinor ? "Refunded" : "Paid",
    method: p.method,
    cardBrand: p.cardBrand,
    cardLast4: p.cardLast4,
    refundedMinor: p.refundedMinor,
  };
}

/** The client's receipts, newest first: one per successful payment (token purchase, subscription charge, gift card). */
export async function listReceipts(userId: string, limit?: number): Promise<Receipt[]> {
  const query = db()
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, "succeeded")))
    .orderBy(desc(payments.createdAt), desc(payments.number));
  return (await (limit ? query.limit(limit) : query)).map(toReceipt);
}

/** One page of the client's receipts ("View All"), newest first, with the count. */
export function listReceiptsPage(userId: string, requestedPage: number, size: number) {
  const theirs = and(eq(payments.userId, userId), eq(payments.status, "succeeded"));
  return readListPage(
    requestedPage,
    size,
    async () =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(payments)
          .where(theirs)
      )[0]?.n ?? 0,
    async (limit, offset) =>
      (
        await db()
          .select()
          .from(payments)
          .where(theirs)
          .orderBy(desc(payments.createdAt), desc(payments.number))
          .limit(limit)
          .offset(offset)
      ).map(toReceipt),
  );
}

/** One of the client's receipts, or null when it is not theirs, not paid, or does not exist. */
export async function getReceipt(userId: string, receiptId: string): Promise<Receipt | null> {
  if (!isUuid(receiptId)) return null;
  const [row] = await db()
    .select()
    .from(payments)
    .where(and(eq(payments.id, receiptId), eq(payments.userId, userId), eq(payments.status, "succeeded")))
    .limit(1);
  return row ? toReceipt(row) : null;
}

/** The cards the gateway stores for the client (brand, last four, expiry), the default first. */
export async function listPaymentMethods(userId: string): Promise<PaymentMethod[]> {
  return listSavedCards(userId);
}

/** Removes one of the client's saved cards (detached at the gateway); another client's card is "not found". */
export function removePaymentMethod(userId: string, paymentMethodId: string) {
  return detachPaymentMethod(userId, paymentMethodId);
}

/** Where the tab's buttons lead: billing's plan selection, and the saved-cards page. */
export const BILLING_LINKS = {
  upgradePlan: "/dashboard2/billing#plans-title",
  changePaymentMethod: "/manageaccount/billing/payment-methods",
  addPaymentMethod: "/manageaccount/billing/payment-methods#add-card",
} as const;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * The client's financial records for the data export: purchases, token
 * ledger, subscriptions, receipts, saved cards (brand, last four, expiry) and
 * gift cards bought or redeemed. Only this client's rows, and nothing that
 * names another person except what the client typed themselves (a gift's recipient).
 */
export async function exportBillingData(userId: string): Promise<Record<string, unknown[]>> {
  const [purchaseRows, ledgerRows, subscriptionRows, receipts, cards, gifts] = await Promise.all([
    db()
      .select({ purchase: purchases, item: shopItems.name })
      .from(purchases)
      .innerJoin(shopItems, eq(shopItems.id, purchases.shopItemId))
      .where(eq(purchases.userId, userId))
      .orderBy(asc(purchases.createdAt)),
    db()
      .select()
      .from(tokenLedger)
      .where(eq(tokenLedger.userId, userId))
      .orderBy(asc(tokenLedger.createdAt), asc(tokenLedger.balanceAfter)),
    db()
      .select({ subscription: subscriptions, plan: subscriptionPlans.name })
      .from(subscriptions)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
      .where(eq(subscriptions.userId, userId))
      .orderBy(asc(subscriptions.startedAt)),
    listReceipts(userId),
    db()
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, userId))
      .orderBy(asc(paymentMethods.createdAt)),
    db()
      .select()
      .from(giftCards)
      .where(or(eq(giftCards.purchaserId, userId), eq(giftCards.redeemedBy, userId)))
      .orderBy(asc(giftCards.createdAt)),
  ]);
  return {
    purchases: purchaseRows.map(({ purchase: p, item }) => ({
      id: p.id,
      item,
      shop_item_id: p.shopItemId,
      quantity: p.quantity,
      tokens_spent: p.tokensSpent,
      download_count: p.downloadCount,
      max_downloads: p.maxDownloads,
      created_at: iso(p.createdAt),
      last_downloaded_at: iso(p.lastDownloadedAt),
    })),
    token_ledger: ledgerRows.map((e) => ({
      kind: e.kind,
      reason: e.reason,
      amount: e.delta,
      balance_after: e.balanceAfter,
      description: e.description,
      created_at: iso(e.createdAt),
    })),
    subscriptions: subscriptionRows.map(({ subscription: s, plan }) => ({
      plan,
      status: s.status,
      started_at: iso(s.startedAt),
      current_period_start: iso(s.currentPeriodStart),
      current_period_end: iso(s.currentPeriodEnd),
      cancel_at_period_end: s.cancelAtPeriodEnd,
      cancelled_at: iso(s.cancelledAt),
      ended_at: iso(s.endedAt),
      end_reason: s.endReason,
      card_brand: s.cardBrand,
      card_last4: s.cardLast4,
    })),
    receipts: receipts.map((r) => ({
      id: r.id,
      number: r.number,
      kind: r.kind,
      description: r.description,
      amount_minor: r.amountMinor,
      currency: r.currency,
      status: r.status,
      method: r.method,
      card_brand: r.cardBrand,
      card_last4: r.cardLast4,
      issued_at: iso(r.issuedAt),
    })),
    payment_methods: cards.map((c) => ({
      brand: c.brand,
      last4: c.last4,
      exp_month: c.expMonth,
      exp_year: c.expYear,
      is_default: c.isDefault,
      created_at: iso(c.createdAt),
      removed_at: iso(c.detachedAt),
    })),
    gift_cards: gifts.map((g) =>
      g.purchaserId === userId
        ? {
            relation: g.redeemedBy === userId ? "bought and redeemed" : "bought",
            code: formatGiftCode(g.code),
            amount: g.amount,
            currency: g.currency,
            recipient_name: g.recipientName,
            recipient_email: g.recipientEmail,
            message: g.message,
            deliver_on: g.deliverOn,
            delivered_at: iso(g.deliveredAt),
            expires_at: iso(g.expiresAt),
            redeemed: g.redeemedAt !== null,
            redeemed_at: g.redeemedBy === userId ? iso(g.redeemedAt) : null,
            tokens_granted: g.redeemedBy === userId ? g.tokensGranted : null,
            created_at: iso(g.createdAt),
          }
        : {
            relation: "redeemed",
            amount: g.amount,
            currency: g.currency,
            redeemed_at: iso(g.redeemedAt),
            tokens_granted: g.tokensGranted,
          },
    ),
  };
}

/**
 * Inside the account-deletion transaction, after the password check: the
 * subscription ends now (nothing renews), saved cards are detached and the
 * cart is emptied. Ledger, purchases and payments are kept: they are
 * financial records (the privacy policy keeps invoices for tax law), and the
 * user row they point to stays (anonymised), so the ledger stays consistent.
 * Returns the gateway references to forget once the transaction has committed
 * (finishBillingForDeletedAccount).
 */
export async function closeBillingForDeletedAccount(userId: string, tx: Transaction): Promise<string[]> {
  const now = new Date();
  await tx
    .update(subscriptions)
    .set({
      status: "ended",
      endedAt: now,
      endReason: "cancelled",
      cancelledAt: sql`coalesce(${subscriptions.cancelledAt}, ${now})`,
      cancelAtPeriodEnd: true,
      paymentMethodToken: null,
    })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, "active")));
  await tx.delete(cartItems).where(eq(cartItems.userId, userId));
  return detachAllPaymentMethods(tx, userId);
}

/** After the deletion committed: the gateway forgets the saved cards. */
export function finishBillingForDeletedAccount(references: string[]): Promise<void> {
  return detachAtGateway(references);
}

/** Bytes of the files the client uploaded (to any project), against the plan's quota. */
export async function getStorageUsage(
  userId: string,
  knownPlan?: Promise<PlanSummary>,
): Promise<{ usedBytes: number; quotaBytes: number }> {
  const [[row], plan] = await Promise.all([
    db()
      .select({ used: sum(projectFiles.size) })
      .from(projectFiles)
      .where(eq(projectFiles.uploadedBy, userId)),
    knownPlan ?? getCurrentPlan(userId),
  ]);
  return { usedBytes: Number(row?.used ?? 0), quotaBytes: plan.storageQuotaBytes };
}
