import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { averageRating } from "../identity/manage-account";
import {
  isFinished,
  matchesFilter,
  PROJECT_RATING_MESSAGES,
  summariseProjects,
  type ProjectFilter,
} from "./account-projects";
import { getTotalSpent } from "../billing/account-billing.server";
import { listRecentActivity, recordAccountEvent } from "../identity/account-settings.server";
import { db } from "../platform/db.server";
import { isUuid } from "../platform/ids";
import { ACTIVE_STATUSES, type ProjectCategory, type ProjectTimeline } from "./projects";
import { listHistory, listProjects, type ProjectRow } from "./projects.server";
import { trackedStatusLabel, trackProject } from "./project-tracking";
import { projectFiles, projectRatings, projects } from "../schema";

// Manage account → Project Management and the Dashboard's stats: the client's
// projects as cards, their summary, and the ratings behind "satisfaction".

export type ProjectRating = { rating: number; comment: string };

async function ratingsFor(projectIds: string[]): Promise<Map<string, ProjectRating>> {
  if (!projectIds.length) return new Map();
  const rows = await db().select().from(projectRatings).where(inArray(projectRatings.projectId, projectIds));
  return new Map(rows.map((r) => [r.projectId, { rating: r.rating, comment: r.comment }]));
}

async function filesFor(projectIds: string[]) {
  const byProject = new Map<string, { id: string; name: string; size: number }[]>();
  if (!projectIds.length) return byProject;
  const rows = await db()
    .select({
      id: projectFiles.id,
      projectId: projectFiles.projectId,
      name: projectFiles.name,
      size: projectFiles.size,
    })
    .from(projectFiles)
    .where(inArray(projectFiles.projectId, projectIds))
    .orderBy(asc(projectFiles.createdAt));
  for (const { projectId, ...file } of rows)
    byProject.set(projectId, [...(byProject.get(projectId) ?? []), file]);
  return byProject;
}

function toCard(
  row: ProjectRow,
  history: Awaited<ReturnType<typeof listHistory>>,
  files: Awaited<ReturnType<typeof filesFor>>,
  ratings: Map<string, ProjectRating>,
) {
  const tracked = trackProject(
    { ...row, category: row.category as ProjectCategory, timeline: row.timeline as ProjectTimeline },
    history.get(row.id) ?? [],
    "",
  );
  return {
    id: row.id,
    name: row.title,
    status: row.status,
    statusLabel: trackedStatusLabel(tracked.trackedStatus),
    progress: tracked.progress,
    startDate: tracked.startDate,
    expectedCompletion: tracked.estimatedCompletion,
    completedAt: tracked.actualCompletion,
    assignedTeam: tracked.assignedTeam,
    files: files.get(row.id) ?? [],
    rating: ratings.get(row.id) ?? null,
    canRate: isFinished(row.status),
  };
}
export type AccountProjectCard = ReturnType<typeof toCard>;

/** Project Management: the client's projects (filtered) and a summary of all of them. */
export async function listAccountProjects(userId: string, filter: ProjectFilter) {
  const rows = await listProjects(userId);
  const ids = rows.map((r) => r.id);
  const [history, files, ratings] = await Promise.all([listHistory(ids), filesFor(ids), ratingsFor(ids)]);
  return {
    projects: rows
      .filter((r) => matchesFilter(r.status, filter))
      .map((r) => toCard(r, history, files, ratings)),
    summary: summariseProjects(rows),
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

/** Everything the Dashboard tab shows. */
export async function getAccountDashboard(userId: string) {
  const [rows, spent, satisfaction, activity] = await Promise.all([
    listProjects(userId),
    getTotalSpent(userId),
    getSatisfaction(userId),
    listRecentActivity(userId),
  ]);
  const active = rows.filter((r) => ACTIVE_STATUSES.includes(r.status));
  // Contact Team opens the conversation of the project touched last, else /contact.
  const latest = [...active].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0];
  return {
    stats: {
      activeProjects: active.length,
      completedProjects: rows.filter((r) => isFinished(r.status)).length,
      totalSpent: spent,
      satisfaction,
    },
    activity,
    contactTeamHref: latest ? `/project/${latest.id}#conversation` : "/contact",
  };
}
