import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { db } from "../platform/db.server";
import { gatewayCustomers } from "../schema";
import type { PaymentGateway } from "./payments.server";

// Stripe as the payment gateway (docs/decisions/0036-stripe-checkout-and-webhooks.md).
// Our pages post to our actions, which open a Checkout Session for the
// pending payments row and send the payer to Stripe's hosted page (no card
// number ever reaches us); Stripe's signed webhooks confirm, and only then is
// the order fulfilled (stripe-webhooks.server.ts). Plans are Stripe Billing
// subscriptions: Stripe renews them and retries failed renewals.

export type StripeSettings = { secretKey: string; webhookSecret: string; apiUrl?: string };

let current: { client: Stripe; webhookSecret: string; pageOrigins: string[] } | null = null;

/**
 * Where our native form posts are redirected to (Checkout, the Customer
 * Portal): the pages' form-action policy must allow them. Empty without Stripe.
 */
export function hostedPaymentOrigins(): string[] {
  return current?.pageOrigins ?? [];
}

/** The SDK client, pointed at Stripe or (STRIPE_API_URL) at a local double in tests. */
function createStripeClient(settings: StripeSettings): Stripe {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === "https:" ? 443 : 80),
          protocol: api.protocol === "https:" ? "https" : "http",
        }
      : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
}

/** Another gateway was installed: Stripe's webhooks and pages are off. */
export function forgetStripe(): void {
  current = null;
}

/** The Stripe client and webhook secret of this process, when Stripe is the gateway. */
export function stripeSetup(): { client: Stripe; webhookSecret: string } | null {
  return current;
}

/** The client's Stripe customer, created once (Stripe's idempotency key covers two processes at once). */
async function customerFor(stripe: Stripe, userId: string, email: string | null): Promise<string> {
  const [known] = await db()
    .select({ customerId: gatewayCustomers.customerId })
    .from(gatewayCustomers)
    .where(eq(gatewayCustomers.userId, userId));
  if (known) return known.customerId;
  const customer = await stripe.customers.create(
    { ...(email ? { email } : {}), metadata: { user_id: userId } },
    { idempotencyKey: `customer-${userId}` },
  );
  await db()
    .insert(gatewayCustomers)
    .values({ userId, gateway: "stripe", customerId: customer.id })
    .onConflictDoNothing();
  const [row] = await db()
    .select({ customerId: gatewayCustomers.customerId })
    .from(gatewayCustomers)
    .where(eq(gatewayCustomers.userId, userId));
  return row!.customerId;
}

/** The Stripe customer of a client, if they ever paid through Stripe (for the Customer Portal). */
async function stripeCustomerOf(userId: string): Promise<string | null> {
  const [row] = await db()
    .select({ customerId: gatewayCustomers.customerId })
    .from(gatewayCustomers)
    .where(eq(gatewayCustomers.userId, userId));
  return row?.customerId ?? null;
}

/** Stripe's Customer Portal for the client's saved cards and invoices; null without a customer. */
export async function customerPortalUrl(userId: string, returnUrl: string): Promise<string | null> {
  const stripe = current?.client;
  const customer = stripe ? await stripeCustomerOf(userId) : null;
  if (!stripe || !customer) return null;
  const session = await stripe.billingPortal.sessions.create({ customer, return_url: returnUrl });
  return session.url;
}

export function createStripeGateway(settings: StripeSettings): PaymentGateway {
  const stripe = createStripeClient(settings);
  current = {
    client: stripe,
    webhookSecret: settings.webhookSecret,
    pageOrigins: settings.apiUrl
      ? [new URL(settings.apiUrl).origin]
      : ["https://checkout.stripe.com", "https://billing.stripe.com"],
  };
  return {
    name: "stripe",
    async startCheckout({ payment, mode, userId, email, successUrl, cancelUrl }) {
      const customer = userId ? await customerFor(stripe, userId, email) : null;
      const metadata = { payment_id: payment.id, ...(userId ? { user_id: userId } : {}) };
      const line = {
        quantity: 1,
        price_data: {
          currency: payment.currency.toLowerCase(),
          // The seeded price the page showed, in minor units: never a price from the form.
          unit_amount: payment.amountMinor,
          product_data: { name: payment.description },
          ...(mode === "subscription" ? { recurring: { interval: "month" as const } } : {}),
        },
      };
      const session = await stripe.checkout.sessions.create(
        {
          mode,
          line_items: [line],
          client_reference_id: payment.id,
          metadata,
          success_url: successUrl,
          cancel_url: cancelUrl,
          ...(customer ? { customer } : email ? { customer_email: email } : {}),
          ...(mode === "subscription"
            ? { subscription_data: { metadata } }
            : {
                payment_intent_data: { metadata },
                // Signed-in clients may keep the card with Stripe for next time (docs/decisions/0023).
                ...(customer
                  ? { saved_payment_method_options: { payment_method_save: "enabled" as const } }
                  : {}),
              }),
        },
        // One session per payment row, however often our action runs for it.
        { idempotencyKey: `checkout-${payment.id}-${payment.createdAt.getTime()}` },
      );
      if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`);
      return { sessionId: session.id, url: session.url };
    },
    async openCheckoutUrl(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      return session.status === "open" ? session.url : null;
    },
    async refund({ payment, amountMinor, refundId }) {
      let paymentIntent = payment.gatewayPaymentIntent;
      if (!paymentIntent && payment.gatewayReference?.startsWith("in_")) {
        // A plan's invoice: its payment is the invoice's PaymentIntent.
        const invoice = await stripe.invoices.retrieve(payment.gatewayReference, { expand: ["payments"] });
        const paid = invoice.payments?.data.find((p) => p.payment.type === "payment_intent");
        const intent = paid?.payment.payment_intent;
        paymentIntent = typeof intent === "string" ? intent : (intent?.id ?? null);
      }
      if (!paymentIntent) return { ok: false, message: "Stripe has no charge for this payment to refund." };
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: amountMinor,
            metadata: { payment_id: payment.id, refund_id: refundId },
          },
          { idempotencyKey: `refund-${refundId}` },
        );
        if (refund.status === "failed" || refund.status === "canceled")
          return { ok: false, message: `Stripe refused the refund (${refund.status}).` };
        return { ok: true, reference: refund.id };
      } catch (error) {
        return { ok: false, message: (error as Error).message };
      }
    },
    async setCancelAtPeriodEnd(id, cancel) {
      await stripe.subscriptions.update(id, { cancel_at_period_end: cancel });
    },
    async cancelSubscriptionNow(id) {
      await stripe.subscriptions.cancel(id);
    },
  };
}
