import { expect, test } from "vitest";
import { AddToCartSchema, MAX_CART_QUANTITY, SHOP_MESSAGES, UpdateCartItemSchema } from "./shop";

const quantityError = (schema: typeof AddToCartSchema | typeof UpdateCartItemSchema, quantity: unknown) => {
  const parsed = schema.safeParse({ shop_item_id: "grain-overlay", quantity });
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

test("a cart quantity is a whole number, from JSON or a form, and nothing else is read as one", () => {
  expect(AddToCartSchema.parse({ shop_item_id: "grain-overlay", quantity: 2 }).quantity).toBe(2);
  expect(AddToCartSchema.parse({ shop_item_id: "grain-overlay", quantity: "3" }).quantity).toBe(3);
  expect(AddToCartSchema.parse({ shop_item_id: "grain-overlay" }).quantity).toBe(1);
  expect(UpdateCartItemSchema.parse({ quantity: 0 }).quantity).toBe(0);
  for (const odd of [true, false, [2], ["2"], { n: 2 }, "2.5", 2.5, "", "1e3", "0x10", null]) {
    expect(quantityError(AddToCartSchema, odd), JSON.stringify(odd)).toBe(SHOP_MESSAGES.quantityInvalid);
    expect(quantityError(UpdateCartItemSchema, odd), JSON.stringify(odd)).toBe(SHOP_MESSAGES.quantityInvalid);
  }
  expect(quantityError(AddToCartSchema, MAX_CART_QUANTITY + 1)).toBe(SHOP_MESSAGES.tooMany);
});
