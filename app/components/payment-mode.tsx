import type { PaymentMode } from "~models/billing/payments";

// What every payment page says about the gateway in use
// (docs/decisions/0036-stripe-checkout-and-webhooks.md): test payments, no
// payments at all, or Stripe's hosted page, where the card is typed.

const copy = {
  test: "Test mode: no real money is taken. Pay with the test card 4242 4242 4242 4242.",
  none: "Payments are not set up yet, so nothing can be bought here right now. You have not been charged. Please try again later.",
} as const;

/** The banner of a payment page: nothing for a real gateway. */
export function PaymentModeBanner({ mode }: { mode: PaymentMode }) {
  if (mode !== "test" && mode !== "none") return null;
  return (
    <p
      className="rounded-xl border border-yellow/60 bg-yellow/10 px-4 py-3 text-sm"
      data-testid={mode === "test" ? "payments-test-mode" : "payments-not-set-up"}
    >
      <strong className="font-semibold">{mode === "test" ? "Test mode. " : "Payments are off. "}</strong>
      {copy[mode]}
    </p>
  );
}

/**
 * Instead of our card fields when Stripe takes the payment: the card is typed
 * on Stripe's page, never on ours. The key makes a resubmitted form one order.
 */
export function HostedPaymentNote({ idempotencyKey }: { idempotencyKey: string }) {
  return (
    <div className="rounded-2xl border border-border p-5 text-sm text-text-muted">
      <input type="hidden" name="idempotency_key" value={idempotencyKey} />
      You pay on Stripe&rsquo;s secure page and come back here. We never see your card number.
    </div>
  );
}

/** A result page after Stripe's page: paid (confirmed by Stripe), still pending, or cancelled. */
export type CheckoutState = { state: "pending" | "paid" | "cancelled" | "failed"; message: string } | null;

export function CheckoutStatus({ checkout }: { checkout: CheckoutState }) {
  if (!checkout) return null;
  const tone = checkout.state === "paid" ? "border-green/50 bg-green/10" : "border-border bg-surface";
  return (
    <div
      role="status"
      data-testid="checkout-status"
      data-state={checkout.state}
      className={`rounded-xl border px-4 py-3 text-sm ${tone}`}
    >
      {checkout.message}
    </div>
  );
}
