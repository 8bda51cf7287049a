import { noGateway, setCurrencyGateways, setPaymentGateway, testGateway } from "./payments.server";
import { createRazorpayGateway, forgetRazorpay, type RazorpaySettings } from "./razorpay-gateway.server";
import { createStripeGateway, forgetStripe } from "./stripe-gateway.server";

// Which gateway takes money in this process, chosen from the environment at
// boot (app/lib/env.server.ts, paymentSettings) and by `npm run jobs`:
// docs/decisions/0036-stripe-checkout-and-webhooks.md, and 0080 for Razorpay.

export type PaymentSettings = (
  | { mode: "test" }
  | { mode: "none" }
  | { mode: "stripe"; secretKey: string; webhookSecret: string; apiUrl?: string }
) & {
  /** Razorpay: rupees beside Stripe, or every payment without Stripe (decision 0080). */
  razorpay?: RazorpaySettings | null;
};

/** Installs the gateway the settings name. */
export function configurePayments(settings: PaymentSettings): void {
  if (settings.mode !== "stripe") forgetStripe();
  if (!settings.razorpay) forgetRazorpay();
  setCurrencyGateways({});
  if (settings.mode === "stripe") setPaymentGateway(createStripeGateway(settings));
  else if (settings.mode === "test") setPaymentGateway(testGateway);
  else setPaymentGateway(noGateway);
  if (!settings.razorpay) return;
  const razorpay = createRazorpayGateway(settings.razorpay);
  // Beside Stripe, Razorpay takes the rupees; alone, it takes every payment.
  if (settings.mode === "stripe") setCurrencyGateways({ INR: razorpay });
  else setPaymentGateway(razorpay);
}
