import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { db, type Transaction } from "../platform/db.server";
import { isUuid } from "../platform/ids";
import { rewardReferrerOnce } from "./referral-rewards.server";
import { cartItems, checkouts, purchases, shopItems } from "../schema";
import { currentActor } from "../platform/log.server";
import { SHOP_MESSAGES, MAX_CART_QUANTITY, type CATEGORY_FILTERS } from "./shop";
import { apiCart, apiPurchase, apiShopItem, type CartView } from "./api";
import { getBalance, settleExpiredTokens, spendTokens } from "./tokens.server";
import { queueReceipt, sendReceipt } from "./receipt-email.server";
import { type QueuedEmail } from "../platform/mail.server";
import { capMessage, notifyCapRefusal, type CapRefusal } from "./spending-caps.server";
import { WALLET_MESSAGES } from "./wallet";

// The shop: catalogue, cart, checkout and purchases. Checkout is one
// transaction that locks the client's token balance, spends oldest-first,
// creates the purchases and empties the cart; its idempotency key makes a
// double-submitted form charge once.

export type ShopItemRow = typeof shopItems.$inferSelect;
export type PurchaseRow = typeof purchases.$inferSelect;

export type ShopItemView = ReturnType<typeof apiShopItem>;

async function ownedItemIds(userId: string): Promise<Set<string>> {
  const rows = await db()
    .select({ id: purchases.shopItemId })
    .from(purchases)
    .where(eq(purchases.userId, userId));
  return new Set(rows.map((r) => r.id));
}

/** The catalogue, filtered by category and a search over name and description (any case). */
export async function listShopItems(
  userId: string,
  filters: { category: (typeof CATEGORY_FILTERS)[number]; search: string },
  now = new Date(),
  knownBalance?: Promise<number>,
): Promise<ShopItemView[]> {
  const conditions = [eq(shopItems.isActive, true)];
  if (filters.category !== "all") conditions.push(eq(shopItems.category, filters.category));
  if (filters.search) {
    const pattern = `%${filters.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(shopItems.name, pattern), ilike(shopItems.description, pattern))!);
  }
  // Owned and in-cart ride on each item's row; the balance may come from the request's account summary.
  const [rows, balance] = await Promise.all([
    db()
      .select({
        item: shopItems,
        owned: sql<boolean>`exists (select 1 from purchases p where p.user_id = ${userId} and p.shop_item_id = shop_items.id)`,
        inCart: sql<boolean>`exists (select 1 from cart_items c where c.user_id = ${userId} and c.shop_item_id = shop_items.id)`,
      })
      .from(shopItems)
      .where(and(...conditions))
      .orderBy(asc(shopItems.position)),
    knownBalance ?? getBalance(userId, now),
  ]);
  const owned = new Set(rows.filter((r) => r.owned).map((r) => r.item.id));
  const inCart = new Set(rows.filter((r) => r.inCart).map((r) => r.item.id));
  return rows.map(({ item }) => apiShopItem(item, { owned, balance, inCart }));
}

async function getShopItem(id: string): Promise<ShopItemRow | null> {
  const [row] = await db().select().from(shopItems).where(eq(shopItems.id, id)).limit(1);
  return row ?? null;
}

/** The cart (docs/product.md, "Billing and shop"): items, total_token_price, total_items, can_afford (plus the balance it was judged against). */
export async function getCart(userId: string, now = new Date()): Promise<CartView> {
  // Whether each line is already owned rides on its row.
  const [rows, balance] = await Promise.all([
    db()
      .select({
        line: cartItems,
        item: shopItems,
        owned: sql<boolean>`exists (select 1 from purchases p where p.user_id = ${userId} and p.shop_item_id = cart_items.shop_item_id)`,
      })
      .from(cartItems)
      .innerJoin(shopItems, eq(shopItems.id, cartItems.shopItemId))
      .where(eq(cartItems.userId, userId))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id)),
    getBalance(userId, now),
  ]);
  return apiCart(rows, balance);
}

export type CartChange = { ok: true; message: string } | { ok: false; status: 404 | 409; message: string };

/**
 * Adds an item (or more of it). Blocked when it is already owned, or when the
 * client's tokens do not cover its price (docs/product.md, "Billing and shop", "Error messages").
 */
export async function addToCart(
  userId: string,
  input: { shop_item_id: string; quantity: number },
  now = new Date(),
): Promise<CartChange> {
  const item = await getShopItem(input.shop_item_id);
  if (!item || !item.isActive) return { ok: false, status: 404, message: SHOP_MESSAGES.itemNotFound };
  if ((await ownedItemIds(userId)).has(item.id))
    return { ok: false, status: 409, message: SHOP_MESSAGES.alreadyOwned };
  const balance = await getBalance(userId, now);
  if (item.tokenPrice * input.quantity > balance)
    return {
      ok: false,
      status: 409,
      message: SHOP_MESSAGES.needTokens(item.tokenPrice * input.quantity, balance),
    };
  await db()
    .insert(cartItems)
    .values({ userId, shopItemId: item.id, quantity: input.quantity })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.shopItemId],
      set: {
        quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${MAX_CART_QUANTITY})`,
        updatedAt: now,
      },
    });
  return { ok: true, message: SHOP_MESSAGES.added(item.name, item.tokenPrice) };
}

async function ownLine(userId: string, cartItemId: string) {
  if (!isUuid(cartItemId)) return null;
  const [row] = await db()
    .select({ line: cartItems, name: shopItems.name })
    .from(cartItems)
    .innerJoin(shopItems, eq(shopItems.id, cartItems.shopItemId))
    .where(and(eq(cartItems.id, cartItemId), eq(cartItems.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Sets a line's quantity; 0 or less removes it (docs/product.md, "Billing and shop"). Another client's line is "not found". */
export async function updateCartItem(
  userId: string,
  cartItemId: string,
  quantity: number,
): Promise<CartChange> {
  const found = await ownLine(userId, cartItemId);
  if (!found) return { ok: false, status: 404, message: SHOP_MESSAGES.cartItemNotFound };
  if (quantity <= 0) return removeCartItem(userId, cartItemId);
  await db()
    .update(cartItems)
    .set({ quantity, updatedAt: new Date() })
    .where(and(eq(cartItems.id, cartItemId), eq(cartItems.userId, userId)));
  return { ok: true, message: SHOP_MESSAGES.quantityUpdated(found.name, quantity) };
}

export async function removeCartItem(userId: string, cartItemId: string): Promise<CartChange> {
  const found = await ownLine(userId, cartItemId);
  if (!found) return { ok: false, status: 404, message: SHOP_MESSAGES.cartItemNotFound };
  await db()
    .delete(cartItems)
    .where(and(eq(cartItems.id, cartItemId), eq(cartItems.userId, userId)));
  return { ok: true, message: SHOP_MESSAGES.removed(found.name) };
}

export async function clearCart(userId: string): Promise<CartChange> {
  await db().delete(cartItems).where(eq(cartItems.userId, userId));
  return { ok: true, message: SHOP_MESSAGES.cleared };
}

export type CheckoutResult =
  | {
      ok: true;
      totalSpent: number;
      remaining: number;
      purchaseIds: string[];
      replayed: boolean;
      message: string;
    }
  | {
      ok: false;
      status: 400 | 403 | 409;
      reason: "empty" | "insufficient" | "changed" | "cap";
      message: string;
      total?: number;
      balance?: number;
    };

/**
 * Buys everything in the cart, atomically. One transaction: lock the balance,
 * answer a repeated key with the first result, spend oldest-first (or refuse
 * with the spec's message), create the purchases, empty the cart, and reward
 * a referrer on a first purchase.
 */
export async function checkout(
  userId: string,
  /** actorId: the member who checks out for the organisation (their monthly cap applies; decision 0079); currentActor by default. */
  options: { idempotencyKey?: string; now?: Date; expectedTotal?: number; actorId?: string | null } = {},
): Promise<CheckoutResult> {
  const key = options.idempotencyKey ?? randomUUID();
  const now = options.now ?? new Date();
  let receipt: QueuedEmail[] | null = null;
  let capped: CapRefusal | null = null;
  // Who checks out for the organisation: the request's member unless the caller says (decision 0079).
  const actorId = options.actorId !== undefined ? options.actorId : currentActor();
  const result = await db().transaction(async (tx): Promise<CheckoutResult> => {
    const balance = await settleExpiredTokens(tx, userId, now);
    const [previous] = await tx
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.userId, userId), eq(checkouts.idempotencyKey, key)))
      .limit(1);
    if (previous) return replayCheckout(tx, previous);

    const lines = await tx
      .select({
        id: cartItems.id,
        quantity: cartItems.quantity,
        itemId: shopItems.id,
        name: shopItems.name,
        price: shopItems.tokenPrice,
        maxDownloads: shopItems.maxDownloads,
        active: shopItems.isActive,
      })
      .from(cartItems)
      .innerJoin(shopItems, eq(shopItems.id, cartItems.shopItemId))
      .where(eq(cartItems.userId, userId))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
      .for("update", { of: cartItems });
    // A line for something bought meanwhile (another tab) or withdrawn from sale is dropped, not charged.
    const owned = new Set(
      (await tx.select({ id: purchases.shopItemId }).from(purchases).where(eq(purchases.userId, userId))).map(
        (r) => r.id,
      ),
    );
    const stale = lines.filter((l) => owned.has(l.itemId) || !l.active);
    if (stale.length)
      await tx.delete(cartItems).where(
        inArray(
          cartItems.id,
          stale.map((l) => l.id),
        ),
      );
    const buying = lines.filter((l) => !stale.includes(l));
    if (!buying.length)
      return { ok: false, status: 400, reason: "empty", message: SHOP_MESSAGES.cartEmpty } as const;

    const total = buying.reduce((s, l) => s + l.price * l.quantity, 0);
    // Confirmed from the spend preview: the cart must still cost what the client saw (decision 0049).
    if (options.expectedTotal !== undefined && options.expectedTotal !== total)
      return {
        ok: false,
        status: 409,
        reason: "changed",
        message: WALLET_MESSAGES.cartChanged,
        total,
        balance,
      } as const;
    const names = buying.map((l) => (l.quantity > 1 ? `${l.name} × ${l.quantity}` : l.name)).join(", ");
    const spend = await spendTokens(
      {
        userId,
        amount: total,
        reason: "shop_checkout",
        description: `Shop: ${names}`.slice(0, 300),
        now,
        actorId,
      },
      tx,
    );
    if (!spend.ok && spend.reason === "cap") {
      capped = spend.refusal;
      return {
        ok: false,
        status: 403,
        reason: "cap",
        message: capMessage(spend.refusal),
        total,
        balance,
      } as const;
    }
    if (!spend.ok)
      return {
        ok: false,
        status: 409,
        reason: "insufficient",
        message: SHOP_MESSAGES.insufficient(total, balance),
        total,
        balance,
      } as const;

    const [order] = await tx
      .insert(checkouts)
      .values({
        userId,
        idempotencyKey: key,
        actorId,
        totalTokens: total,
        ledgerId: spend.entry.id,
        balanceAfter: spend.balance,
        createdAt: now,
      })
      .returning();
    const created = await tx
      .insert(purchases)
      .values(
        buying.map((l) => ({
          userId,
          shopItemId: l.itemId,
          checkoutId: order!.id,
          quantity: l.quantity,
          tokensSpent: l.price * l.quantity,
          maxDownloads: l.maxDownloads * l.quantity,
          createdAt: now,
        })),
      )
      .returning({ id: purchases.id });
    await tx.delete(cartItems).where(
      inArray(
        cartItems.id,
        buying.map((l) => l.id),
      ),
    );
    await rewardReferrerOnce(tx, userId, now);
    // The checkout's receipt (email + notification) commits with the spend (decision 0058).
    receipt = await queueReceipt(tx, { kind: "shop", userId, tokens: total, items: names }, { now });
    return {
      ok: true,
      totalSpent: total,
      remaining: spend.balance,
      purchaseIds: created.map((p) => p.id),
      replayed: false,
      message: SHOP_MESSAGES.checkedOut(total, spend.balance),
    } as const;
  });
  await sendReceipt(receipt);
  if (capped) await notifyCapRefusal(capped);
  return result;
}

async function replayCheckout(
  tx: Transaction,
  previous: typeof checkouts.$inferSelect,
): Promise<CheckoutResult> {
  const bought = await tx
    .select({ id: purchases.id })
    .from(purchases)
    .where(eq(purchases.checkoutId, previous.id));
  return {
    ok: true,
    totalSpent: previous.totalTokens,
    remaining: previous.balanceAfter,
    purchaseIds: bought.map((p) => p.id),
    replayed: true,
    message: SHOP_MESSAGES.checkedOut(previous.totalTokens, previous.balanceAfter),
  };
}

export type PurchaseView = ReturnType<typeof apiPurchase>;

/** The client's purchases, newest first. */
export async function listPurchases(userId: string): Promise<PurchaseView[]> {
  const rows = await db()
    .select({ purchase: purchases, item: shopItems })
    .from(purchases)
    .innerJoin(shopItems, eq(shopItems.id, purchases.shopItemId))
    .where(eq(purchases.userId, userId))
    .orderBy(desc(purchases.createdAt), desc(purchases.id));
  return rows.map((r) => apiPurchase(r.purchase, r.item));
}

/** A purchase if it is the client's own; anyone else's is "not found". */
export async function getOwnPurchase(
  userId: string,
  purchaseId: string | undefined,
): Promise<{ purchase: PurchaseRow; item: ShopItemRow } | null> {
  if (!isUuid(purchaseId)) return null;
  const [row] = await db()
    .select({ purchase: purchases, item: shopItems })
    .from(purchases)
    .innerJoin(shopItems, eq(shopItems.id, purchases.shopItemId))
    .where(and(eq(purchases.id, purchaseId), eq(purchases.userId, userId)))
    .limit(1);
  return row ?? null;
}
