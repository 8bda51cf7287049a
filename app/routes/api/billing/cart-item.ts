import { SHOP_API_ERRORS, UpdateCartItemSchema } from "~models/billing/shop";
import { removeCartItem, updateCartItem } from "~models/billing/shop.server";
import { apiInput, methodNotAllowed, withApiErrors } from "~/lib/api.server";
import { apiMemberOf } from "~/lib/membership.server";
import { cartReply } from "~/lib/shop-api.server";
import type { Route } from "./+types/cart-item";

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["PUT", "DELETE"]);
}

/**
 * PUT /api/cart-item/{id}/ {quantity} (0 or less removes the line);
 * DELETE /api/cart-item/{id}/. Both answer {message, cart}. Another
 * client's line is 404.
 */
export function action({ request, params }: Route.ActionArgs) {
  if (request.method === "DELETE") {
    return withApiErrors(SHOP_API_ERRORS.removeCartItem, async () => {
      const member = await apiMemberOf(request);
      return cartReply(member.accountId, await removeCartItem(member.accountId, params.id));
    });
  }
  return withApiErrors(SHOP_API_ERRORS.updateCartItem, async () => {
    const { member, input } = await apiInput(request, {
      methods: ["PUT", "PATCH"],
      allow: ["PUT", "DELETE"],
      auth: true,
      schema: UpdateCartItemSchema,
    });
    return cartReply(member.accountId, await updateCartItem(member.accountId, params.id, input.quantity));
  });
}
