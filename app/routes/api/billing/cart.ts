import { AddToCartSchema, SHOP_API_ERRORS } from "~models/billing/shop";
import { addToCart, clearCart, getCart } from "~models/billing/shop.server";
import {
  apiError,
  API_MESSAGES,
  fieldErrors,
  methodNotAllowed,
  readBody,
  requireApiUser,
  withApiErrors,
} from "~/lib/api.server";
import type { Route } from "./+types/cart";

/** GET /api/cart/ → {items, total_token_price, total_items, can_afford} */
export function loader({ request }: Route.LoaderArgs) {
  return withApiErrors(SHOP_API_ERRORS.fetchCart, async () => {
    const user = await requireApiUser(request);
    return Response.json(await getCart(user.id));
  });
}

/**
 * POST /api/cart/ {shop_item_id, quantity} → 201 {message, cart}; 409 when
 * already owned or the tokens do not cover it. DELETE /api/cart/ clears it.
 */
export function action({ request }: Route.ActionArgs) {
  if (request.method === "DELETE") {
    return withApiErrors(SHOP_API_ERRORS.clearCart, async () => {
      const user = await requireApiUser(request);
      const cleared = await clearCart(user.id);
      return Response.json({ message: cleared.message, cart: await getCart(user.id) });
    });
  }
  if (request.method !== "POST") return methodNotAllowed(request, ["GET", "POST", "DELETE"]);
  return withApiErrors(SHOP_API_ERRORS.addToCart, async () => {
    const user = await requireApiUser(request);
    const body = await readBody(request);
    if (!body) return apiError(400, API_MESSAGES.invalidJson);
    const parsed = AddToCartSchema.safeParse(body);
    if (!parsed.success) return Response.json(fieldErrors(parsed.error), { status: 400 });
    const added = await addToCart(user.id, parsed.data);
    if (!added.ok) return apiError(added.status, added.message);
    return Response.json({ message: added.message, cart: await getCart(user.id) }, { status: 201 });
  });
}
