import { and, asc, desc, eq, lte, sql } from "drizzle-orm";
import { getPlan, type PlanRow } from "./catalog.server";
import { db, type Transaction } from "../platform/db.server";
import { addNotification } from "../platform/notifications.server";
import { toMinor } from "./payments";
import { renewalCardOnResume, resolvePaymentSource } from "./payment-methods.server";
import { paymentFailureStatus, takePayment } from "./payments.server";
import { rewardReferrerOnce } from "./referral-rewards.server";
import { subscriptionPlans, subscriptions } from "../schema";
import {
  addMonth,
  FREE_PLAN,
  MAX_RENEWALS_PER_RUN,
  SUBSCRIPTION_MESSAGES,
  type SubscribeInput,
} from "./subscriptions";
import { grantTokens } from "./tokens.server";

// Subscriptions: one active plan per client (a partial unique index says so),
// a monthly period, the plan's tokens granted at the start of every period,
// cancel at period end, renewal by `npm run jobs` and lazily on access.

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type WithPlan = { subscription: SubscriptionRow; plan: PlanRow };

/** The grant of one period's tokens; its source key makes it once per period. */
async function grantPeriodTokens(tx: Transaction, sub: SubscriptionRow, plan: PlanRow, now: Date) {
  if (plan.monthlyTokens <= 0) return;
  await grantTokens(
    {
      userId: sub.userId,
      amount: plan.monthlyTokens,
      reason: "subscription",
      description: `${plan.name} plan: tokens for the month from ${sub.currentPeriodStart.toISOString().slice(0, 10)}`,
      sourceKey: `subscription:${sub.id}:${sub.currentPeriodStart.toISOString()}`,
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

/** The client's active subscription after any renewal that is due (checked lazily on access). */
export async function getActiveSubscription(userId: string, now = new Date()): Promise<WithPlan | null> {
  const current = await activeSubscription(userId);
  if (current && current.subscription.currentPeriodEnd <= now) {
    await renewSubscription(current.subscription.id, now);
    return activeSubscription(userId);
  }
  return current;
}

/** The current subscription (docs/product.md, "Billing and shop"): plan (lower-case name), status, end_date; the free tier without one. */
export function apiCurrentSubscription(active: WithPlan | null) {
  if (!active)
    return {
      plan: FREE_PLAN.id,
      plan_id: FREE_PLAN.id,
      status: "active",
      end_date: null,
      cancel_at_period_end: false,
      monthly_tokens: 0,
      project_limit: FREE_PLAN.projectLimit,
    };
  const { subscription: s, plan } = active;
  return {
    id: s.id,
    plan: plan.name.toLowerCase(),
    plan_id: plan.id,
    status: s.status,
    start_date: s.startedAt,
    current_period_start: s.currentPeriodStart,
    end_date: s.currentPeriodEnd,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    monthly_tokens: plan.monthlyTokens,
    project_limit: plan.projectLimit,
  };
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
): Promise<SubscribeResult> {
  const plan = await getPlan(input.plan_id);
  if (!plan || !plan.isActive)
    return { ok: false, status: 400, field: "plan_id", message: SUBSCRIPTION_MESSAGES.planInvalid };
  const current = await getActiveSubscription(userId, now);
  if (current?.plan.id === plan.id) {
    if (!current.subscription.cancelAtPeriodEnd)
      return { ok: false, status: 409, message: SUBSCRIPTION_MESSAGES.alreadySubscribed(plan.name) };
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
  const periodEnd = addMonth(now);
  const outcome = await takePayment({
    userId,
    // Without a key, the same plan asked for twice in one minute is one request (an API client's retry).
    idempotencyKey: input.idempotency_key ?? `subscribe-${plan.id}-${Math.floor(now.getTime() / 60_000)}`,
    kind: "subscription",
    description: `${plan.name} plan, first month`,
    amountMinor: toMinor(plan.price),
    currency: "INR",
    method: source.method,
    card: source.card,
    savedMethodToken: source.savedMethodToken,
    subscriptionPlanId: plan.id,
    tokens: plan.monthlyTokens,
    fulfil: async (tx, payment) => {
      // Whatever was active ends now (a switch); the partial unique index allows one active plan.
      await tx
        .update(subscriptions)
        .set({ status: "ended", endedAt: now, endReason: "switched" })
        .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, "active")));
      const [sub] = await tx
        .insert(subscriptions)
        .values({
          userId,
          planId: plan.id,
          startedAt: now,
          currentPeriodStart: now,
          currentPeriodEnd: periodEnd,
          paymentMethodToken: payment.paymentMethodToken,
          paymentMethod: payment.method,
          cardBrand: payment.cardBrand,
          cardLast4: payment.cardLast4,
          createdAt: now,
        })
        .returning();
      await grantPeriodTokens(tx, sub!, plan, now);
      await rewardReferrerOnce(tx, userId, now);
      return sub!.id;
    },
    replay: async () => (await activeSubscription(userId))?.subscription.id ?? "",
  });
  if (!outcome.ok)
    return { ok: false, status: paymentFailureStatus(outcome.reason), message: outcome.message };
  return {
    ok: true,
    planName: plan.name,
    message: SUBSCRIPTION_MESSAGES.subscribed(plan.name),
    subscriptionId: outcome.value,
    replayed: outcome.replayed,
  };
}

export type CancelResult =
  { ok: true; message: string; endDate: Date } | { ok: false; status: 409; message: string };

/** Cancel Plan: only an active paid plan; access continues to the end of the period. */
export async function cancelSubscription(userId: string, now = new Date()): Promise<CancelResult> {
  const current = await getActiveSubscription(userId, now);
  if (!current || current.plan.price === 0)
    return { ok: false, status: 409, message: SUBSCRIPTION_MESSAGES.nothingToCancel };
  if (current.subscription.cancelAtPeriodEnd)
    return { ok: false, status: 409, message: SUBSCRIPTION_MESSAGES.alreadyCancelled };
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
  return rows.map(({ subscription: s, plan }) => ({
    id: s.id,
    plan: plan.name.toLowerCase(),
    plan_name: plan.name,
    status: s.status,
    start_date: s.startedAt,
    end_date: s.endedAt ?? undefined,
    ends_at_period_end: s.status === "active" && s.cancelAtPeriodEnd ? s.currentPeriodEnd : undefined,
    end_reason: s.endReason ?? undefined,
  }));
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
    const outcome = await takePayment({
      userId: sub.userId,
      idempotencyKey: `renewal:${sub.id}:${end.toISOString()}`,
      kind: "subscription",
      description: `${plan.name} plan, month from ${end.toISOString().slice(0, 10)}`,
      amountMinor: toMinor(plan.price),
      currency: "INR",
      method: sub.paymentMethod as SubscribeInput["payment_method"],
      card: null,
      savedMethodToken: sub.paymentMethodToken,
      subscriptionPlanId: plan.id,
      tokens: plan.monthlyTokens,
      fulfil: async (tx) => {
        const [next] = await tx
          .update(subscriptions)
          .set({ currentPeriodStart: end, currentPeriodEnd: addMonth(end) })
          .where(stillOn)
          .returning();
        if (next) {
          await grantPeriodTokens(tx, next, plan, now);
          await addNotification(
            {
              userId: sub.userId,
              type: "success",
              title: "Plan renewed",
              message: `Your ${plan.name} plan renewed and ${plan.monthlyTokens} Creative Tokens were added.`,
              link: "/dashboard2/billing",
            },
            tx,
          );
        }
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
        message: `We could not renew your ${plan.name} plan: ${outcome.message}`,
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
    .where(and(eq(subscriptions.status, "active"), lte(subscriptions.currentPeriodEnd, now)))
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(500);
  let renewed = 0;
  for (const { id } of due) renewed += await renewSubscription(id, now);
  return { renewed, checked: due.length };
}
