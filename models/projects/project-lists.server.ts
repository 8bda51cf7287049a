import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import { db } from "../platform/db.server";
import { REVIEW_STEP, type ProjectCategory, type ProjectTimeline } from "./projects";
import { type ClientStage } from "./status-labels";
import { ORDER_PAGE_SIZE, trackProject, type TrackedProject } from "./project-tracking";
import { containsPattern, type Page } from "../platform/pagination";
import { readListPage } from "../platform/paging.server";
import { projects } from "../schema";
import { type ProjectRow, countActive } from "./projects.server";
import { listHistory } from "./project-conversation.server";

// The client's projects as the screens list them: the dashboard, Projects, /order, the API and the assistant.

/** The client's projects, newest first. */
export async function listProjects(userId: string, limit?: number): Promise<ProjectRow[]> {
  const query = db()
    .select()
    .from(projects)
    .where(eq(projects.userId, userId))
    .orderBy(desc(projects.createdAt), desc(projects.id));
  return (limit ? await query.limit(limit) : await query) as ProjectRow[];
}

export async function countActiveProjects(userId: string): Promise<number> {
  return countActive(userId);
}

/** The projects in a stage of the status vocabulary, in SQL (in_review is two stages, by step). */
function stageCondition(stage: ClientStage) {
  if (stage === "submitted") return and(eq(projects.status, "in_review"), ne(projects.step, REVIEW_STEP));
  if (stage === "ready_for_review")
    return and(eq(projects.status, "in_review"), eq(projects.step, REVIEW_STEP));
  if (stage === "returned") return eq(projects.status, "draft");
  return eq(projects.status, stage);
}

/**
 * One page of the client's tracked projects (/order), newest first, with the
 * search (project name, id or client name, case-insensitive) and the status
 * filter applied in SQL: `total` counts all of the client's projects,
 * `page.total` those the filter keeps. Three statements whatever the history.
 */
export async function listTrackedProjects(
  client: { id: string; clientName: string },
  filter: { q: string; status: string },
  requestedPage = 1,
  size = ORDER_PAGE_SIZE,
): Promise<{ projects: TrackedProject[]; total: number; page: Page }> {
  const needle = filter.q.trim().toLowerCase();
  const pattern = containsPattern(needle);
  const keeps = and(
    eq(projects.userId, client.id),
    filter.status === "all" ? undefined : stageCondition(filter.status as ClientStage),
    // The client's name is on every one of their projects: when it matches, every project does.
    needle && !client.clientName.toLowerCase().includes(needle)
      ? sql`(lower(${projects.title}) like ${pattern} or ${projects.id}::text like ${pattern})`
      : undefined,
  );
  let total = 0;
  const { rows, page } = await readListPage(
    requestedPage,
    size,
    async () => {
      const [row] = await db()
        .select({ all: count(), kept: sql<number>`count(*) filter (where ${keeps})::int` })
        .from(projects)
        .where(eq(projects.userId, client.id));
      total = row?.all ?? 0;
      return row?.kept ?? 0;
    },
    async (limit, offset) =>
      (await db()
        .select()
        .from(projects)
        .where(keeps)
        .orderBy(desc(projects.createdAt), desc(projects.id))
        .limit(limit)
        .offset(offset)) as ProjectRow[],
  );
  const history = await listHistory(rows.map((r) => r.id));
  const tracked = rows.map((row) =>
    trackProject(
      { ...row, category: row.category as ProjectCategory, timeline: row.timeline as ProjectTimeline },
      history.get(row.id) ?? [],
      client.clientName,
    ),
  );
  return { projects: tracked, total, page };
}

/** The client's projects from `offset`, newest first, and how many there are in all (two statements at once). */
export async function listProjectsAt(userId: string, limit: number, offset: number) {
  const [counted, rows] = await Promise.all([
    db().select({ n: count() }).from(projects).where(eq(projects.userId, userId)),
    db()
      .select()
      .from(projects)
      .where(eq(projects.userId, userId))
      .orderBy(desc(projects.createdAt), desc(projects.id))
      .limit(limit)
      .offset(offset),
  ]);
  return { rows: rows as ProjectRow[], total: counted[0]?.n ?? 0 };
}
