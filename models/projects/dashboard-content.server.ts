// The dashboard's seeded content (recommendations, the "how a project works"
// help): content blocks read and kept per process. Projects' own; the
// dashboard that combines it with billing's tokens is models/views/dashboard.server.ts.

import { eq, inArray } from "drizzle-orm";
import { DASHBOARD_CONTENT, type ProjectHelp, type Recommendation } from "./dashboard";
import { db } from "../platform/db.server";
import { contentBlocks } from "../schema";
import { keptContent } from "../content/kept-content.server";

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

/** The "how a project works" help: kept per process, like every seeded block. */
export const getProjectHelp = keptContent(readProjectHelp);

async function readProjectHelp(): Promise<ProjectHelp | null> {
  const [row] = await db().select().from(contentBlocks).where(eq(contentBlocks.key, "project-help")).limit(1);
  const parsed = DASHBOARD_CONTENT["project-help"].safeParse(row?.data);
  return parsed.success ? parsed.data : null;
}
