import { eq, inArray } from "drizzle-orm";
import { currentPeriod, DASHBOARD_CONTENT, RECENT_PROJECTS_SHOWN, tokenUsagePercent, type ProjectHelp, type Recommendation, type TokenUsage } from "./dashboard";
import { db } from "./db.server";
import { countActiveProjects, listProjects } from "./projects.server";
import { contentBlocks } from "./schema";

/**
 * The client's Creative Tokens this period. The token ledger arrives with the
 * billing issue (grants, spends, 90-day expiry); until then nobody has been
 * granted or has spent a token, so every number is an honest 0. Billing
 * replaces this body with ledger queries; callers stay as they are.
 */
export async function getTokenUsage(_userId: string, now = new Date()): Promise<TokenUsage> {
  const { start, end } = currentPeriod(now);
  const granted = 0;
  const spent = 0;
  return { balance: granted - spent, granted, spent, percent: tokenUsagePercent(spent, granted), periodStart: start, periodEnd: end };
}

/** GET /api/dashboard/stats/ (spec 001 §3): active_projects, tokens_left. */
export async function getDashboardStats(userId: string) {
  const [active, tokens] = await Promise.all([countActiveProjects(userId), getTokenUsage(userId)]);
  return { active_projects: active, tokens_left: tokens.balance };
}

type DashboardContent = { recommendations: Recommendation[]; help: ProjectHelp | null };

/** The seeded dashboard content; missing blocks read as empty (the page says so). */
export async function getDashboardContent(): Promise<DashboardContent> {
  const keys = Object.keys(DASHBOARD_CONTENT) as (keyof typeof DASHBOARD_CONTENT)[];
  const rows = await db().select().from(contentBlocks).where(inArray(contentBlocks.key, keys));
  const byKey = new Map(rows.map((row) => [row.key, row.data]));
  const recommendations = DASHBOARD_CONTENT.recommendations.safeParse(byKey.get("recommendations"));
  const help = DASHBOARD_CONTENT["project-help"].safeParse(byKey.get("project-help"));
  return { recommendations: recommendations.success ? recommendations.data.items : [], help: help.success ? help.data : null };
}

/** Everything the Dashboard tab shows. */
export async function getDashboard(userId: string) {
  const [stats, recent, tokens, content] = await Promise.all([
    getDashboardStats(userId),
    listProjects(userId, RECENT_PROJECTS_SHOWN),
    getTokenUsage(userId),
    getDashboardContent(),
  ]);
  return { stats, recent, tokens, recommendations: content.recommendations };
}

export async function getProjectHelp(): Promise<ProjectHelp | null> {
  const [row] = await db().select().from(contentBlocks).where(eq(contentBlocks.key, "project-help")).limit(1);
  const parsed = DASHBOARD_CONTENT["project-help"].safeParse(row?.data);
  return parsed.success ? parsed.data : null;
}
