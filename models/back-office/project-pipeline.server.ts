import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { auditTrail } from "../platform/audit.server";
import { db } from "../platform/db.server";
import { ACTIVE_STATUSES, availableActions, type ProjectStatus } from "../projects/projects";
import { PIPELINE_VIEWS } from "./project-pipeline";
import { getProjectDetail } from "../projects/projects.server";
import { projects, users } from "../schema";
import { containsPattern, type Page } from "../platform/pagination";
import { readPage } from "./paging.server";
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
};

/** Most recently touched first, so what just moved is on top. */
export async function listPipeline(
  filter: PipelineFilter,
  requestedPage = 1,
): Promise<{ projects: PipelineRow[]; page: Page }> {
  const where = conditions(filter);
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
        })
        .from(projects)
        .innerJoin(users, eq(users.id, projects.userId))
        .where(where)
        .orderBy(desc(projects.updatedAt), desc(projects.id))
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

/** A project as staff see it: the client's page data, the client, the staff actions and the audit trail. */
export async function getPipelineProject(projectId: string | undefined, staff: { id: string }) {
  const detail = await getProjectDetail(projectId, { id: staff.id, role: "staff" });
  if (!detail) return null;
  const [client] = await db()
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(eq(users.id, detail.project.userId))
    .limit(1);
  return {
    ...detail,
    client: client!,
    actions: detail.project.userId === staff.id ? [] : availableActions(detail.project.status, "staff"),
    audit: await auditTrail("project", detail.project.id),
  };
}
