import type { PaymentMode } from "~models/billing/payments";
import type { CheckoutReturn, CheckoutState } from "~models/billing/payments.server";
import { publicBaseUrl } from "./public-url.server";

// Where Stripe's hosted page sends the payer back (docs/decisions/0036): the
// page they paid from, which then shows "payment pending" until the webhook
// confirms. The site's public address (publicBaseUrl: PUBLIC_URL, or the
// request's own origin only when its host is one the site answers to).

export function checkoutReturn(request: Request, path: string): CheckoutReturn {
  const origin = new URL(publicBaseUrl(request)).origin;
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

/**
 * The notices of a payment page, worded here so the browser loads no copy:
 * the banner (test mode, or payments off), the note that replaces our card
 * fields with Stripe, and the state of a checkout the payer came back from.
 */
export function paymentNotices(mode: PaymentMode, checkout: CheckoutState | null, gateway = "stripe") {
  return {
    banner:
      mode === "test"
        ? {
            id: "payments-test-mode",
            text: "Test mode: no real money is taken. Pay with the test card 4242 4242 4242 4242.",
          }
        : mode === "none"
          ? {
              id: "payments-not-set-up",
              text: "Payments are not set up yet, so nothing can be bought here right now. Please try again later.",
            }
          : null,
    hosted:
      mode === "hosted"
        ? {
            id: "hosted-payment",
            text:
              gateway === "razorpay"
                ? // What Razorpay Checkout offers an Indian client (decision 0080).
                  "You pay through Razorpay: UPI, cards, netbanking or wallets. We never see your card or UPI details."
                : "You pay on Stripe's secure page and come back here. We never see your card number.",
          }
        : null,
    checkout: checkout ? { id: "checkout-status", text: checkout.message } : null,
  };
}
