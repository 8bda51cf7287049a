import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { recordAudit } from "../platform/audit.server";
import { db, queryRows, type Database, type Transaction } from "../platform/db.server";
import { isUuid } from "../platform/ids";
import { addNotification, notifyStaff, queueProjectUpdate } from "../platform/notifications.server";
import { sendQueuedEmail, type QueuedEmail } from "../platform/mail.server";
import {
  ACTION_LABELS,
  ACTIVE_STATUSES,
  canTakeAction,
  nextStatus,
  PROJECT_MESSAGES,
  REVIEW_STEP,
  STATUS_LABELS,
  STATUS_TONES,
  stepFor,
  storedStepAfter,
  fileDownloadPath,
  type ActorRole,
  type ProjectAction,
  type ProjectCategory,
  type ProjectTimeline,
  type ProjectStatus,
} from "./projects";
import { type ProjectInput } from "./project-forms";
import { statusSentence } from "./status-vocabulary";
import { clientActionRefusal, CLIENT_STEP_MESSAGES, type ActionFacts } from "./client-steps";
import { clientStatusLabel, type ClientStage } from "./status-labels";
import { ORDER_PAGE_SIZE, trackProject, type TrackedProject } from "./project-tracking";
import { containsPattern, type Page } from "../platform/pagination";
import { readListPage } from "../platform/paging.server";
import { projectComments, projectFiles, projects, projectStatusHistory, users } from "../schema";
import { PROJECT_FILE_RULES } from "../platform/uploads";
import { deleteUpload, storeUpload } from "../platform/uploads.server";
import { recordClockChange } from "../delivery/clock.server";
import { closeRevisionRound } from "./proofing.server";
import { readThread } from "./thread.server";

export type Viewer = { id: string; role: ActorRole };
export type ProjectRow = Omit<typeof projects.$inferSelect, "status"> & { status: ProjectStatus };
export type ProjectFileRow = typeof projectFiles.$inferSelect;

/** A plan's project_limit of -1 means unlimited (docs/product.md, "Projects"). */
export const UNLIMITED = -1;

async function countActive(userId: string, database: Database | Transaction = db()): Promise<number> {
  const [row] = await database
    .select({ n: count() })
    .from(projects)
    .where(and(eq(projects.userId, userId), inArray(projects.status, [...ACTIVE_STATUSES])));
  return row?.n ?? 0;
}

export type CreateProjectResult =
  { ok: true; project: ProjectRow } | { ok: false; field: "files" | "form"; message: string };

class ProjectLimitReached extends Error {}

/**
 * Submits a project: it starts in_review ("under review"), with its file, a
 * history row and a notification. The limit check and the insert run under a
 * lock on the client's row, so two parallel submissions cannot both slip under it.
 */
export async function createProject(
  owner: { id: string },
  input: ProjectInput,
  /** projectLimit: the plan's limit on active projects (billing's; models/views/create-project.server.ts reads it). */
  options: { projectLimit: number; dataDir?: string; siteUrl?: string },
): Promise<CreateProjectResult> {
  const limit = options.projectLimit;
  const limitReached = {
    ok: false,
    field: "form",
    message: PROJECT_MESSAGES.projectLimitReached(limit),
  } as const;
  if (limit !== UNLIMITED && (await countActive(owner.id)) >= limit) return limitReached;

  const stored = input.files ? await storeUpload(input.files, PROJECT_FILE_RULES, options.dataDir) : null;
  if (stored && !stored.ok) return { ok: false, field: "files", message: stored.message };

  const status: ProjectStatus = "in_review";
  let project: ProjectRow;
  let email: QueuedEmail | null;
  try {
    ({ project, email } = await db().transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.id)).for("update");
      if (limit !== UNLIMITED && (await countActive(owner.id, tx)) >= limit) throw new ProjectLimitReached();
      const step = stepFor(status);
      const [created] = await tx
        .insert(projects)
        .values({
          userId: owner.id,
          title: input.title,
          description: input.description,
          category: input.category,
          budget: input.budget,
          timeline: input.timeline,
          useTokens: input.use_tokens,
          status,
          step,
        })
        .returning();
      const row = created as ProjectRow;
      await tx.insert(projectStatusHistory).values({
        projectId: row.id,
        fromStatus: null,
        toStatus: status,
        step,
        action: "submit",
        changedBy: owner.id,
      });
      if (stored?.ok)
        await tx.insert(projectFiles).values({ projectId: row.id, uploadedBy: owner.id, ...stored.upload });
      const link = `/project/${row.id}`;
      await addNotification(
        {
          userId: owner.id,
          type: "info",
          title: "Project submitted",
          message: `“${row.title}” has been submitted and is now under review.`,
          link,
        },
        tx,
      );
      await notifyStaff(
        {
          type: "info",
          title: "New project submitted",
          message: `“${row.title}” is waiting for review.`,
          link,
        },
        tx,
      );
      const email = await queueProjectUpdate(
        owner.id,
        {
          subject: `Project submitted: ${row.title}`,
          text: `${PROJECT_MESSAGES.submitted}.\n\nProject: ${row.title}\nStatus: ${statusSentence(status, step)}\n\nFollow it at ${options.siteUrl ?? ""}${link}`,
        },
        tx,
      );
      return { project: row, email };
    }));
  } catch (error) {
    if (stored?.ok) await deleteUpload(stored.upload.storageKey, options.dataDir);
    if (error instanceof ProjectLimitReached) return limitReached;
    throw error;
  }
  await sendQueuedEmail(email);
  return { ok: true, project };
}

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

/**
 * The client's latest projects and how many of all of them are active, in one
 * statement (the count rides on each row; with no project there is none active).
 */
export async function recentProjectsAndActiveCount(
  userId: string,
  limit: number,
): Promise<{ recent: ProjectRow[]; active: number }> {
  const rows = await db()
    .select({
      project: projects,
      active: sql<number>`(select count(*)::int from ${projects} p where p.user_id = ${userId} and p.status in (${sql.join(
        ACTIVE_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )}))`,
    })
    .from(projects)
    .where(eq(projects.userId, userId))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(limit);
  return { recent: rows.map((row) => row.project as ProjectRow), active: rows[0]?.active ?? 0 };
}

/** The project if the viewer may see it (its owner, or staff); otherwise null, as if it did not exist. */
export async function getProjectForViewer(
  projectId: string | undefined,
  viewer: Viewer,
): Promise<ProjectRow | null> {
  if (!isUuid(projectId)) return null;
  const [row] = await db().select().from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!row || (row.userId !== viewer.id && viewer.role !== "staff")) return null;
  return row as ProjectRow;
}

export const AUTHOR_LABELS: Record<ActorRole, string> = { client: "Client", staff: "Project Manager" };

export type ProjectComment = { id: string; text: string; author: string; role: ActorRole; timestamp: Date };
export type ProjectHistoryEntry = {
  toStatus: ProjectStatus;
  fromStatus: ProjectStatus | null;
  step: number;
  action: string;
  reason: string;
  at: Date;
};

export async function listHistory(projectIds: string[]): Promise<Map<string, ProjectHistoryEntry[]>> {
  const byProject = new Map<string, ProjectHistoryEntry[]>();
  if (!projectIds.length) return byProject;
  const rows = await db()
    .select()
    .from(projectStatusHistory)
    .where(inArray(projectStatusHistory.projectId, projectIds))
    .orderBy(asc(projectStatusHistory.createdAt), asc(projectStatusHistory.id));
  for (const row of rows) {
    const list = byProject.get(row.projectId) ?? [];
    list.push({
      toStatus: row.toStatus as ProjectStatus,
      fromStatus: row.fromStatus as ProjectStatus | null,
      step: row.step,
      action: row.action,
      reason: row.reason,
      at: row.createdAt,
    });
    byProject.set(row.projectId, list);
  }
  return byProject;
}

export async function listComments(projectId: string): Promise<ProjectComment[]> {
  const rows = await db()
    .select()
    .from(projectComments)
    .where(eq(projectComments.projectId, projectId))
    .orderBy(asc(projectComments.createdAt), asc(projectComments.id));
  return rows.map((row) => {
    const role = row.authorRole as ActorRole;
    return { id: row.id, text: row.body, author: AUTHOR_LABELS[role], role, timestamp: row.createdAt };
  });
}

export async function listFiles(projectId: string): Promise<ProjectFileRow[]> {
  return db()
    .select()
    .from(projectFiles)
    .where(eq(projectFiles.projectId, projectId))
    .orderBy(asc(projectFiles.createdAt));
}

/** Everything /project/:id shows, or null when the viewer may not see it. */
export async function getProjectDetail(projectId: string | undefined, viewer: Viewer) {
  const project = await getProjectForViewer(projectId, viewer);
  if (!project) return null;
  const [files, comments, history] = await Promise.all([
    listFiles(project.id),
    listComments(project.id),
    listHistory([project.id]),
  ]);
  return { project, files, comments, history: history.get(project.id) ?? [] };
}

/** The first `limit` files, in upload order, and how many there are in all (one statement). */
async function listFirstFiles(projectId: string, limit: number) {
  const rows = await db()
    .select({ file: projectFiles, total: sql<number>`(count(*) over ())::int` })
    .from(projectFiles)
    .where(eq(projectFiles.projectId, projectId))
    .orderBy(asc(projectFiles.createdAt), asc(projectFiles.id))
    .limit(limit);
  return { files: rows.map((r) => r.file), total: rows[0]?.total ?? 0 };
}

/**
 * What the client's /project/:id shows, or null when the viewer may not see
 * it: the project, its first `files` files and the latest `thread` entries of
 * its thread (decision 0057), each with its count (the page links to more).
 * Three statements, whatever the project's history.
 */
export async function getProjectPage(
  projectId: string | undefined,
  viewer: Viewer,
  window: { thread: number; files: number },
) {
  const project = await getProjectForViewer(projectId, viewer);
  if (!project) return null;
  const [files, thread] = await Promise.all([
    listFirstFiles(project.id, window.files),
    readThread(project, window.thread, project.userId === viewer.id ? "client" : "staff"),
  ]);
  return {
    project,
    files: files.files,
    thread: thread.entries,
    workEverStarted: thread.workEverStarted,
    counts: { files: files.total, thread: thread.total },
  };
}

/** A file of a project the viewer may see, or null. */
export async function getProjectFile(
  projectId: string | undefined,
  fileId: string | undefined,
  viewer: Viewer,
): Promise<ProjectFileRow | null> {
  if (!isUuid(fileId)) return null;
  const project = await getProjectForViewer(projectId, viewer);
  if (!project) return null;
  const [file] = await db()
    .select()
    .from(projectFiles)
    .where(and(eq(projectFiles.id, fileId), eq(projectFiles.projectId, project.id)))
    .limit(1);
  return file ?? null;
}

export type CommentResult = { ok: true; comment: ProjectComment | null } | { ok: false };

/**
 * Adds to the conversation. A blank comment is ignored (docs/product.md, "Projects"); a staff
 * reply notifies the client and is written to the audit log.
 */
export async function addComment(
  projectId: string | undefined,
  viewer: Viewer,
  text: string,
  options: { actorIp?: string; siteUrl?: string } = {},
): Promise<CommentResult> {
  const project = await getProjectForViewer(projectId, viewer);
  if (!project) return { ok: false };
  const body = text.trim();
  if (!body) return { ok: true, comment: null };
  const role: ActorRole = viewer.role === "staff" && project.userId !== viewer.id ? "staff" : "client";
  const link = `/project/${project.id}`;
  let email: QueuedEmail | null = null;
  const row = await db().transaction(async (tx) => {
    const [inserted] = await tx
      .insert(projectComments)
      .values({ projectId: project.id, authorId: viewer.id, authorRole: role, body })
      .returning();
    await tx.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, project.id));
    if (role === "staff") {
      await addNotification(
        {
          userId: project.userId,
          type: "info",
          title: "New message from your project manager",
          message: `On “${project.title}”: ${body.slice(0, 140)}`,
          link,
        },
        tx,
      );
      // Every studio message reaches the client by email too, recorded in the outbox in this
      // transaction (decision 0057); the client's email and project-update toggles apply.
      email = await queueProjectUpdate(
        project.userId,
        {
          kind: "project_message",
          subject: `New message on “${project.title}”`,
          text: `Your project manager wrote on “${project.title}”:\n\n${body}\n\nReply in the project's thread: ${options.siteUrl ?? ""}${link}`,
        },
        tx,
      );
      await recordAudit(
        {
          actor: { id: viewer.id, role: "staff", ip: options.actorIp },
          action: "project.comment",
          target: { type: "project", id: project.id, label: project.title },
          after: { comment_id: inserted!.id, text: body },
        },
        tx,
      );
    } else {
      await notifyStaff(
        {
          type: "info",
          title: "New client message",
          message: `On “${project.title}”: ${body.slice(0, 140)}`,
          link,
        },
        tx,
      );
    }
    return inserted!;
  });
  await sendQueuedEmail(email);
  return {
    ok: true,
    comment: { id: row.id, text: row.body, author: AUTHOR_LABELS[role], role, timestamp: row.createdAt },
  };
}

export type TransitionResult =
  | { ok: true; project: ProjectRow; from: ProjectStatus }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "illegal"; message: string };

class IllegalTransition extends Error {}

/** The facts the client's irreversible steps depend on, read inside the transition's transaction. */
async function readActionFacts(tx: Transaction, projectId: string, step: number): Promise<ActionFacts> {
  const [row] = await queryRows<{ latest: number | null; started: boolean }>(
    sql`select
      (select max(version) from proof_deliverables where project_id = ${projectId})::int as latest,
      exists(select 1 from project_status_history
             where project_id = ${projectId} and to_status = 'in_progress') as started`,
    tx as unknown as Database,
  );
  return { step, latestVersion: row?.latest ?? null, workEverStarted: Boolean(row?.started) };
}

/**
 * The only way a project's status changes: checks the transition table for the
 * viewer's role, updates status and step, writes a history row, notifies the
 * client in-app and by email (if they want it) and, for a client action, staff.
 * A staff action is also written to the audit log, in the same transaction.
 */
export async function transitionProject(
  projectId: string | undefined,
  viewer: Viewer,
  action: ProjectAction,
  reason = "",
  options: { siteUrl?: string; actorIp?: string; revisionCost?: number; approveVersion?: number } = {},
): Promise<TransitionResult> {
  const visible = await getProjectForViewer(projectId, viewer);
  if (!visible) return { ok: false, reason: "not_found" };
  const role: ActorRole = visible.userId === viewer.id ? "client" : "staff";
  let from: ProjectStatus = visible.status;
  try {
    const { project, email } = await db().transaction(async (tx) => {
      const [locked] = await tx.select().from(projects).where(eq(projects.id, visible.id)).for("update");
      from = locked!.status as ProjectStatus;
      const to = nextStatus(from, action);
      if (!to || !canTakeAction(from, action, role))
        throw new IllegalTransition(PROJECT_MESSAGES.illegalTransition(ACTION_LABELS[action], from));
      // Irreversible client steps only when they make sense (decision 0057).
      if (action === "approve" || action === "cancel") {
        const facts = await readActionFacts(tx, visible.id, locked!.step);
        const refusal = clientActionRefusal(from, action, facts);
        if (refusal) throw new IllegalTransition(refusal);
        if (
          action === "approve" &&
          options.approveVersion !== undefined &&
          options.approveVersion !== facts.latestVersion
        )
          throw new IllegalTransition(CLIENT_STEP_MESSAGES.versionChanged(facts.latestVersion!));
      }
      // Proofing (decision 0047): "Request Revision" closes a paid round, or nothing moves.
      const refused = await closeRevisionRound(tx, {
        project: locked!,
        action,
        viewerId: viewer.id,
        reason,
        confirmedCost: options.revisionCost,
      });
      if (refused) throw new IllegalTransition(refused);
      const step = storedStepAfter(to, locked!.step);
      const [updated] = await tx
        .update(projects)
        .set({ status: to, step, updatedAt: new Date() })
        .where(eq(projects.id, visible.id))
        .returning();
      // The clock's pause or resume is stamped with the change's own time (the transaction's),
      // so the thread orders them as cause and effect: a JavaScript Date taken a moment later
      // can sort before it once cut to milliseconds.
      const [history] = await tx
        .insert(projectStatusHistory)
        .values({
          projectId: visible.id,
          fromStatus: from,
          toStatus: to,
          step,
          action,
          changedBy: viewer.id,
          reason: reason.trim(),
        })
        .returning({ createdAt: projectStatusHistory.createdAt });
      await recordClockChange(tx, locked!, to, viewer.id, history!.createdAt);
      if (action === "request_revision" && reason.trim()) {
        await tx.insert(projectComments).values({
          projectId: visible.id,
          authorId: viewer.id,
          authorRole: role,
          body: `Revision requested: ${reason.trim()}`,
        });
      }
      const link = `/project/${visible.id}`;
      await addNotification(
        {
          userId: visible.userId,
          type: STATUS_TONES[to],
          title: "Project status updated",
          message: `“${visible.title}” is now ${clientStatusLabel(to, step)}.`,
          link,
        },
        tx,
      );
      if (role === "staff") {
        await recordAudit(
          {
            actor: { id: viewer.id, role: "staff", ip: options.actorIp },
            action: "project.transition",
            target: { type: "project", id: visible.id, label: visible.title },
            before: { status: from, step: locked!.step },
            after: { status: to, step, action },
            reason: reason.trim(),
          },
          tx,
        );
      }
      if (role === "client") {
        await notifyStaff(
          {
            type: STATUS_TONES[to],
            title: `Client action: ${ACTION_LABELS[action]}`,
            message: `“${visible.title}” is now ${STATUS_LABELS[to]}.${reason.trim() ? ` Reason: ${reason.trim().slice(0, 200)}` : ""}`,
            link,
          },
          tx,
        );
      }
      const email = await queueProjectUpdate(
        visible.userId,
        {
          subject: `${visible.title}: ${clientStatusLabel(to, step)}`,
          text: `Your project “${visible.title}” moved from ${clientStatusLabel(from, locked!.step)} to ${clientStatusLabel(to, step)}.${reason.trim() ? `\n\n${role === "staff" ? "Note from the studio" : "Reason"}: ${reason.trim()}` : ""}\n\n${statusSentence(to, step)}\n\nFollow it at ${options.siteUrl ?? ""}${link}`,
        },
        tx,
      );
      return { project: updated as ProjectRow, email };
    });
    await sendQueuedEmail(email);
    return { ok: true, project, from };
  } catch (error) {
    if (error instanceof IllegalTransition) return { ok: false, reason: "illegal", message: error.message };
    throw error;
  }
}

// ---------------------------------------------------------------------------
// API shapes (docs/product.md, "Projects")

export function apiProjectSummary(project: ProjectRow) {
  return {
    id: project.id,
    title: project.title,
    status: project.status,
    created_at: project.createdAt.toISOString(),
  };
}

export function apiProjectDetail(detail: { project: ProjectRow; files: ProjectFileRow[] }, origin: string) {
  const { project, files } = detail;
  return {
    id: project.id,
    title: project.title,
    description: project.description,
    status: project.status,
    step: stepFor(project.status, project.step),
    created_at: project.createdAt.toISOString(),
    category: project.category,
    budget: project.budget,
    timeline: project.timeline,
    use_tokens: project.useTokens,
    tokens_used: project.tokensUsed,
    files: files.map((file) => ({
      name: file.name,
      size: file.size,
      file: new URL(fileDownloadPath(project.id, file.id), origin).toString(),
    })),
  };
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

export type AddFileResult =
  | { ok: true; file: ProjectFileRow }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "invalid"; message: string };

/** Attaches another file to a project the viewer may see: the client's references, or a staff deliverable (audited). */
export async function addProjectFile(
  projectId: string | undefined,
  viewer: Viewer,
  file: File,
  options: { dataDir?: string; actorIp?: string } = {},
): Promise<AddFileResult> {
  const project = await getProjectForViewer(projectId, viewer);
  if (!project) return { ok: false, reason: "not_found" };
  const stored = await storeUpload(file, PROJECT_FILE_RULES, options.dataDir);
  if (!stored.ok) return { ok: false, reason: "invalid", message: stored.message };
  try {
    const row = await db().transaction(async (tx) => {
      const [inserted] = await tx
        .insert(projectFiles)
        .values({ projectId: project.id, uploadedBy: viewer.id, ...stored.upload })
        .returning();
      await tx.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, project.id));
      const link = `/project/${project.id}`;
      if (project.userId === viewer.id) {
        await notifyStaff(
          {
            type: "info",
            title: "New client file",
            message: `“${project.title}”: ${stored.upload.name}`,
            link,
          },
          tx,
        );
      } else {
        await addNotification(
          {
            userId: project.userId,
            type: "success",
            title: "New file from your project manager",
            message: `“${project.title}”: ${stored.upload.name}`,
            link,
          },
          tx,
        );
        await recordAudit(
          {
            actor: { id: viewer.id, role: "staff", ip: options.actorIp },
            action: "project.file_upload",
            target: { type: "project", id: project.id, label: project.title },
            after: {
              file_id: inserted!.id,
              name: inserted!.name,
              size: inserted!.size,
              content_type: inserted!.contentType,
            },
          },
          tx,
        );
      }
      return inserted!;
    });
    return { ok: true, file: row };
  } catch (error) {
    await deleteUpload(stored.upload.storageKey, options.dataDir);
    throw error;
  }
}
