import { SHOP_API_ERRORS, UpdateCartItemSchema } from "~models/billing/shop";
import { getCart, removeCartItem, updateCartItem } from "~models/billing/shop.server";
import {
  apiError,
  API_MESSAGES,
  fieldErrors,
  methodNotAllowed,
  readBody,
  requireApiUser,
  withApiErrors,
} from "~/lib/api.server";
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
      const user = await requireApiUser(request);
      const removed = await removeCartItem(user.id, params.id);
      if (!removed.ok) return apiError(removed.status, removed.message);
      return Response.json({ message: removed.message, cart: await getCart(user.id) });
    });
  }
  if (request.method !== "PUT" && request.method !== "PATCH")
    return methodNotAllowed(request, ["PUT", "DELETE"]);
  return withApiErrors(SHOP_API_ERRORS.updateCartItem, async () => {
    const user = await requireApiUser(request);
    const body = await readBody(request);
    if (!body) return apiError(400, API_MESSAGES.invalidJson);
    const parsed = UpdateCartItemSchema.safeParse(body);
    if (!parsed.success) return Response.json(fieldErrors(parsed.error), { status: 400 });
    const updated = await updateCartItem(user.id, params.id, parsed.data.quantity);
    if (!updated.ok) return apiError(updated.status, updated.message);
    return Response.json({ message: updated.message, cart: await getCart(user.id) });
  });
}
