import type { CheckoutReturn } from "~models/billing/payments.server";
import { getEnv } from "./env.server";

// Where Stripe's hosted page sends the payer back (docs/decisions/0036): the
// page they paid from, which then shows "payment pending" until the webhook
// confirms. PUBLIC_URL when set (the address the outside world uses),
// otherwise the address the request came in on.

export function checkoutReturn(request: Request, path: string): CheckoutReturn {
  const origin = getEnv().PUBLIC_URL ? new URL(getEnv().PUBLIC_URL!).origin : new URL(request.url).origin;
  const at = `${origin}${path}`;
  return {
    successUrl: `${at}?checkout=done&payment={PAYMENT_ID}`,
    cancelUrl: `${at}?checkout=cancelled&payment={PAYMENT_ID}`,
  };
}

/** The return from the hosted page, as the page's loader reads it from its URL. */
export function checkoutParams(request: Request): { paymentId: string | null; cancelled: boolean } {
  const params = new URL(request.url).searchParams;
  if (!params.has("checkout")) return { paymentId: null, cancelled: false };
  return { paymentId: params.get("payment"), cancelled: params.get("checkout") === "cancelled" };
}
