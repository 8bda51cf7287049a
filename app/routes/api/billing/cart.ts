import { AddToCartSchema, SHOP_API_ERRORS } from "~models/billing/shop";
import { addToCart, clearCart, getCart } from "~models/billing/shop.server";
import { apiInput, withApiErrors } from "~/lib/api.server";
import { apiMemberOf } from "~/lib/membership.server";
import { cartReply } from "~/lib/shop-api.server";
import type { Route } from "./+types/cart";

/** GET /api/cart/ → {items, total_token_price, total_items, can_afford} */
export function loader({ request }: Route.LoaderArgs) {
  return withApiErrors(SHOP_API_ERRORS.fetchCart, async () => {
    const member = await apiMemberOf(request);
    return Response.json(await getCart(member.accountId));
  });
}

/**
 * POST /api/cart/ {shop_item_id, quantity} → 201 {message, cart}; 409 when
 * already owned or the tokens do not cover it. DELETE /api/cart/ clears it.
 */
export function action({ request }: Route.ActionArgs) {
  if (request.method === "DELETE") {
    return withApiErrors(SHOP_API_ERRORS.clearCart, async () => {
      const member = await apiMemberOf(request);
      return cartReply(member.accountId, await clearCart(member.accountId));
    });
  }
  return withApiErrors(SHOP_API_ERRORS.addToCart, async () => {
    const { member, input } = await apiInput(request, {
      methods: ["POST"],
      allow: ["GET", "POST", "DELETE"],
      auth: true,
      schema: AddToCartSchema,
    });
    return cartReply(member.accountId, await addToCart(member.accountId, input), 201);
  });
}
