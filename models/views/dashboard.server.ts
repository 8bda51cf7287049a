// The client's dashboard: projects' counts and recent projects, billing's
// tokens and plan, projects' seeded content, combined (a view, decision 0066).

import {
  currentPeriod,
  RECENT_PROJECTS_SHOWN,
  tokenUsagePercent,
  type TokenUsage,
} from "../projects/dashboard";
import { countActiveProjects } from "../projects/project-lists.server";
import { readHomeFacts } from "./needs-you.server";
import { getActiveSubscription } from "../billing/subscriptions.server";
import { accountSummaryForRequest, type AccountSummary } from "./account-summary.server";
import { getBalance, tokenFlow } from "../billing/tokens.server";
import { getDashboardContent } from "../projects/dashboard-content.server";

/**
 * The client's Creative Tokens: the balance (live grants minus spends, from
 * the ledger) and what was granted and spent this period. The period is the
 * active plan's billing period, else the calendar month.
 */
export async function getTokenUsage(userId: string, now = new Date()): Promise<TokenUsage> {
  const active = await getActiveSubscription(userId, now);
  const { start, end } = active
    ? { start: active.subscription.currentPeriodStart, end: active.subscription.currentPeriodEnd }
    : currentPeriod(now);
  const [balance, flow] = await Promise.all([getBalance(userId, now), tokenFlow(userId, start, end)]);
  return {
    balance,
    granted: flow.granted,
    spent: flow.spent,
    percent: tokenUsagePercent(flow.spent, flow.granted),
    periodStart: start,
    periodEnd: end,
  };
}

/** The token usage within an account summary (the same figures as getTokenUsage). */
const tokenUsageOf = (summary: AccountSummary): TokenUsage => ({
  balance: summary.balance,
  granted: summary.granted,
  spent: summary.spent,
  percent: tokenUsagePercent(summary.spent, summary.granted),
  periodStart: summary.period.start,
  periodEnd: summary.period.end,
});

/** The token usage from the request's account summary: the /dashboard2 layout and its tab share one read. */
export const tokenUsageForRequest = (request: Request, userId: string): Promise<TokenUsage> =>
  accountSummaryForRequest(request, userId).then(tokenUsageOf);

/** The stats of GET /api/dashboard/stats/ (docs/product.md, "Dashboard"): active_projects, tokens_left. */
const dashboardStats = (activeProjects: number, tokens: TokenUsage) => ({
  active_projects: activeProjects,
  tokens_left: tokens.balance,
});

export async function getDashboardStats(userId: string) {
  const [active, tokens] = await Promise.all([countActiveProjects(userId), getTokenUsage(userId)]);
  return dashboardStats(active, tokens);
}

/**
 * Everything the Dashboard tab shows, with the request's token usage (shared with the layout): the
 * projects, the stats and the facts of "Needs you now" in one statement (./needs-you.server.ts).
 */
export async function getDashboard(userId: string, tokenUsage: Promise<TokenUsage>, now = new Date()) {
  // Token usage once: the stats card shows its balance.
  const [{ active, recent, waiting }, tokens, content] = await Promise.all([
    readHomeFacts(userId, RECENT_PROJECTS_SHOWN, now),
    tokenUsage,
    getDashboardContent(),
  ]);
  return {
    stats: dashboardStats(active, tokens),
    recent,
    tokens,
    recommendations: content.recommendations,
    waiting,
  };
}
