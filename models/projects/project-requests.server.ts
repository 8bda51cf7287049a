import { and, desc, eq } from "drizzle-orm";
import { readProfile, type PlanAndBalance } from "../identity/accounts.server";
import { db } from "../platform/db.server";
import { notifyStaff } from "../platform/notifications.server";
import { ACTIVE_STATUSES, STATUS_LABELS, TIMELINES } from "./projects";
import { listComments, listFiles, listHistory } from "./project-conversation.server";
import { listProjects } from "./project-lists.server";
import { type ProjectRow } from "./projects.server";
import { projectRequests } from "../schema";

// /profile: a live summary of the client's latest project, and the requests
// they can make about it (an online meeting, a detailed update).

export type RequestKind = "meeting" | "update";

/** Stores a request about the client's own project and tells staff (in-app). */
export async function createProjectRequest(
  project: ProjectRow,
  userId: string,
  request: { kind: RequestKind; preferredTime?: Date | null; note?: string },
): Promise<void> {
  if (project.userId !== userId) throw new Error("Only the project's owner can make requests about it.");
  await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(projectRequests)
      .values({
        projectId: project.id,
        userId,
        kind: request.kind,
        preferredTime: request.preferredTime ?? null,
        note: request.note ?? "",
      })
      .returning({ id: projectRequests.id });
    const title = request.kind === "meeting" ? "Online meeting requested" : "Detailed update requested";
    const when = request.preferredTime ? ` Preferred time: ${request.preferredTime.toISOString()}.` : "";
    await notifyStaff(
      {
        type: "info",
        title,
        message: `“${project.title}”.${when}${request.note ? ` Note: ${request.note.slice(0, 200)}` : ""}`,
        // A meeting request leads to the page where staff confirm it and send the invite (decision 0050).
        link:
          request.kind === "meeting" ? `/admin/meetings/online_meet/${row!.id}` : `/project/${project.id}`,
      },
      tx,
    );
  });
}

export type ResourceItem = { label: string; done: boolean; fixHref: string };

/** Everything /profile shows about the latest project, or null when the client has none. */
export async function getLatestProjectSummary(
  userId: string,
  now = new Date(),
  /** The plan and balance, read this request (billing's, from the account summary: projects sits left of billing). */
  account: Promise<PlanAndBalance>,
) {
  const [project] = await listProjects(userId, 1);
  if (!project) return null;
  const [files, { comments }, history, requests, profile] = await Promise.all([
    listFiles(project.id),
    listComments(project.id),
    listHistory([project.id]),
    db()
      .select()
      .from(projectRequests)
      .where(and(eq(projectRequests.projectId, project.id), eq(projectRequests.userId, userId)))
      .orderBy(desc(projectRequests.createdAt))
      .limit(5),
    readProfile(userId, account),
  ]);
  const steps = history.get(project.id) ?? [];
  const lastStatus = steps.at(-1);
  const lastStaffComment = [...comments].reverse().find((c) => c.role === "staff");
  const latestUpdate =
    lastStaffComment && (!lastStatus || lastStaffComment.timestamp > lastStatus.at)
      ? { kind: "message" as const, text: lastStaffComment.text, at: lastStaffComment.timestamp }
      : lastStatus
        ? {
            kind: "status" as const,
            text: lastStatus.reason || `Status changed to ${STATUS_LABELS[lastStatus.toStatus]}.`,
            at: lastStatus.at,
            status: lastStatus.toStatus,
          }
        : null;
  const resources: ResourceItem[] = [
    {
      label: "A detailed brief (at least 100 characters)",
      done: project.description.length >= 100,
      fixHref: `/project/${project.id}#conversation`,
    },
    { label: "Reference files attached", done: files.length > 0, fixHref: `/project/${project.id}#files` },
    {
      label: "Company name in your profile",
      done: Boolean(profile?.profile.company_name),
      fixHref: "/dashboard2/settings",
    },
    {
      label: "Contact number in your profile",
      done: Boolean(profile?.profile.contact),
      fixHref: "/dashboard2/settings",
    },
  ];
  const days = TIMELINES.find((t) => t.value === project.timeline)?.days ?? null;
  const due = days === null ? null : new Date(project.createdAt.getTime() + days * 86_400_000);
  const open = (ACTIVE_STATUSES as string[]).includes(project.status);
  const checks = {
    onTime: open && (due === null || due.getTime() >= now.getTime()),
    teamWorking: project.status === "in_progress" || project.status === "revision_requested",
    pendingResources: resources.some((r) => !r.done),
  };
  return {
    project,
    due,
    checks,
    files,
    comments: comments.slice(-3),
    history: steps,
    requests,
    latestUpdate,
    resources,
  };
}
