import { noGateway, setPaymentGateway, testGateway } from "./payments.server";
import { createStripeGateway, forgetStripe } from "./stripe-gateway.server";

// Which gateway takes money in this process, chosen from the environment at
// boot (app/lib/env.server.ts, paymentSettings) and by `npm run jobs`:
// docs/decisions/0036-stripe-checkout-and-webhooks.md.

export type PaymentSettings =
  | { mode: "test" }
  | { mode: "none" }
  | { mode: "stripe"; secretKey: string; webhookSecret: string; apiUrl?: string };

/** Installs the gateway the settings name. */
export function configurePayments(settings: PaymentSettings): void {
  if (settings.mode !== "stripe") forgetStripe();
  if (settings.mode === "stripe") setPaymentGateway(createStripeGateway(settings));
  else if (settings.mode === "test") setPaymentGateway(testGateway);
  else setPaymentGateway(noGateway);
}
