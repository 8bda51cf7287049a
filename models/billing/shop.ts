import { z } from "zod";
import { IdempotencyKey } from "./payments";

// The shop's pure rules and words: categories, cart limits, the product's alerts
// (docs/product.md, "Error messages"; word for word) and the API's default errors.

export { CATEGORY_FILTERS, CATEGORY_LABELS, SHOP_CATEGORIES, type ShopCategory } from "./shop-categories";
import { CATEGORY_FILTERS } from "./shop-categories";

/** A cart line holds at most this many licences of one item. */
export const MAX_CART_QUANTITY = 10;
/** Downloads per purchased licence when an item does not say otherwise. */
export const DEFAULT_MAX_DOWNLOADS = 3;
/** A signed download link works this long (and only for the purchase's owner). */
export const DOWNLOAD_LINK_TTL_MS = 5 * 60 * 1000;

export const SHOP_MESSAGES = {
  alreadyOwned: "You already own this item!",
  needTokens: (price: number, balance: number) =>
    `You need ${price} Creative Tokens to purchase this item. You currently have ${balance} tokens.`,
  insufficient: (total: number, balance: number) =>
    `Insufficient Creative Tokens! You need ${total} tokens but have ${balance} tokens.`,
  added: (item: string, price: number) => `${item} added to cart for ${price} Creative Tokens!`,
  checkedOut: (spent: number, remaining: number) =>
    `Checkout successful! You spent ${spent} Creative Tokens and now have ${remaining} tokens remaining.`,
  /** A checkout's receipt goes by email and notification (decision 0058); the order page says so. */
  receiptSent: "Your receipt is in your email and your notifications.",
  downloadStarted: (remaining: number) => `Download started! Downloads remaining: ${remaining}.`,
  downloadLimitReached: "Download Limit Reached",
  /** A GET never spends a download: only a POST starts one. */
  downloadNeedsPost:
    "Start a download with POST /api/download/{purchaseId}/, or a GET with your API token (Authorization: Token): " +
    "a GET with only a session cookie never counts one of your downloads.",
  // Ours, where the spec is silent.
  itemNotFound: "Shop item not found",
  cartItemNotFound: "Cart item not found",
  purchaseNotFound: "Purchase not found",
  cartEmpty: "Your cart is empty.",
  quantityUpdated: (item: string, quantity: number) => `${item}: quantity updated to ${quantity}.`,
  removed: (item: string) => `${item} removed from your cart.`,
  cleared: "Your cart is empty now.",
  quantityInvalid: `Enter a whole number up to ${MAX_CART_QUANTITY}.`,
  tooMany: `You can have at most ${MAX_CART_QUANTITY} of one item in your cart.`,
  linkExpired: "This download link has expired. Start the download again from My Purchases.",
} as const;

/** The product's default error texts (docs/product.md, "Error messages") of the shop calls. */
export const SHOP_API_ERRORS = {
  fetchItems: "Failed to fetch shop items",
  fetchPurchases: "Failed to fetch purchases",
  download: "Failed to download item",
  fetchCart: "Failed to fetch cart",
  addToCart: "Failed to add item to cart",
  updateCartItem: "Failed to update cart item",
  removeCartItem: "Failed to remove cart item",
  clearCart: "Failed to clear cart",
  checkout: "Checkout failed",
} as const;

/** ?category= and ?search= of the shop (page and API); anything unknown is "all". */
export function parseShopFilters(params: URLSearchParams): {
  category: (typeof CATEGORY_FILTERS)[number];
  search: string;
} {
  const category = CATEGORY_FILTERS.find((c) => c === params.get("category")) ?? "all";
  return { category, search: (params.get("search") ?? "").trim().slice(0, 100) };
}

/** Digits as a form sends them ("2"); JSON sends a number. */
const DIGITS = /^\s*[+-]?\d+\s*$/;

/**
 * A whole number from JSON (2) or a form ("2"), at least `min`. Nothing else
 * is coerced: `true` is not 1 and `[2]` is not 2, they are refused.
 */
const quantity = (min: number) =>
  z.preprocess(
    (value) => (typeof value === "string" && DIGITS.test(value) ? Number(value) : value),
    z
      .number({ error: SHOP_MESSAGES.quantityInvalid })
      .int(SHOP_MESSAGES.quantityInvalid)
      .min(min, SHOP_MESSAGES.quantityInvalid)
      .max(MAX_CART_QUANTITY, SHOP_MESSAGES.tooMany),
  );

/** POST /api/cart/ {shop_item_id, quantity}; quantity defaults to 1. */
export const AddToCartSchema = z.object({
  shop_item_id: z
    .string({ error: SHOP_MESSAGES.itemNotFound })
    .trim()
    .min(1, SHOP_MESSAGES.itemNotFound)
    .max(80, SHOP_MESSAGES.itemNotFound),
  quantity: quantity(1).optional().default(1),
});

/** PUT /api/cart-item/{id}/ {quantity}: 0 or less removes the line (docs/product.md, "Billing and shop"). */
export const UpdateCartItemSchema = z.object({ quantity: quantity(-1_000_000) });

export const CheckoutSchema = z.object({
  idempotency_key: IdempotencyKey.optional(),
  /** The total the client confirmed from the spend preview; a cart that costs anything else is not checked out. */
  expected_total: z.coerce.number().int().positive().max(1_000_000).optional(),
});

/** "12.4 KB": sizes as people read them. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}
