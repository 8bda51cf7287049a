import { REGIONS } from "./currency";
import { z } from "zod";
import { IdempotencyKey, PaymentFields, withCard } from "./payments";

// Subscription rules that need no database: billing periods, the free tier,
// and the product's words (docs/product.md, "Error messages"), word for word.

/**
 * The same day next month in UTC, or the month's last day when it has no
 * such day (31 Jan → 28/29 Feb), keeping the time of day.
 */
export function addMonth(date: Date, months = 1): Date {
  const target = new Date(
    Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth() + months,
      1,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

/**
 * A client without a subscription is on the free tier: no monthly tokens and
 * one active project at a time (the smallest plan's limit; see decision 0013).
 */
export const FREE_PLAN = { id: "free", name: "Free", projectLimit: 1 } as const;

/**
 * Where a plan is bought: its checkout in the dashboard. A visitor who is not
 * signed in is sent from there to /login?redirectTo=<this path> and back.
 */
export function planCheckoutPath(planId: string): string {
  return `/dashboard2/billing/plans/${encodeURIComponent(planId)}`;
}

/** How many missed periods one renewal run catches up on; the next run continues. */
export const MAX_RENEWALS_PER_RUN = 12;

export const SUBSCRIPTION_MESSAGES = {
  subscribed: (plan: string) => `Successfully subscribed to ${plan}! Your plan is now active.`,
  cancelled:
    "Subscription cancelled successfully. You will have access until the end of your billing period.",
  cancelConfirm:
    "Are you sure you want to cancel your subscription? You will lose access to premium features at the end of your billing period.",
  // Ours, where the spec is silent.
  planInvalid: "Choose one of our plans.",
  alreadySubscribed: (plan: string) => `You are already subscribed to ${plan}.`,
  nothingToCancel: "You have no paid plan to cancel.",
  alreadyCancelled: "Your plan is already set to end at the end of this billing period.",
  gatewayUnreachable:
    "We could not reach our payment provider, so nothing has changed. Please try again in a moment.",
  endsForGood: (plan: string, ends: string) =>
    `Your ${plan} plan is paid through Razorpay, which cannot take back a cancellation: it ends on ${ends}. Choose the plan again after that date to carry on.`,
  cancelForGood:
    "Plans paid through Razorpay cannot be kept once cancelled: to carry on after the end of this period you would subscribe again.",
  keepNeedsCard: (plan: string) =>
    `The card your ${plan} plan renewed with has been removed. Add a card under Payment methods, then keep your plan.`,
} as const;

/** The product's default error texts (docs/product.md, "Error messages") of the subscription calls. */
export const SUBSCRIPTION_API_ERRORS = {
  fetchPlans: "Failed to fetch subscription plans",
  fetchCurrent: "Failed to fetch current subscription",
  subscribe: "Failed to subscribe to plan",
  cancel: "Failed to cancel subscription",
  fetchHistory: "Failed to fetch subscription history",
} as const;

/**
 * POST /api/subscribe/ {plan_id, payment_method_id (default null)} and the
 * subscribe page. payment_method_id names an earlier receipt whose card is
 * charged again; otherwise card fields (required on the page, optional in the API).
 */
export const subscribeFields = z.object({
  plan_id: z
    .string({ error: SUBSCRIPTION_MESSAGES.planInvalid })
    .trim()
    .min(1, SUBSCRIPTION_MESSAGES.planInvalid)
    .max(60, SUBSCRIPTION_MESSAGES.planInvalid),
  idempotency_key: IdempotencyKey.optional(),
  /** The price list charged (docs/decisions/0059); without it, the account's own currency. */
  region: z.enum(REGIONS).optional(),
  ...PaymentFields,
});

export function subscribeSchema(options: { cardRequired: boolean; now?: Date }) {
  return withCard(subscribeFields, { ...options, skip: (value) => Boolean(value?.payment_method_id) });
}
export type SubscribeInput = z.output<ReturnType<typeof subscribeSchema>>;
