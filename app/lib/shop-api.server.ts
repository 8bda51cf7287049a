import { apiCartChange } from "~models/billing/api";
import { getCart, type CartChange } from "~models/billing/shop.server";
import { apiError } from "./api.server";

/** A change to the cart as the API answers it: {message, cart} with the cart as it now is, or the refusal. */
export async function cartReply(userId: string, change: CartChange, status = 200): Promise<Response> {
  if (!change.ok) return apiError(change.status, change.message);
  return Response.json(apiCartChange(change.message, await getCart(userId)), { status });
}
