import type { PlanRow, TokenPackageRow } from "./catalog.server";
import { fromMinor, toMinor } from "./payments";
import { formatFileSize, type ShopCategory } from "./shop";
import type { PurchaseRow, ShopItemRow } from "./shop.server";
import type { cartItems, subscriptionPlans, subscriptions } from "../schema";
import { FREE_PLAN } from "./subscriptions";
import type { WithPlan } from "./subscriptions.server";
import { PACKAGE_CURRENCIES, type PackageRegion } from "./token-packages";
import type { LedgerView } from "./tokens.server";

// Billing's REST wire shapes (docs/product.md, "Billing and shop"; decision
// 0069): every object the /api/* billing calls answer is built here, from the
// rows and results the models give, so a field name is written once. Pure: the
// routes and the models that answer in the API's shape call these.

/** A subscription plan (docs/product.md, "Billing and shop"); price in rupees a month (the currency says so). */
export const apiPlan = (row: PlanRow) => ({
  id: row.id,
  name: row.name,
  price: row.price,
  currency: row.currency,
  /** The month's price in each currency (as token packages answer theirs); /api/subscribe takes `region`. */
  prices: { USD: row.prices.us, EUR: row.prices.eu, INR: row.price },
  billing_period: row.billingPeriod,
  features: row.features,
  monthly_tokens: row.monthlyTokens,
  project_limit: row.projectLimit,
  is_popular: row.isPopular,
});

/** A token package (docs/product.md, "Billing and shop"), priced in the region's currency (US dollars unless asked). */
export function apiTokenPackage(
  row: Pick<
    TokenPackageRow,
    "id" | "name" | "tokens" | "bonusTokens" | "prices" | "description" | "isPopular"
  >,
  region: PackageRegion = "us",
) {
  const total = row.tokens + row.bonusTokens;
  const price = row.prices[region];
  return {
    id: row.id,
    name: row.name,
    price,
    currency: PACKAGE_CURRENCIES[region],
    prices: { USD: row.prices.us, EUR: row.prices.eu, INR: row.prices.in },
    tokens: row.tokens,
    bonus_tokens: row.bonusTokens,
    total_tokens: total,
    value_per_token: fromMinor(Math.round(toMinor(price) / total)),
    description: row.description,
    is_popular: row.isPopular,
  };
}

/** A shop item (docs/product.md, "Billing and shop"), for one client. */
export function apiShopItem(
  item: ShopItemRow,
  viewer: { owned: Set<string>; balance: number; inCart?: Set<string> },
) {
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    image: item.image,
    category: item.category as ShopCategory,
    rating: item.ratingTenths / 10,
    file_format: item.fileFormat,
    file_size: formatFileSize(item.fileSize),
    token_price: item.tokenPrice,
    original_price: fromMinor(item.originalPriceCents),
    /** The original price in each region's currency; a client reads theirs (docs/decisions/0059). */
    original_prices: item.originalPrices,
    is_purchased: viewer.owned.has(item.id),
    can_afford: item.tokenPrice <= viewer.balance,
    in_cart: viewer.inCart?.has(item.id) ?? false,
    max_downloads: item.maxDownloads,
  };
}

/** A purchase (docs/product.md, "Billing and shop"). */
export function apiPurchase(purchase: PurchaseRow, item: ShopItemRow) {
  return {
    id: purchase.id,
    shop_item: apiShopItem(item, { owned: new Set([item.id]), balance: 0 }),
    tokens_spent: purchase.tokensSpent,
    quantity: purchase.quantity,
    purchase_date: purchase.createdAt,
    download_count: purchase.downloadCount,
    max_downloads: purchase.maxDownloads,
    can_download: purchase.downloadCount < purchase.maxDownloads,
  };
}

/** The current subscription (docs/product.md, "Billing and shop"): plan (lower-case name), status, end_date; the free tier without one. */
export function apiCurrentSubscription(active: WithPlan | null) {
  if (!active)
    return {
      plan: FREE_PLAN.id,
      plan_id: FREE_PLAN.id,
      status: "active",
      end_date: null,
      cancel_at_period_end: false,
      monthly_tokens: 0,
      project_limit: FREE_PLAN.projectLimit,
    };
  const { subscription: s, plan } = active;
  return {
    id: s.id,
    plan: plan.name.toLowerCase(),
    plan_id: plan.id,
    status: s.status,
    start_date: s.startedAt,
    current_period_start: s.currentPeriodStart,
    end_date: s.currentPeriodEnd,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    monthly_tokens: plan.monthlyTokens,
    project_limit: plan.projectLimit,
  };
}

/** GET /api/token-history/: one object per ledger row. */
export const apiLedgerEntry = (row: LedgerView) => ({
  id: row.id,
  transaction_type: row.kind,
  reason: row.reason,
  amount: row.delta,
  balance_after: row.balanceAfter,
  description: row.description,
  created_at: row.createdAt,
  expires_at: row.expiresAt,
});

/** POST /api/checkout/: what the checkout spent and bought. */
export function apiCheckout(result: {
  totalSpent: number;
  remaining: number;
  message: string;
  purchaseIds: string[];
}) {
  return {
    total_tokens_spent: result.totalSpent,
    remaining_tokens: result.remaining,
    message: result.message,
    purchase_ids: result.purchaseIds,
  };
}

/** POST /api/purchase-tokens/: the tokens added and the new balance. */
export function apiTokenPurchase(result: {
  tokensAdded: number;
  newBalance: number;
  message: string;
  paymentId: string;
}) {
  return {
    tokens_added: result.tokensAdded,
    new_balance: result.newBalance,
    message: result.message,
    payment_id: result.paymentId,
  };
}

/** POST /api/subscribe/: the plan subscribed to. */
export function apiSubscribed(result: { planName: string; message: string; subscriptionId: string }) {
  return { plan_name: result.planName, message: result.message, subscription_id: result.subscriptionId };
}

/** POST /api/cancel-subscription/: when the plan ends. */
export function apiCancelled(result: { message: string; endDate: Date }) {
  return { message: result.message, end_date: result.endDate };
}

/** GET or POST /api/download/{purchaseId}/: the signed link (absolute, against the request's URL) and what is left. */
export function apiDownload(
  started: { url: string; remaining: number; message: string },
  requestUrl: string,
) {
  return {
    download_url: new URL(started.url, requestUrl).toString(),
    downloads_remaining: started.remaining,
    message: started.message,
  };
}

/** A change to the cart (POST /api/cart/, PUT and DELETE /api/cart-item/{id}/): its message and the cart as it now is. */
export function apiCartChange<Cart>(message: string, cart: Cart) {
  return { message, cart };
}

export type CartView = {
  items: { id: string; quantity: number; line_total: number; shop_item: ReturnType<typeof apiShopItem> }[];
  total_token_price: number;
  total_items: number;
  can_afford: boolean;
  balance: number;
};

/**
 * GET /api/cart/ (and the `cart` of every cart change): items, total_token_price, total_items,
 * can_afford (plus the balance it was judged against), from the lines with their items and
 * whether each item is already owned.
 */
export function apiCart(
  rows: Array<{ line: typeof cartItems.$inferSelect; item: ShopItemRow; owned: boolean }>,
  balance: number,
): CartView {
  const owned = new Set(rows.filter((r) => r.owned).map((r) => r.item.id));
  const items = rows.map(({ line, item }) => ({
    id: line.id,
    quantity: line.quantity,
    line_total: line.quantity * item.tokenPrice,
    shop_item: apiShopItem(item, { owned, balance }),
  }));
  const total = items.reduce((s, i) => s + i.line_total, 0);
  return {
    items,
    total_token_price: total,
    total_items: items.reduce((s, i) => s + i.quantity, 0),
    can_afford: items.length > 0 && total <= balance,
    balance,
  };
}

/** GET /api/subscription-history/: one object per subscription, newest first (end_date absent: still on). */
export function apiSubscriptionHistoryEntry({
  subscription: s,
  plan,
}: {
  subscription: typeof subscriptions.$inferSelect;
  plan: typeof subscriptionPlans.$inferSelect;
}) {
  return {
    id: s.id,
    plan: plan.name.toLowerCase(),
    plan_name: plan.name,
    status: s.status,
    start_date: s.startedAt,
    end_date: s.endedAt ?? undefined,
    ends_at_period_end: s.status === "active" && s.cancelAtPeriodEnd ? s.currentPeriodEnd : undefined,
    end_reason: s.endReason ?? undefined,
  };
}
