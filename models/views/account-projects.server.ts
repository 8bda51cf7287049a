import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { paginate } from "../platform/pagination";
import { averageRating } from "../identity/manage-account";
import {
  isFinished,
  matchesFilter,
  PROJECT_RATING_MESSAGES,
  summariseProjects,
  type ProjectFilter,
} from "../projects/account-projects";
import { getTotalSpent } from "./account-billing.server";
import { listRecentActivity, recordAccountEvent } from "../identity/account-settings.server";
import { db } from "../platform/db.server";
import { isUuid } from "../platform/ids";
import {
  ACTIVE_STATUSES,
  PROJECT_STATUSES,
  type ProjectCategory,
  type ProjectTimeline,
} from "../projects/projects";
import type { ProjectRow } from "../projects/projects.server";
import { FINISHING_STATUSES, projectFacts, trackedStatusLabel } from "../projects/project-tracking";
import { projectFiles, projectRatings, projects, projectStatusHistory } from "../schema";

// Manage account → Project Management and the Dashboard's stats: the client's
// projects as cards, their summary, and the ratings behind "satisfaction".

export type ProjectRating = { rating: number; comment: string };

async function ratingsFor(projectIds: string[]): Promise<Map<string, ProjectRating>> {
  if (!projectIds.length) return new Map();
  const rows = await db().select().from(projectRatings).where(inArray(projectRatings.projectId, projectIds));
  return new Map(rows.map((r) => [r.projectId, { rating: r.rating, comment: r.comment }]));
}

/**
 * Each project's files as its card needs them: how many, and the file itself
 * when there is only one (the card downloads it directly; with more it links
 * to the project page). One row per project, however many files it has.
 */
async function filesFor(projectIds: string[]) {
  const byProject = new Map<
    string,
    { count: number; only: { id: string; name: string; size: number } | null }
  >();
  if (!projectIds.length) return byProject;
  const rows = await db()
    .select({
      projectId: projectFiles.projectId,
      count: sql<number>`count(*)::int`,
      // min() of one row is that row.
      id: sql<string>`min(${projectFiles.id}::text)`,
      name: sql<string>`min(${projectFiles.name})`,
      size: sql<number>`min(${projectFiles.size})::int`,
    })
    .from(projectFiles)
    .where(inArray(projectFiles.projectId, projectIds))
    .groupBy(projectFiles.projectId);
  for (const { projectId, count, id, name, size } of rows)
    byProject.set(projectId, { count, only: count === 1 ? { id, name, size: Number(size) } : null });
  return byProject;
}

/** When each finished project was completed: its latest move to a finishing status (one row per project). */
async function finishedAtFor(projectIds: string[]): Promise<Map<string, Date>> {
  if (!projectIds.length) return new Map();
  const rows = await db()
    .select({
      projectId: projectStatusHistory.projectId,
      at: sql<Date | string>`max(${projectStatusHistory.createdAt})`,
    })
    .from(projectStatusHistory)
    .where(
      and(
        inArray(projectStatusHistory.projectId, projectIds),
        inArray(projectStatusHistory.toStatus, FINISHING_STATUSES),
      ),
    )
    .groupBy(projectStatusHistory.projectId);
  return new Map(rows.map((r) => [r.projectId, new Date(r.at)]));
}

/** The columns a card is made from (no brief: the card does not show it). */
const cardColumns = {
  id: projects.id,
  title: projects.title,
  status: projects.status,
  step: projects.step,
  category: projects.category,
  timeline: projects.timeline,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
};
type CardRow = Pick<ProjectRow, keyof typeof cardColumns>;

function toCard(
  row: CardRow,
  finishedAt: Map<string, Date>,
  files: Awaited<ReturnType<typeof filesFor>>,
  ratings: Map<string, ProjectRating>,
) {
  const facts = projectFacts(
    { ...row, category: row.category as ProjectCategory, timeline: row.timeline as ProjectTimeline },
    finishedAt.get(row.id) ?? null,
  );
  return {
    id: row.id,
    name: row.title,
    status: row.status,
    statusLabel: trackedStatusLabel(facts.trackedStatus),
    progress: facts.progress,
    startDate: facts.startDate,
    expectedCompletion: facts.estimatedCompletion,
    completedAt: facts.actualCompletion,
    assignedTeam: facts.assignedTeam,
    files: files.get(row.id) ?? { count: 0, only: null },
    rating: ratings.get(row.id) ?? null,
    canRate: isFinished(row.status),
  };
}
export type AccountProjectCard = ReturnType<typeof toCard>;

/** Project cards per page of Project Management. */
const ACCOUNT_PROJECTS_PAGE_SIZE = 12;

/**
 * Project Management: one page of the client's projects (filtered), newest
 * first, and a summary of all of them, computed from a count per status and
 * step rather than from every row. Five statements, whatever the history.
 */
export async function listAccountProjects(userId: string, filter: ProjectFilter, requestedPage = 1) {
  const groups = await db()
    .select({ status: projects.status, step: projects.step, n: sql<number>`count(*)::int` })
    .from(projects)
    .where(eq(projects.userId, userId))
    .groupBy(projects.status, projects.step);
  const all = groups.flatMap((g) =>
    Array.from({ length: g.n }, () => ({ status: g.status as ProjectRow["status"], step: g.step })),
  );
  const statuses = PROJECT_STATUSES.filter((status) => matchesFilter(status, filter));
  const kept = all.filter((p) => matchesFilter(p.status, filter)).length;
  const page = paginate(kept, requestedPage, ACCOUNT_PROJECTS_PAGE_SIZE);
  const rows = (await db()
    .select(cardColumns)
    .from(projects)
    .where(and(eq(projects.userId, userId), inArray(projects.status, statuses)))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(page.limit)
    .offset(page.offset)) as CardRow[];
  const ids = rows.map((r) => r.id);
  const [finishedAt, files, ratings] = await Promise.all([
    finishedAtFor(ids),
    filesFor(ids),
    ratingsFor(ids),
  ]);
  return {
    projects: rows.map((r) => toCard(r, finishedAt, files, ratings)),
    summary: summariseProjects(all),
    page: { page: page.page, pageCount: page.pageCount, total: page.total },
  };
}

export type RateResult = { ok: true } | { ok: false; reason: "not_found" | "not_finished"; message: string };

/** Rates (or re-rates) one of the client's finished projects, 1–5 stars. */
export async function rateProject(
  userId: string,
  input: { projectId: string; rating: number; comment: string },
): Promise<RateResult> {
  if (!isUuid(input.projectId))
    return { ok: false, reason: "not_found", message: PROJECT_RATING_MESSAGES.projectNotFound };
  const [project] = await db()
    .select({ id: projects.id, title: projects.title, status: projects.status })
    .from(projects)
    .where(and(eq(projects.id, input.projectId), eq(projects.userId, userId)))
    .limit(1);
  if (!project) return { ok: false, reason: "not_found", message: PROJECT_RATING_MESSAGES.projectNotFound };
  if (!isFinished(project.status as ProjectRow["status"]))
    return { ok: false, reason: "not_finished", message: PROJECT_RATING_MESSAGES.ratingNotAllowed };
  const values = { rating: input.rating, comment: input.comment };
  await db().transaction(async (tx) => {
    await tx
      .insert(projectRatings)
      .values({ projectId: project.id, userId, ...values })
      .onConflictDoUpdate({ target: projectRatings.projectId, set: { ...values, updatedAt: sql`now()` } });
    await recordAccountEvent(
      userId,
      "project_rated",
      `You rated “${project.title}” ${input.rating} out of 5.`,
      tx,
    );
  });
  return { ok: true };
}

/** The Dashboard's satisfaction: the average of the client's ratings (null before the first). */
async function getSatisfaction(userId: string): Promise<{ average: number | null; count: number }> {
  const rows = await db()
    .select({ rating: projectRatings.rating })
    .from(projectRatings)
    .where(eq(projectRatings.userId, userId));
  return { average: averageRating(rows.map((r) => r.rating)), count: rows.length };
}

/** Everything the Dashboard tab shows: the organisation account's projects and spending, the person's own account events. */
export async function getAccountDashboard(userId: string, personId = userId) {
  const inList = (statuses: readonly string[]) =>
    sql.join(
      statuses.map((status) => sql`${status}`),
      sql`, `,
    );
  const finished = PROJECT_STATUSES.filter(isFinished);
  // The counts and the latest active project in one statement, not every project.
  const counted = db()
    .select({
      active: sql<number>`count(*) filter (where ${projects.status} in (${inList(ACTIVE_STATUSES)}))::int`,
      completed: sql<number>`count(*) filter (where ${projects.status} in (${inList(finished)}))::int`,
      // Contact Team opens the conversation of the project touched last, else /contact.
      latest: sql<
        string | null
      >`(array_agg(${projects.id} order by ${projects.updatedAt} desc) filter (where ${projects.status} in (${inList(ACTIVE_STATUSES)})))[1]`,
    })
    .from(projects)
    .where(eq(projects.userId, userId));
  const [[row], spent, satisfaction, activity] = await Promise.all([
    counted,
    getTotalSpent(userId),
    getSatisfaction(userId),
    listRecentActivity(personId),
  ]);
  const latest = row?.latest ? { id: row.latest } : null;
  return {
    stats: {
      activeProjects: row?.active ?? 0,
      completedProjects: row?.completed ?? 0,
      totalSpent: spent,
      satisfaction,
    },
    activity,
    contactTeamHref: latest ? `/project/${latest.id}#conversation` : "/contact",
  };
}
