import { and, asc, eq } from "drizzle-orm";
import { db } from "../platform/db.server";
import { checkouts, purchases, shopItems } from "../schema";
import { SHOP_MESSAGES } from "./shop";
import { apiPurchase } from "./api";
import type { CheckoutReceipt } from "./receipts.server";
import { isUuid } from "../platform/ids";

/**
 * A checkout the client completed, found by the key its confirm form carried
 * (the page after the post reads it, so a reload shows the same order and
 * spends nothing): what it cost, the balance after and what it bought, with
 * each purchase's downloads. Another client's key is "not found".
 */
export async function getCompletedCheckout(userId: string, idempotencyKey: string) {
  if (!idempotencyKey) return null;
  const [order] = await db()
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), eq(checkouts.idempotencyKey, idempotencyKey)))
    .limit(1);
  if (!order) return null;
  const bought = await db()
    .select({ purchase: purchases, item: shopItems })
    .from(purchases)
    .innerJoin(shopItems, eq(shopItems.id, purchases.shopItemId))
    .where(eq(purchases.checkoutId, order.id))
    .orderBy(asc(purchases.createdAt), asc(purchases.id));
  return {
    id: order.id,
    message: SHOP_MESSAGES.checkedOut(order.totalTokens, order.balanceAfter),
    totalTokens: order.totalTokens,
    purchases: bought.map((r) => apiPurchase(r.purchase, r.item)),
  };
}

/** The receipt of one of the client's checkouts; another client's, or none, is null ("not found"). */
export async function getCheckoutReceipt(
  userId: string,
  checkoutId: string,
): Promise<CheckoutReceipt | null> {
  if (!isUuid(checkoutId)) return null;
  const [order] = await db()
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.userId, userId)))
    .limit(1);
  if (!order) return null;
  const lines = await db()
    .select({ name: shopItems.name, quantity: purchases.quantity, tokens: purchases.tokensSpent })
    .from(purchases)
    .innerJoin(shopItems, eq(shopItems.id, purchases.shopItemId))
    .where(eq(purchases.checkoutId, order.id))
    .orderBy(asc(purchases.createdAt), asc(purchases.id));
  return {
    number: `Order ${order.id.slice(0, 8).toUpperCase()}`,
    issuedAt: order.createdAt,
    lines,
    totalTokens: order.totalTokens,
    balanceAfter: order.balanceAfter,
  };
}
