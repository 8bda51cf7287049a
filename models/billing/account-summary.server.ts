import { and, eq, sql } from "drizzle-orm";
import { db } from "../platform/db.server";
import { currentPeriod } from "../projects/dashboard";
import { oncePerRequest } from "../platform/per-request";
import { FREE_PLAN } from "./subscriptions";
import { renewSubscription, type WithPlan } from "./subscriptions.server";
import { readSoonestExpiry, soonestExpirySql, type SoonestExpiry } from "./wallet.server";
import { FLOW_SQL } from "./tokens.server";
import { profiles, subscriptionPlans, subscriptions, users } from "../schema";

/**
 * What every signed-in page's shell shows about the account, read in one
 * statement: the token balance (unexpired grants), the active subscription
 * with its plan, the tokens granted and spent in the current period (the
 * plan's billing period, else the calendar month), the cart's item count and
 * the unread notifications, the profile row, and the soonest expiring tokens.
 * Each value is the one its own model function (getBalance,
 * getActiveSubscription, tokenFlow, countUnread, soonestExpiry; the cart count
 * is the sum of its quantities) would give.
 */
export type AccountSummary = {
  balance: number;
  active: WithPlan | null;
  /** The client's profile row (company, contact…); null until they save one. */
  profile: typeof profiles.$inferSelect | null;
  period: { start: Date; end: Date };
  granted: number;
  spent: number;
  cartCount: number;
  unread: number;
  /** The soonest expiring tokens (the dashboard's "120 tokens expire on 3 Jan"; decision 0049). */
  soonestExpiry: SoonestExpiry | null;
};

async function readSummary(userId: string, now: Date) {
  const month = currentPeriod(now);
  const periodStart = sql`coalesce(subscriptions.current_period_start, ${month.start})`;
  const periodEnd = sql`coalesce(subscriptions.current_period_end, ${month.end})`;
  const [row] = await db()
    .select({
      subscription: subscriptions,
      plan: subscriptionPlans,
      profile: profiles,
      // Only grants with tokens left (token_lots_user_id_unspent_idx), not every grant ever made.
      balance: sql<number>`(select coalesce(sum(remaining), 0)::int from token_lots where token_lots.user_id = users.id and token_lots.remaining > 0 and token_lots.expires_at > ${now})`,
      // Refunded tokens are neither used nor available (tokenFlow's rule, decision 0058).
      flow: sql<{ granted: number; spent: number }>`(select json_build_object(
        'granted', ${sql.raw(FLOW_SQL.granted)},
        'spent', ${sql.raw(FLOW_SQL.spent)})
        from token_ledger where token_ledger.user_id = users.id
        and token_ledger.created_at >= ${periodStart} and token_ledger.created_at < ${periodEnd})`,
      cartCount: sql<number>`(select coalesce(sum(quantity), 0)::int from cart_items where cart_items.user_id = users.id)`,
      unread: sql<number>`(select count(*)::int from notifications where notifications.user_id = users.id and notifications.dismissed_at is null and not notifications.is_read)`,
      soonestExpiry: sql<Parameters<typeof readSoonestExpiry>[0]>`${soonestExpirySql(users.id, now)}`,
    })
    .from(users)
    .leftJoin(subscriptions, and(eq(subscriptions.userId, users.id), eq(subscriptions.status, "active")))
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

async function getAccountSummary(userId: string, now = new Date()): Promise<AccountSummary> {
  let row = await readSummary(userId, now);
  const due = row?.subscription;
  // A plan the site bills itself renews lazily, on access (as getActiveSubscription does).
  if (due && !due.gatewaySubscriptionId && due.currentPeriodEnd <= now) {
    await renewSubscription(due.id, now);
    row = await readSummary(userId, now);
  }
  const active = row?.subscription && row.plan ? { subscription: row.subscription, plan: row.plan } : null;
  return {
    balance: row?.balance ?? 0,
    active,
    profile: row?.profile ?? null,
    period: active
      ? { start: active.subscription.currentPeriodStart, end: active.subscription.currentPeriodEnd }
      : currentPeriod(now),
    granted: row?.flow.granted ?? 0,
    spent: row?.flow.spent ?? 0,
    cartCount: row?.cartCount ?? 0,
    unread: row?.unread ?? 0,
    soonestExpiry: readSoonestExpiry(row?.soonestExpiry),
  };
}

/**
 * getAccountSummary once per request: the root (cart badge), a layout (balance,
 * unread count) and the page under it share one read. For loaders only: an
 * action that changes the account reads it afresh.
 */
export const accountSummaryForRequest = oncePerRequest((_request, userId: string) =>
  getAccountSummary(userId),
);

/** The plan name (as the profile's current_plan: "free" or the plan's name in lower case) and balance. */
export const planAndBalance = (summary: AccountSummary) => ({
  planName: summary.active?.plan.name.toLowerCase() ?? FREE_PLAN.id,
  balance: summary.balance,
});
