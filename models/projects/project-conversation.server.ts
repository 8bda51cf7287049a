import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { notifyOrganisation } from "../platform/organisation-recipients.server";
import { recordAudit } from "../platform/audit.server";
import { db } from "../platform/db.server";
import { isUuid } from "../platform/ids";
import { notifyStaff, queueProjectUpdate } from "../platform/notifications.server";
import { sendQueuedEmail, type QueuedEmail } from "../platform/mail.server";
import { type ActorRole, type ProjectStatus } from "./projects";
import { projectComments, projectFiles, projects, projectStatusHistory, users } from "../schema";
import { PROJECT_FILE_RULES } from "../platform/uploads";
import { deleteUpload, storeUpload } from "../platform/uploads.server";
import { readThread } from "./thread.server";
import { type ProjectFileRow, type Viewer, actingPerson, getProjectForViewer } from "./projects.server";

// A project's page: its files, messages and history, read for the page and added to by the client and staff.

export const AUTHOR_LABELS: Record<ActorRole, string> = { client: "Client", staff: "Project Manager" };

export type ProjectComment = {
  id: string;
  text: string;
  author: string;
  role: ActorRole;
  timestamp: Date;
  /** Who wrote it (listComments reads them; null when the person was deleted). */
  authorId?: string | null;
  authorUsername?: string | null;
  authorName?: string | null;
};
/** A stored message as the project's pages show it, labelled by its author's role. */
export function projectComment(row: typeof projectComments.$inferSelect): ProjectComment {
  const role = row.authorRole as ActorRole;
  return { id: row.id, text: row.body, author: AUTHOR_LABELS[role], role, timestamp: row.createdAt };
}

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

/** How many of a project's messages one read returns at most: the newest, oldest first. */
const COMMENTS_SHOWN = 100;

/**
 * A project's newest messages (at most `limit`, COMMENTS_SHOWN by default), oldest first, each with who
 * wrote it, how many the project has in all, and whether older ones remain (one statement). `before` (a message's id) reads the
 * ones written before that message instead, so a long thread is read a page at a time. `authorId` and
 * `authorName` (first and last name, else the username) let a reader name an organisation's members
 * apart (issue #40); `author` stays the role's label.
 */
export async function listComments(
  projectId: string,
  options: { limit?: number; before?: string } = {},
): Promise<{ comments: ProjectComment[]; total: number; older: boolean }> {
  const limit = Math.max(1, Math.min(options.limit ?? COMMENTS_SHOWN, COMMENTS_SHOWN));
  const before = options.before
    ? sql`(${projectComments.createdAt}, ${projectComments.id}) < (select c.created_at, c.id
        from ${projectComments} c where c.id = ${options.before} and c.project_id = ${projectId})`
    : undefined;
  const rows = await db()
    .select({
      comment: projectComments,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      total: sql<number>`(select count(*)::int from ${projectComments} c where c.project_id = ${projectId})`,
    })
    .from(projectComments)
    .leftJoin(users, eq(users.id, projectComments.authorId))
    .where(and(eq(projectComments.projectId, projectId), before))
    .orderBy(desc(projectComments.createdAt), desc(projectComments.id))
    .limit(limit + 1);
  // One more than asked for says whether older messages remain.
  const older = rows.length > limit;
  const comments = rows
    .slice(0, limit)
    .reverse()
    .map(({ comment: row, username, firstName, lastName }) => ({
      ...projectComment(row),
      authorId: row.authorId,
      authorUsername: username,
      authorName: `${firstName ?? ""} ${lastName ?? ""}`.trim() || username,
    }));
  return { comments, total: rows[0]?.total ?? 0, older };
}

export async function listFiles(projectId: string): Promise<ProjectFileRow[]> {
  return db()
    .select()
    .from(projectFiles)
    .where(eq(projectFiles.projectId, projectId))
    .orderBy(asc(projectFiles.createdAt));
}

/**
 * A project as the API shows it, with its newest messages (or those before `commentsBefore`), or
 * null when the viewer may not see it.
 */
export async function getProjectDetail(
  projectId: string | undefined,
  viewer: Viewer,
  commentsBefore?: string,
) {
  const project = await getProjectForViewer(projectId, viewer);
  if (!project) return null;
  const [files, thread, history] = await Promise.all([
    listFiles(project.id),
    listComments(project.id, { before: commentsBefore }),
    listHistory([project.id]),
  ]);
  return {
    project,
    files,
    comments: thread.comments,
    commentsTotal: thread.total,
    olderComments: thread.older,
    history: history.get(project.id) ?? [],
  };
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
    readThread(
      project,
      window.thread,
      project.userId === viewer.id ? "client" : "staff",
      actingPerson(viewer),
    ),
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
  let email: QueuedEmail[] | null = null;
  const row = await db().transaction(async (tx) => {
    const [inserted] = await tx
      .insert(projectComments)
      .values({ projectId: project.id, authorId: actingPerson(viewer), authorRole: role, body })
      .returning();
    await tx.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, project.id));
    if (role === "staff") {
      await notifyOrganisation(
        project.userId,
        "status",
        {
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
        .values({ projectId: project.id, uploadedBy: actingPerson(viewer), ...stored.upload })
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
        await notifyOrganisation(
          project.userId,
          "status",
          {
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
