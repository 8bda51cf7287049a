import { and, count, eq, inArray, sql } from "drizzle-orm";
import { notifyOrganisation } from "../platform/organisation-recipients.server";
import { recordAudit } from "../platform/audit.server";
import { db, queryRows, type Database, type Transaction } from "../platform/db.server";
import { isUuid } from "../platform/ids";
import { notifyStaff, queueProjectUpdate } from "../platform/notifications.server";
import { sendQueuedEmail, sendQueuedEmails, type QueuedEmail } from "../platform/mail.server";
import {
  ACTION_LABELS,
  ACTIVE_STATUSES,
  canTakeAction,
  nextStatus,
  PROJECT_MESSAGES,
  STATUS_LABELS,
  STATUS_TONES,
  stepFor,
  storedStepAfter,
  type ActorRole,
  type ProjectAction,
  type ProjectStatus,
} from "./projects";
import { type ProjectInput } from "./project-forms";
import { statusSentence } from "./status-vocabulary";
import { clientActionRefusal, CLIENT_STEP_MESSAGES, type ActionFacts } from "./client-steps";
import { clientStatusLabel } from "./status-labels";
import { projectComments, projectFiles, projects, projectStatusHistory, users } from "../schema";
import { PROJECT_FILE_RULES } from "../platform/uploads";
import { deleteUpload, storeUpload } from "../platform/uploads.server";
import { recordClockChange } from "../delivery/clock.server";
import { closeRevisionRound, type RevisionRoundPayment } from "./proofing.server";
import { markProposalBalanceDue } from "./proposal-balance.server";

/**
 * Who looks at a project: `id` is the account whose projects they see (an
 * organisation's account for its members; decision 0079), `personId` the person
 * who acts (the author of a message, the uploader of a file; `id` when absent).
 */
export type Viewer = { id: string; role: ActorRole; personId?: string };

/** The person behind a viewer's step: who wrote, uploaded or changed it. */
export const actingPerson = (viewer: Viewer): string => viewer.personId ?? viewer.id;
export type ProjectRow = Omit<typeof projects.$inferSelect, "status"> & { status: ProjectStatus };
export type ProjectFileRow = typeof projectFiles.$inferSelect;

/** A plan's project_limit of -1 means unlimited (docs/product.md, "Projects"). */
export const UNLIMITED = -1;

export async function countActive(userId: string, database: Database | Transaction = db()): Promise<number> {
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
  /** The account the project belongs to, and the person who briefed it (`id` when absent). */
  owner: { id: string; personId?: string },
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
  let email: QueuedEmail[] | null;
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
        changedBy: owner.personId ?? owner.id,
      });
      if (stored?.ok)
        await tx
          .insert(projectFiles)
          .values({ projectId: row.id, uploadedBy: owner.personId ?? owner.id, ...stored.upload });
      const link = `/project/${row.id}`;
      await notifyOrganisation(
        owner.id,
        "status",
        {
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
          text:
            `${PROJECT_MESSAGES.submitted}.\n\nProject: ${row.title}\nStatus: ${statusSentence(status, step)}\n\n` +
            `Follow it at ${options.siteUrl ?? ""}${link}`,
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

export type TransitionResult =
  | { ok: true; project: ProjectRow; from: ProjectStatus }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "illegal"; message: string };

export type TransitionOptions = {
  siteUrl?: string;
  actorIp?: string;
  revisionCost?: number;
  approveVersion?: number;
};

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
 * A client's "Request Revision" pays its round through billing's
 * `roundPayment` (required: `models/views/revision-rounds.server.ts` passes it; decision 0069).
 */
export async function transitionProject(
  projectId: string | undefined,
  viewer: Viewer,
  action: ProjectAction,
  reason: string,
  options: TransitionOptions & { roundPayment: RevisionRoundPayment },
): Promise<TransitionResult> {
  const visible = await getProjectForViewer(projectId, viewer);
  if (!visible) return { ok: false, reason: "not_found" };
  const role: ActorRole = visible.userId === viewer.id ? "client" : "staff";
  let from: ProjectStatus = visible.status;
  try {
    const { project, email, balanceEmails } = await db().transaction(async (tx) => {
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
      const refused = await closeRevisionRound(
        tx,
        {
          project: locked!,
          action,
          viewerId: actingPerson(viewer),
          reason,
          confirmedCost: options.revisionCost,
        },
        options.roundPayment,
      );
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
          changedBy: actingPerson(viewer),
          reason: reason.trim(),
        })
        .returning({ createdAt: projectStatusHistory.createdAt });
      await recordClockChange(tx, locked!, to, actingPerson(viewer), history!.createdAt);
      if (action === "request_revision" && reason.trim()) {
        await tx.insert(projectComments).values({
          projectId: visible.id,
          authorId: actingPerson(viewer),
          authorRole: role,
          body: `Revision requested: ${reason.trim()}`,
        });
      }
      const link = `/project/${visible.id}`;
      await notifyOrganisation(
        visible.userId,
        "status",
        {
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
      const reasonNote = reason.trim()
        ? `\n\n${role === "staff" ? "Note from the studio" : "Reason"}: ${reason.trim()}`
        : "";
      const email = await queueProjectUpdate(
        visible.userId,
        {
          subject: `${visible.title}: ${clientStatusLabel(to, step)}`,
          text:
            `Your project “${visible.title}” moved from ${clientStatusLabel(from, locked!.step)} to ${clientStatusLabel(to, step)}.` +
            `${reasonNote}\n\n${statusSentence(to, step)}\n\nFollow it at ${options.siteUrl ?? ""}${link}`,
        },
        tx,
      );
      // Delivered: a proposal's balance becomes due (decision 0084).
      const balanceEmails = to === "completed" ? await markProposalBalanceDue(tx, visible.id) : [];
      return { project: updated as ProjectRow, email, balanceEmails };
    });
    await sendQueuedEmail(email);
    await sendQueuedEmails(balanceEmails);
    return { ok: true, project, from };
  } catch (error) {
    if (error instanceof IllegalTransition) return { ok: false, reason: "illegal", message: error.message };
    throw error;
  }
}
