import { and, eq, gt, sql } from "drizzle-orm";
import { accountColumns } from "../identity/account-columns.server";
import { currentMembership, membershipColumns, membershipFrom } from "../identity/organisations.server";
import type { Membership } from "../identity/organisations";
import type { OrganisationRole } from "../identity/roles";
import type { AccountUser } from "../identity/accounts.server";
import { sha256 } from "../identity/passwords.server";
import { db, type Database } from "../platform/db.server";
import { currentPeriod } from "../projects/dashboard";
import { oncePerRequest } from "../platform/per-request";
import { FREE_PLAN } from "../billing/subscriptions";
import { renewSubscription, type WithPlan } from "../billing/subscriptions.server";
import { readSoonestExpiry, soonestExpirySql, type SoonestExpiry } from "../billing/wallet.server";
import { FLOW_SQL } from "../billing/tokens.server";
import { profiles, sessions, subscriptionPlans, subscriptions, users } from "../schema";

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
  /** The workspace top bar's latest visible notifications, newest first (as listNotifications orders them). */
  latestNotifications: LatestNotification[];
  /** Every organisation the person belongs to, oldest membership first (the workspace's switcher). */
  organisations: { id: string; name: string; role: OrganisationRole }[];
  /** The organisation this summary is for; null for a person in none (staff). */
  organisationId: string | null;
};

/** How many notifications the summary carries: the workspace top bar's dropdown lists this many. */
const LATEST_NOTIFICATIONS = 6;

/** A notification as the top bar's dropdown shows it: what NotificationItem renders, no more. */
export type LatestNotification = {
  id: string;
  type: string;
  title: string;
  message: string;
  link: string | null;
  isRead: boolean;
  createdAt: Date;
};

/**
 * Whose summary: an organisation's account row (its wallet, plan, cart) seen by
 * a person (their notifications and profile), or the person signed in with a
 * session (the session's id hash) in the session's organisation.
 */
type Whose = { accountId: string; personId: string } | { sessionHash: string };

/** Whose summary a loader asks for: a member (an account and a person), or one account that is both. */
export type SummaryOf = string | { accountId: string; personId: string };

/**
 * The summary's statement, by account id or by session, with placeholders for
 * the account (or session hash), the time and the calendar month. Built once
 * per database and prepared (a named statement on PostgreSQL): building this
 * statement was the largest part of drizzle's time on a signed-in page, and
 * PostgreSQL parses it once per connection.
 */
function summaryStatement(database: Database, bySession: boolean) {
  const now = sql.placeholder("now");
  // `users` is the person; the organisation's data is read by `account`: the session's
  // current membership's account row (the person's own when they belong to none).
  const current = bySession
    ? currentMembership(sessions.userId, sessions.organisationId)
    : currentMembership(
        users.id,
        sql`(select organisations.id from organisations where organisations.account_id = ${sql.placeholder("account")})`,
      );
  const account = bySession ? sql`coalesce(${current.accountId}, ${users.id})` : sql.placeholder("account");
  const periodStart = sql`coalesce(subscriptions.current_period_start, ${sql.placeholder("monthStart")})`;
  const periodEnd = sql`coalesce(subscriptions.current_period_end, ${sql.placeholder("monthEnd")})`;
  const fields = {
    account: accountColumns,
    accountId: sql<string>`${account}`,
    membership: membershipColumns(current),
    subscription: subscriptions,
    plan: subscriptionPlans,
    profile: profiles,
    // Only grants with tokens left (token_lots_user_id_unspent_idx), not every grant ever made.
    balance: sql<number>`(select coalesce(sum(remaining), 0)::int from token_lots
      where token_lots.user_id = ${account} and token_lots.remaining > 0 and token_lots.expires_at > ${now})`,
    // Refunded tokens are neither used nor available (tokenFlow's rule, decision 0058).
    flow: sql<{ granted: number; spent: number }>`(select json_build_object(
      'granted', ${sql.raw(FLOW_SQL.granted)},
      'spent', ${sql.raw(FLOW_SQL.spent)})
      from token_ledger where token_ledger.user_id = ${account}
      and token_ledger.created_at >= ${periodStart} and token_ledger.created_at < ${periodEnd})`,
    cartCount: sql<number>`(select coalesce(sum(quantity), 0)::int from cart_items where cart_items.user_id = ${account})`,
    unread: sql<number>`(select count(*)::int from notifications
      where notifications.user_id = users.id and notifications.dismissed_at is null and not notifications.is_read)`,
    soonestExpiry: sql<Parameters<typeof readSoonestExpiry>[0]>`${soonestExpirySql(account, now)}`,
    organisations: sql<AccountSummary["organisations"]>`(select coalesce(json_agg(json_build_object(
        'id', o.id, 'name', o.name, 'role', m.role) order by m.created_at, m.organisation_id), '[]'::json)
      from organisation_members m join organisations o on o.id = m.organisation_id where m.user_id = users.id)`,
    // The top bar's newest visible notifications (notifications_user_id_visible_idx: an index scan of six).
    latestNotifications: sql<LatestNotificationJson[]>`(select coalesce(json_agg(json_build_object(
        'id', n.id, 'type', n.type, 'title', n.title, 'message', n.message, 'link', n.link,
        'isRead', n.is_read, 'createdAt', n.created_at) order by n.created_at desc, n.id desc), '[]'::json)
      from (select id, type, title, message, link, is_read, created_at from notifications
        where notifications.user_id = users.id and notifications.dismissed_at is null
        order by created_at desc, id desc limit ${sql.raw(String(LATEST_NOTIFICATIONS))}) n)`,
  };
  const whose = sql.placeholder("whose");
  const base = database.select(fields).from(users);
  const from = bySession ? base.innerJoin(sessions, eq(sessions.userId, users.id)) : base;
  return from
    .leftJoinLateral(current, sql`true`)
    .leftJoin(
      subscriptions,
      and(sql`${subscriptions.userId} = ${account}`, eq(subscriptions.status, "active")),
    )
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(
      bySession ? and(eq(sessions.idHash, whose), gt(sessions.expiresAt, sql`now()`)) : eq(users.id, whose),
    )
    .limit(1)
    .prepare(bySession ? "account_summary_by_session" : "account_summary");
}

type SummaryStatement = ReturnType<typeof summaryStatement>;
const statements = new WeakMap<Database, { bySession?: SummaryStatement; byUser?: SummaryStatement }>();

async function readSummary(whose: Whose, now: Date) {
  const database = db();
  let kept = statements.get(database);
  if (!kept) statements.set(database, (kept = {}));
  const bySession = "sessionHash" in whose;
  const statement = bySession
    ? (kept.bySession ??= summaryStatement(database, true))
    : (kept.byUser ??= summaryStatement(database, false));
  const month = currentPeriod(now);
  const [row] = await statement.execute({
    whose: bySession ? whose.sessionHash : whose.personId,
    ...(bySession ? {} : { account: whose.accountId }),
    now,
    monthStart: month.start,
    monthEnd: month.end,
  });
  return row;
}

type LatestNotificationJson = Omit<LatestNotification, "createdAt"> & { createdAt: string };
type SummaryRow = NonNullable<Awaited<ReturnType<typeof readSummary>>>;

function summaryOf(row: SummaryRow | undefined, now: Date): AccountSummary {
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
    latestNotifications: (row?.latestNotifications ?? []).map((n) => ({
      ...n,
      createdAt: new Date(n.createdAt),
    })),
    organisations: row?.organisations ?? [],
    organisationId: row?.membership.organisationId ?? null,
  };
}

/** The summary's row, renewed first when a plan the site bills itself is due (as getActiveSubscription does). */
async function readRenewed(whose: Whose, now: Date): Promise<SummaryRow | undefined> {
  const row = await readSummary(whose, now);
  const due = row?.subscription;
  if (due && !due.gatewaySubscriptionId && due.currentPeriodEnd <= now) {
    await renewSubscription(due.id, now);
    return readSummary({ accountId: row.accountId, personId: row.account.id }, now);
  }
  return row;
}

async function getAccountSummary(of: SummaryOf, now = new Date()): Promise<AccountSummary> {
  const whose = typeof of === "string" ? { accountId: of, personId: of } : of;
  return summaryOf(await readRenewed(whose, now), now);
}

/**
 * getAccountSummary once per request: the root (cart badge), a layout (balance,
 * unread count) and the page under it share one read. For loaders only: an
 * action that changes the account reads it afresh.
 */
export const accountSummaryForRequest = oncePerRequest((_request, of: SummaryOf) => getAccountSummary(of));

/**
 * The account signed in with a session (its id, from the cookie) and its
 * summary, in one statement: the session lookup and the shell's read are one
 * round trip. Null when the session is unknown or expired.
 */
export async function getSessionAccount(
  sessionId: string,
  now = new Date(),
): Promise<{ user: AccountUser; summary: AccountSummary; membership: Membership | null } | null> {
  const row = await readRenewed({ sessionHash: sha256(sessionId) }, now);
  return row
    ? { user: row.account, summary: summaryOf(row, now), membership: membershipFrom(row.membership) }
    : null;
}

/** The plan name (as the profile's current_plan: "free" or the plan's name in lower case) and balance. */
export const planAndBalance = (summary: AccountSummary) => ({
  planName: summary.active?.plan.name.toLowerCase() ?? FREE_PLAN.id,
  balance: summary.balance,
});
