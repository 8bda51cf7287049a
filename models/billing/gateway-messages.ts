// What the server says about the gateway and hosted checkouts
// (docs/decisions/0036). Kept apart from payments.ts, which the payment
// forms load in the browser: these words are only ever sent by the server.

export const GATEWAY_MESSAGES = {
  checkoutPaid: (receipt: number) => `Payment received, thank you. Your receipt is #${receipt}.`,
  checkoutPending:
    "Payment pending: we are waiting for Stripe to confirm it. This usually takes a few seconds; reload this page to see it done.",
  checkoutPendingRazorpay:
    "Payment pending: we are waiting for Razorpay to confirm it. This usually takes a few seconds; reload this page to see it done.",
  payOnSiteRazorpay:
    "Payments are taken on our website, through Razorpay: buy this in your dashboard. You have not been charged.",
  checkoutCancelled: "Payment cancelled. You have not been charged.",
  checkoutFailed: "The payment was not completed. You have not been charged; you can try again.",
  payOnSite:
    "Payments are taken on our website, on Stripe's secure page: buy this in your dashboard. You have not been charged.",
  gatewayUnreachable:
    "We could not reach our payment provider. Please try again in a moment; you have not been charged.",
  notSetUp:
    "Payments are not set up yet, so nothing can be bought right now. You have not been charged. Please try again later.",
} as const;
