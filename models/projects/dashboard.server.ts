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
import { countActiveProjects, listProjects } from "./projects.server";
import { getActiveSubscription } from "../billing/subscriptions.server";
import { oncePerRequest } from "../platform/per-request";
import { getBalance, tokenFlow } from "../billing/tokens.server";
import { contentBlocks } from "../schema";

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

/** getTokenUsage once per request: the /dashboard2 layout (the top bar's balance) and its tab share it. */
export const tokenUsageForRequest = oncePerRequest((_request, userId: string) => getTokenUsage(userId));

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

/** The seeded dashboard content; missing blocks read as empty (the page says so). */
export async function getDashboardContent(): Promise<DashboardContent> {
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
  const [active, recent, tokens, content] = await Promise.all([
    countActiveProjects(userId),
    listProjects(userId, RECENT_PROJECTS_SHOWN),
    tokenUsage,
    getDashboardContent(),
  ]);
  return { stats: dashboardStats(active, tokens), recent, tokens, recommendations: content.recommendations };
}

export async function getProjectHelp(): Promise<ProjectHelp | null> {
  const [row] = await db().select().from(contentBlocks).where(eq(contentBlocks.key, "project-help")).limit(1);
  const parsed = DASHBOARD_CONTENT["project-help"].safeParse(row?.data);
  return parsed.success ? parsed.data : null;
}
