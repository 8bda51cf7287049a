import { reportError } from "../platform/errors.server";
import { apiSubscriptionHistoryEntry } from "./api";
import { and, asc, desc, eq, isNull, lte, sql } from "drizzle-orm";
import { getPlan, type PlanRow } from "./catalog.server";
import { db, type Transaction } from "../platform/db.server";
import { addNotification } from "../platform/notifications.server";
import { DEFAULT_REGION, planPrices, REGION_CURRENCIES, type Region } from "./currency";
import { renewalRegion } from "./currency.server";
import { toMinor } from "./payments";
import { renewalCardOnResume, resolvePaymentSource } from "./payment-methods.server";
import {
  gatewayOfSubscription,
  takePayment,
  unfulfilledResult,
  type CheckoutReturn,
  type PaymentGateway,
  type PaymentRow,
} from "./payments.server";
import { rewardReferrerOnce } from "./referral-rewards.server";
import { payments, subscriptionPlans, subscriptions } from "../schema";
import {
  addMonth,
  FREE_PLAN,
  MAX_RENEWALS_PER_RUN,
  SUBSCRIPTION_MESSAGES,
  type SubscribeInput,
} from "./subscriptions";
import { grantTokens } from "./tokens.server";
import { fullDay } from "./wallet";

// Subscriptions: one active plan per client (a partial unique index says so),
// a monthly period, the plan's tokens granted at the start of every period,
// cancel at period end, renewal by `npm run jobs` and lazily on access.

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type WithPlan = { subscription: SubscriptionRow; plan: PlanRow };

/** The grant of one period's tokens; its source key makes it once per period. */
async function grantPeriodTokens(
  tx: Transaction,
  sub: SubscriptionRow,
  plan: PlanRow,
  now: Date,
  paymentId?: string,
) {
  if (plan.monthlyTokens <= 0) return;
  const sourceKey = `subscription:${sub.id}:${sub.currentPeriodStart.toISOString()}`;
  // The payment remembers its grant, so a refund takes back the right tokens (docs/decisions/0036).
  if (paymentId)
    await tx
      .update(payments)
      .set({ order: { grantSourceKey: sourceKey } })
      .where(eq(payments.id, paymentId));
  await grantTokens(
    {
      userId: sub.userId,
      amount: plan.monthlyTokens,
      reason: "subscription",
      description: `${plan.name} plan: tokens for the month from ${sub.currentPeriodStart.toISOString().slice(0, 10)}`,
      sourceKey,
      now,
    },
    tx,
  );
}

async function activeSubscription(
  userId: string,
  database: Transaction | ReturnType<typeof db> = db(),
): Promise<WithPlan | null> {
  const [row] = await database
    .select({ subscription: subscriptions, plan: subscriptionPlans })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, "active")))
    .limit(1);
  return row ?? null;
}

/**
 * The client's active subscription after any renewal that is due (checked
 * lazily on access). A plan on Stripe Billing is renewed by Stripe's
 * invoice.paid webhook, never here (docs/decisions/0036).
 */
export async function getActiveSubscription(userId: string, now = new Date()): Promise<WithPlan | null> {
  const current = await activeSubscription(userId);
  if (
    current &&
    !current.subscription.gatewaySubscriptionId &&
    current.subscription.currentPeriodEnd <= now
  ) {
    await renewSubscription(current.subscription.id, now);
    return activeSubscription(userId);
  }
  return current;
}

/** A plan's project_limit (-1 unlimited) while active; the free tier's otherwise. */
export async function projectLimitForUser(userId: string, now = new Date()): Promise<number> {
  return (await getActiveSubscription(userId, now))?.plan.projectLimit ?? FREE_PLAN.projectLimit;
}

/** "free" or the active plan's name in lower case (the profile's current_plan). */
export async function currentPlanName(userId: string, now = new Date()): Promise<string> {
  return (await getActiveSubscription(userId, now))?.plan.name.toLowerCase() ?? FREE_PLAN.id;
}

export type SubscribeResult =
  | { ok: true; planName: string; message: string; subscriptionId: string; replayed: boolean }
  /** Stripe Checkout: the client is sent to pay there; the webhook starts the plan. */
  | { ok: false; status: 303; checkoutUrl: string; message: string; field?: undefined }
  | {
      ok: false;
      status: 400 | 402 | 409 | 422 | 503;
      field?: "plan_id" | "payment_method_id";
      message: string;
    };

/**
 * Subscribes (or switches) to a plan: the first month is charged, the plan
 * starts now and its monthly tokens are granted. Switching ends the old plan
 * at once (no proration). A plan set to end is simply resumed, uncharged.
 */
export async function subscribe(
  userId: string,
  input: SubscribeInput,
  now = new Date(),
  checkout: CheckoutReturn | null = null,
): Promise<SubscribeResult> {
  const plan = await getPlan(input.plan_id);
  if (!plan || !plan.isActive)
    return { ok: false, status: 400, field: "plan_id", message: SUBSCRIPTION_MESSAGES.planInvalid };
  const current = await getActiveSubscription(userId, now);
  if (current?.plan.id === plan.id) {
    if (!current.subscription.cancelAtPeriodEnd)
      return { ok: false, status: 409, message: SUBSCRIPTION_MESSAGES.alreadySubscribed(plan.name) };
    const billed = current.subscription.gatewaySubscriptionId;
    if (billed && (await endsForGood(billed)))
      return {
        ok: false,
        status: 409,
        message: SUBSCRIPTION_MESSAGES.endsForGood(plan.name, fullDay(current.subscription.currentPeriodEnd)),
      };
    if (billed) {
      // Stripe bills it: Stripe is told first, so both sides agree it renews.
      if (!(await tellGateway(billed, (g) => g.setCancelAtPeriodEnd?.(billed, false))))
        return { ok: false, status: 503, message: SUBSCRIPTION_MESSAGES.gatewayUnreachable };
      await db()
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: false, cancelledAt: null })
        .where(eq(subscriptions.id, current.subscription.id));
      return {
        ok: true,
        planName: plan.name,
        message: SUBSCRIPTION_MESSAGES.subscribed(plan.name),
        subscriptionId: current.subscription.id,
        replayed: false,
      };
    }
    const kept = await db().transaction(async (tx) => {
      const renewal = await renewalCardOnResume(tx, userId, current.subscription.paymentMethodToken);
      if (renewal === "none") return false;
      await tx
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: false, cancelledAt: null, ...renewal })
        .where(eq(subscriptions.id, current.subscription.id));
      return true;
    });
    if (!kept) return { ok: false, status: 409, message: SUBSCRIPTION_MESSAGES.keepNeedsCard(plan.name) };
    return {
      ok: true,
      planName: plan.name,
      message: SUBSCRIPTION_MESSAGES.subscribed(plan.name),
      subscriptionId: current.subscription.id,
      replayed: false,
    };
  }

  // A saved card, an earlier receipt's card, or the typed card (saved first when asked): docs/decisions/0023.
  const source = await resolvePaymentSource(userId, input);
  if (!source.ok) return source;
  // The page sends the region it priced the plan in; the API lists plans in rupees, its default.
  const region = input.region ?? DEFAULT_REGION;
  const outcome = await takePayment({
    userId,
    // Without a key, the same plan asked for twice in one minute is one request (an API client's retry).
    idempotencyKey: input.idempotency_key ?? `subscribe-${plan.id}-${Math.floor(now.getTime() / 60_000)}`,
    kind: "subscription",
    description: `${plan.name} plan, first month`,
    ...planCharge(plan, region),
    method: source.method,
    card: source.card,
    savedMethodToken: source.savedMethodToken,
    subscriptionPlanId: plan.id,
    tokens: plan.monthlyTokens,
    checkout,
    fulfil: async (tx, payment) => (await fulfilSubscription(tx, payment, now)).subscriptionId,
    replay: async () => (await activeSubscription(userId))?.subscription.id ?? "",
  });
  if (!outcome.ok) return unfulfilledResult(outcome);
  return {
    ok: true,
    planName: plan.name,
    message: SUBSCRIPTION_MESSAGES.subscribed(plan.name),
    subscriptionId: outcome.value,
    replayed: outcome.replayed,
  };
}

/** A month of the plan in the region's currency, as the client saw it priced (docs/decisions/0059). */
const planCharge = (plan: Pick<PlanRow, "price" | "prices">, region: Region) => ({
  amountMinor: toMinor(planPrices(plan)[region]),
  currency: REGION_CURRENCIES[region],
});

/** What Stripe Billing says of a plan it bills, applied to ours (docs/decisions/0036). */
export type GatewayBilling = {
  gatewaySubscriptionId: string;
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** Stripe has already ended it (its events came out of order): our row starts ended. */
  ended: null | "cancelled" | "payment_failed";
};

/**
 * The plan a paid subscription payment starts, in the transaction that marks
 * the payment succeeded (ours for a card, the webhook's for Stripe
 * Checkout). Whatever plan was active ends now (a switch); the period's
 * tokens are granted once (source key per period). Returns the new row and
 * the Stripe subscriptions of plans it replaced, to be cancelled there after commit.
 */
export async function fulfilSubscription(
  tx: Transaction,
  payment: PaymentRow,
  now = new Date(),
  billing: GatewayBilling | null = null,
): Promise<{ subscriptionId: string; replaced: string[] }> {
  const userId = payment.userId!;
  const [plan] = await tx
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.id, payment.subscriptionPlanId!));
  const start = billing?.periodStart ?? now;
  const ended = await tx
    .update(subscriptions)
    .set({ status: "ended", endedAt: now, endReason: "switched" })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, "active")))
    .returning({ gatewaySubscriptionId: subscriptions.gatewaySubscriptionId });
  const [sub] = await tx
    .insert(subscriptions)
    .values({
      userId,
      planId: plan!.id,
      startedAt: start,
      currentPeriodStart: start,
      currentPeriodEnd: billing?.periodEnd ?? addMonth(now),
      cancelAtPeriodEnd: billing?.cancelAtPeriodEnd ?? false,
      paymentMethodToken: payment.paymentMethodToken,
      paymentMethod: payment.method,
      cardBrand: payment.cardBrand,
      cardLast4: payment.cardLast4,
      gatewaySubscriptionId: billing?.gatewaySubscriptionId ?? null,
      ...(billing?.ended ? { status: "ended", endedAt: now, endReason: billing.ended } : {}),
      createdAt: now,
    })
    .returning();
  await grantPeriodTokens(tx, sub!, plan!, now, payment.id);
  await rewardReferrerOnce(tx, userId, now);
  return {
    subscriptionId: sub!.id,
    replaced: ended.flatMap((row) => (row.gatewaySubscriptionId ? [row.gatewaySubscriptionId] : [])),
  };
}

/** Our plan that Stripe bills under this id, with its plan row. */
export async function subscriptionByGatewayId(
  tx: Transaction,
  gatewaySubscriptionId: string,
): Promise<WithPlan | null> {
  const [row] = await tx
    .select({ subscription: subscriptions, plan: subscriptionPlans })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(eq(subscriptions.gatewaySubscriptionId, gatewaySubscriptionId))
    .for("update");
  return row ?? null;
}

/**
 * Stripe's invoice.paid for a renewal: the period the invoice paid for
 * becomes current (only forwards) and its tokens are granted, once per
 * period whatever order the events arrive in.
 */
export async function renewFromGateway(
  tx: Transaction,
  current: WithPlan,
  period: { start: Date; end: Date },
  paymentId: string,
  now = new Date(),
): Promise<boolean> {
  const { subscription: sub, plan } = current;
  if (sub.status !== "active") return false;
  const moved = period.end > sub.currentPeriodEnd;
  const next = moved
    ? (
        await tx
          .update(subscriptions)
          .set({ currentPeriodStart: period.start, currentPeriodEnd: period.end })
          .where(eq(subscriptions.id, sub.id))
          .returning()
      )[0]!
    : { ...sub, currentPeriodStart: period.start };
  // The renewal's receipt (email + notification) is the webhook's, for the invoice's payment.
  await grantPeriodTokens(tx, next, plan, now, paymentId);
  return moved;
}

/** Stripe says the plan ends (it gave up retrying, or a cancellation took effect), or is set to end. */
export async function applyGatewayState(
  tx: Transaction,
  current: WithPlan,
  state: { cancelAtPeriodEnd: boolean; ended: null | "cancelled" | "payment_failed" },
  now = new Date(),
): Promise<void> {
  const { subscription: sub, plan } = current;
  if (sub.status !== "active") return;
  if (state.ended) {
    await tx
      .update(subscriptions)
      .set({ status: "ended", endedAt: now, endReason: state.ended })
      .where(and(eq(subscriptions.id, sub.id), eq(subscriptions.status, "active")));
    if (state.ended === "payment_failed")
      await addNotification(
        {
          userId: sub.userId,
          type: "warning",
          title: "Plan ended",
          message: `We could not take the payment for your ${plan.name} plan after several tries, so it has ended.`,
          link: "/dashboard2/billing",
        },
        tx,
      );
    return;
  }
  if (state.cancelAtPeriodEnd !== sub.cancelAtPeriodEnd)
    await tx
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: state.cancelAtPeriodEnd, cancelledAt: state.cancelAtPeriodEnd ? now : null })
      .where(eq(subscriptions.id, sub.id));
}

/** Calls the gateway for a plan it bills; false when it could not be reached (logged). */
/** Whether the gateway billing this plan cannot keep it once it is set to end (Razorpay). */
async function endsForGood(gatewaySubscriptionId: string): Promise<boolean> {
  return (await gatewayOfSubscription(gatewaySubscriptionId)).endsPlansForGood === true;
}

/**
 * Whether a client's plan, once cancelled, can still be kept: false for a plan
 * billed by a gateway that cannot take a cancellation back. The billing page
 * says so before the client cancels, and offers no "Keep my plan" after.
 */
export async function planCanBeKept(subscription: {
  gatewaySubscriptionId: string | null;
}): Promise<boolean> {
  return !subscription.gatewaySubscriptionId || !(await endsForGood(subscription.gatewaySubscriptionId));
}

async function tellGateway(
  gatewaySubscriptionId: string,
  call: (gateway: PaymentGateway) => Promise<void> | undefined,
) {
  try {
    // The gateway that opened it bills it (Razorpay for a rupee plan beside Stripe: decision 0080).
    await call(await gatewayOfSubscription(gatewaySubscriptionId));
    return true;
  } catch (error) {
    reportError(error, "The payment gateway could not update a subscription");
    return false;
  }
}

/** After a switch committed: the plans it replaced stop billing at Stripe. */
export async function cancelReplacedAtGateway(gatewaySubscriptionIds: string[]): Promise<void> {
  for (const id of gatewaySubscriptionIds) await tellGateway(id, (g) => g.cancelSubscriptionNow?.(id));
}

export type CancelResult =
  { ok: true; message: string; endDate: Date } | { ok: false; status: 409 | 503; message: string };

/** Cancel Plan: only an active paid plan; access continues to the end of the period. */
export async function cancelSubscription(userId: string, now = new Date()): Promise<CancelResult> {
  const current = await getActiveSubscription(userId, now);
  if (!current || current.plan.price === 0)
    return { ok: false, status: 409, message: SUBSCRIPTION_MESSAGES.nothingToCancel };
  if (current.subscription.cancelAtPeriodEnd)
    return { ok: false, status: 409, message: SUBSCRIPTION_MESSAGES.alreadyCancelled };
  const billed = current.subscription.gatewaySubscriptionId;
  // A plan Stripe bills is set to end there first: otherwise Stripe would renew what we call cancelled.
  if (billed && !(await tellGateway(billed, (g) => g.setCancelAtPeriodEnd?.(billed, true))))
    return { ok: false, status: 503, message: SUBSCRIPTION_MESSAGES.gatewayUnreachable };
  await db()
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: true, cancelledAt: now })
    .where(and(eq(subscriptions.id, current.subscription.id), eq(subscriptions.status, "active")));
  return {
    ok: true,
    message: SUBSCRIPTION_MESSAGES.cancelled,
    endDate: current.subscription.currentPeriodEnd,
  };
}

/** Subscription history (docs/product.md, "Billing and shop"): plan, start_date, end_date (absent while it runs: "Present"). */
export async function listSubscriptionHistory(userId: string) {
  const rows = await db()
    .select({ subscription: subscriptions, plan: subscriptionPlans })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.startedAt), desc(subscriptions.createdAt));
  return rows.map(apiSubscriptionHistoryEntry);
}

/**
 * Renews one subscription whose period is over, catching up missed periods
 * (at most MAX_RENEWALS_PER_RUN per call). Each period's charge has its own
 * idempotency key, and the period moves only from the end it was charged
 * for, so two runs at once never charge or grant twice. Returns the periods renewed.
 */
export async function renewSubscription(subscriptionId: string, now = new Date()): Promise<number> {
  let renewed = 0;
  for (let step = 0; step < MAX_RENEWALS_PER_RUN; step++) {
    const [row] = await db()
      .select({ subscription: subscriptions, plan: subscriptionPlans })
      .from(subscriptions)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
      .where(eq(subscriptions.id, subscriptionId));
    if (!row || row.subscription.status !== "active" || row.subscription.currentPeriodEnd > now) break;
    // Stripe renews the plans it bills; its webhook moves the period (docs/decisions/0036).
    if (row.subscription.gatewaySubscriptionId) break;
    const { subscription: sub, plan } = row;
    const end = sub.currentPeriodEnd;
    // The period moves only from the end it was charged for (to the millisecond: JavaScript's precision).
    const stillOn = and(
      eq(subscriptions.id, sub.id),
      eq(subscriptions.status, "active"),
      sql`date_trunc('milliseconds', ${subscriptions.currentPeriodEnd}) = ${end}`,
    );
    if (sub.cancelAtPeriodEnd || !plan.isActive) {
      await db()
        .update(subscriptions)
        .set({ status: "ended", endedAt: end, endReason: "cancelled" })
        .where(stillOn);
      break;
    }
    const region = await renewalRegion(sub.userId);
    const outcome = await takePayment({
      userId: sub.userId,
      idempotencyKey: `renewal:${sub.id}:${end.toISOString()}`,
      kind: "subscription",
      description: `${plan.name} plan, month from ${end.toISOString().slice(0, 10)}`,
      ...planCharge(plan, region),
      method: sub.paymentMethod as SubscribeInput["payment_method"],
      card: null,
      savedMethodToken: sub.paymentMethodToken,
      subscriptionPlanId: plan.id,
      tokens: plan.monthlyTokens,
      renewal: true,
      fulfil: async (tx, payment) => {
        const [next] = await tx
          .update(subscriptions)
          .set({ currentPeriodStart: end, currentPeriodEnd: addMonth(end) })
          .where(stillOn)
          .returning();
        // The renewal's receipt (email + notification) is takePayment's, in this transaction.
        if (next) await grantPeriodTokens(tx, next, plan, now, payment.id);
        return true;
      },
      replay: async () => true,
    });
    if (!outcome.ok) {
      // Being charged by another process, or no gateway to charge with: the plan is left as it is.
      if (outcome.reason === "in_progress" || outcome.reason === "unavailable") break;
      await db()
        .update(subscriptions)
        .set({ status: "ended", endedAt: end, endReason: "payment_failed" })
        .where(stillOn);
      await addNotification({
        userId: sub.userId,
        type: "warning",
        title: "Plan ended",
        message:
          outcome.reason === "pay_on_site"
            ? `Your ${plan.name} plan has ended: plans are now paid on Stripe's secure page. Subscribe again from Billing & Tokens to keep it.`
            : `We could not renew your ${plan.name} plan: ${outcome.message}`,
        link: "/dashboard2/billing",
      });
      break;
    }
    renewed++;
  }
  return renewed;
}

/** Every subscription whose period is over (the jobs' renewal step). */
export async function renewDueSubscriptions(now = new Date()): Promise<{ renewed: number; checked: number }> {
  const due = await db()
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, "active"),
        lte(subscriptions.currentPeriodEnd, now),
        // Stripe renews the plans it bills (docs/decisions/0036).
        isNull(subscriptions.gatewaySubscriptionId),
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(500);
  let renewed = 0;
  for (const { id } of due) renewed += await renewSubscription(id, now);
  return { renewed, checked: due.length };
}
