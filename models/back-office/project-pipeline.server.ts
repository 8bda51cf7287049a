import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { auditTrail } from "../platform/audit.server";
import { db } from "../platform/db.server";
import { ACTIVE_STATUSES, availableActions, type ProjectStatus } from "../projects/projects";
import { PIPELINE_VIEWS } from "./project-pipeline";
import { projectComment, type ProjectHistoryEntry } from "../projects/project-conversation.server";
import { type ProjectFileRow, type ProjectRow } from "../projects/projects.server";
import { isUuid } from "../platform/ids";
import {
  deliveryClocks,
  projectComments,
  projectFiles,
  projects,
  projectStatusHistory,
  users,
} from "../schema";
import { atRiskColumns } from "../delivery/clock.server";
import { containsPattern, paginate, PAGE_SIZE, type Page } from "../platform/pagination";
import { readPage } from "../platform/paging.server";
import type { PipelineFilter, PipelineView } from "./project-pipeline";

export { parsePipelineFilter, type PipelineFilter, type PipelineView } from "./project-pipeline";

// The project pipeline: every client's projects by status. Changes go through
// models/projects/projects.server.ts (the state machine, notifications and history),
// never around it.

function conditions(filter: PipelineFilter): SQL | undefined {
  const where: Array<SQL | undefined> = [];
  if (filter.view === "active") where.push(inArray(projects.status, [...ACTIVE_STATUSES]));
  else if (filter.view !== "all") where.push(eq(projects.status, filter.view));
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    where.push(
      or(
        ilike(projects.title, pattern),
        ilike(users.username, pattern),
        ilike(users.email, pattern),
        sql`${projects.id}::text ilike ${pattern}`,
      ),
    );
  }
  return where.length ? and(...where) : undefined;
}

export type PipelineRow = {
  id: string;
  title: string;
  status: ProjectStatus;
  step: number;
  category: string;
  budget: string;
  timeline: string;
  createdAt: Date;
  updatedAt: Date;
  client: { id: string; username: string; email: string };
  /** The delivery clock (decision 0048): 48 hours or less left, or late; seconds left (negative when late). */
  clock: { atRisk: boolean; leftSeconds: number | null; paused: boolean };
};

/**
 * Projects at risk of missing their delivery date first (the least time left
 * on top), then the most recently touched, so what just moved is next.
 */
export async function listPipeline(
  filter: PipelineFilter,
  requestedPage = 1,
  now = new Date(),
): Promise<{ projects: PipelineRow[]; page: Page }> {
  const where = conditions(filter);
  const risk = atRiskColumns(now);
  const { rows, page } = await readPage(
    requestedPage,
    db().select({ n: count() }).from(projects).innerJoin(users, eq(users.id, projects.userId)).where(where),
    (page) =>
      db()
        .select({
          id: projects.id,
          title: projects.title,
          status: projects.status,
          step: projects.step,
          category: projects.category,
          budget: projects.budget,
          timeline: projects.timeline,
          createdAt: projects.createdAt,
          updatedAt: projects.updatedAt,
          client: { id: users.id, username: users.username, email: users.email },
          clock: {
            atRisk: risk.atRisk,
            leftSeconds: risk.leftSeconds,
            paused: sql<boolean>`(${deliveryClocks.pausedSince} is not null)`.mapWith(Boolean),
          },
        })
        .from(projects)
        .innerJoin(users, eq(users.id, projects.userId))
        .leftJoin(deliveryClocks, eq(deliveryClocks.projectId, projects.id))
        .where(where)
        .orderBy(
          desc(risk.atRisk),
          asc(sql`case when ${risk.atRisk} then ${risk.leftSeconds} end`),
          desc(projects.updatedAt),
          desc(projects.id),
        )
        .limit(page.limit)
        .offset(page.offset),
  );
  return { projects: rows as PipelineRow[], page };
}

/** How many projects are in each status (the tabs' counts). */
export async function countProjectsByStatus(): Promise<Record<PipelineView, number>> {
  const rows = await db()
    .select({ status: projects.status, n: count() })
    .from(projects)
    .groupBy(projects.status);
  const counts = Object.fromEntries(PIPELINE_VIEWS.map((view) => [view, 0])) as Record<PipelineView, number>;
  for (const row of rows) {
    counts[row.status as ProjectStatus] = row.n;
    counts.all += row.n;
    if ((ACTIVE_STATUSES as readonly string[]).includes(row.status)) counts.active += row.n;
  }
  return counts;
}

/** Which page of each of a project's lists to show (?files=, ?comments=, ?history=; 1 is the newest). */
export type ProjectWindows = { files?: number; comments?: number; history?: number };

/** The project and its client, or null (for an action, which needs no lists). */
export async function findPipelineProject(projectId: string | undefined): Promise<ProjectRow | null> {
  if (!isUuid(projectId)) return null;
  const [row] = await db().select().from(projects).where(eq(projects.id, projectId)).limit(1);
  return (row as ProjectRow | undefined) ?? null;
}

/**
 * A project as staff see it: the project with its client and the size of each
 * list in one statement, then one window of each list (newest first, shown
 * oldest first), and the newest staff actions, read together. The cost is the
 * same for a project with three comments or three thousand.
 */
export async function getPipelineProject(
  projectId: string | undefined,
  staff: { id: string },
  windows: ProjectWindows = {},
) {
  if (!isUuid(projectId)) return null;
  const counted = (table: typeof projectFiles | typeof projectComments | typeof projectStatusHistory) =>
    sql<number>`(select count(*)::int from ${table} where ${table.projectId} = ${projects.id})`.mapWith(
      Number,
    );
  const [row] = await db()
    .select({
      project: projects,
      client: {
        id: users.id,
        username: users.username,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      },
      files: counted(projectFiles),
      comments: counted(projectComments),
      history: counted(projectStatusHistory),
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.userId))
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!row) return null;
  const project = row.project as ProjectRow;
  const pages = {
    files: paginate(row.files, windows.files ?? 1),
    comments: paginate(row.comments, windows.comments ?? 1),
    history: paginate(row.history, windows.history ?? 1),
  };
  const [files, comments, history, audit] = await Promise.all([
    db()
      .select()
      .from(projectFiles)
      .where(eq(projectFiles.projectId, project.id))
      .orderBy(desc(projectFiles.createdAt), desc(projectFiles.id))
      .limit(pages.files.limit)
      .offset(pages.files.offset),
    db()
      .select()
      .from(projectComments)
      .where(eq(projectComments.projectId, project.id))
      .orderBy(desc(projectComments.createdAt), desc(projectComments.id))
      .limit(pages.comments.limit)
      .offset(pages.comments.offset),
    db()
      .select()
      .from(projectStatusHistory)
      .where(eq(projectStatusHistory.projectId, project.id))
      .orderBy(desc(projectStatusHistory.createdAt), desc(projectStatusHistory.id))
      .limit(pages.history.limit)
      .offset(pages.history.offset),
    auditTrail("project", project.id, PAGE_SIZE),
  ]);
  return {
    project,
    client: row.client,
    files: files.reverse() as ProjectFileRow[],
    comments: comments.reverse().map((comment) => projectComment(comment)),
    history: history.reverse().map((entry): ProjectHistoryEntry => ({
      toStatus: entry.toStatus as ProjectStatus,
      fromStatus: entry.fromStatus as ProjectStatus | null,
      step: entry.step,
      action: entry.action,
      reason: entry.reason,
      at: entry.createdAt,
    })),
    pages,
    actions: project.userId === staff.id ? [] : availableActions(project.status, "staff"),
    audit,
  };
}
