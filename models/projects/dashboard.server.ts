import { eq, inArray } from "drizzle-orm";
import {
  currentPeriod,
  DASHBOARD_CONTENT,
  RECENT_PROJECTS_SHOWN,
  tokenUsagePercent,
  type ProjectHelp,
  type Recommendation,
  type TokenUsage,
} from "./dashboard";
import { db } from "../platform/db.server";
import { countActiveProjects, recentProjectsAndActiveCount } from "./projects.server";
import { getActiveSubscription } from "../billing/subscriptions.server";
import { accountSummaryForRequest, type AccountSummary } from "../billing/account-summary.server";
import { getBalance, tokenFlow } from "../billing/tokens.server";
import { contentBlocks } from "../schema";
import { keptContent } from "../content/kept-content.server";

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

type DashboardContent = { recommendations: Recommendation[]; help: ProjectHelp | null };

/** The seeded dashboard content; missing blocks read as empty (the page says so). Kept per process. */
export const getDashboardContent = keptContent(readDashboardContent);

async function readDashboardContent(): Promise<DashboardContent> {
  const keys = Object.keys(DASHBOARD_CONTENT) as (keyof typeof DASHBOARD_CONTENT)[];
  const rows = await db().select().from(contentBlocks).where(inArray(contentBlocks.key, keys));
  const byKey = new Map(rows.map((row) => [row.key, row.data]));
  const recommendations = DASHBOARD_CONTENT.recommendations.safeParse(byKey.get("recommendations"));
  const help = DASHBOARD_CONTENT["project-help"].safeParse(byKey.get("project-help"));
  return {
    recommendations: recommendations.success ? recommendations.data.items : [],
    help: help.success ? help.data : null,
  };
}

/** Everything the Dashboard tab shows, with the request's token usage (shared with the layout). */
export async function getDashboard(userId: string, tokenUsage: Promise<TokenUsage>) {
  // Token usage once: the stats card shows its balance.
  const [{ active, recent }, tokens, content] = await Promise.all([
    recentProjectsAndActiveCount(userId, RECENT_PROJECTS_SHOWN),
    tokenUsage,
    getDashboardContent(),
  ]);
  return { stats: dashboardStats(active, tokens), recent, tokens, recommendations: content.recommendations };
}

/** The "how a project works" help: kept per process, like every seeded block. */
export const getProjectHelp = keptContent(readProjectHelp);

async function readProjectHelp(): Promise<ProjectHelp | null> {
  const [row] = await db().select().from(contentBlocks).where(eq(contentBlocks.key, "project-help")).limit(1);
  const parsed = DASHBOARD_CONTENT["project-help"].safeParse(row?.data);
  return parsed.success ? parsed.data : null;
}
