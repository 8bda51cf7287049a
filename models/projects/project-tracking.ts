import { z } from "zod";
import {
  progressFor,
  STEPS,
  stepFor,
  TIMELINES,
  type ProjectCategory,
  type ProjectStatus,
  type ProjectTimeline,
} from "./projects";

// How the /order page tracks a project (docs/product.md, "Projects": tracked
// statuses, milestones and priorities), all derived from stored data. Pure.

/** The /order page's vocabulary (docs/product.md, "Projects"). */
export const TRACKED_STATUSES = [
  { value: "in-progress", label: "In Progress", meaning: "Our team is working on it." },
  { value: "under-review", label: "Under Review", meaning: "Deliverables are being checked for quality." },
  { value: "completed", label: "Completed", meaning: "Finalized and delivered." },
  { value: "on-hold", label: "On Hold", meaning: "Paused, waiting for your input or approval." },
  {
    value: "revision-requested",
    label: "Revision Requested",
    meaning: "Awaiting your feedback on submitted work.",
  },
] as const;
export type TrackedStatus = (typeof TRACKED_STATUSES)[number]["value"] | "cancelled";

/** Project cards per page of /order. */
export const ORDER_PAGE_SIZE = 12;

/** Cancelled projects have no place in the five-status guide; they show under "All" only. */
export const TRACKED_STATUS_OF: Record<ProjectStatus, TrackedStatus> = {
  draft: "on-hold",
  in_review: "under-review",
  in_progress: "in-progress",
  revision_requested: "revision-requested",
  published: "completed",
  completed: "completed",
  cancelled: "cancelled",
};

export const trackedStatusLabel = (status: TrackedStatus) =>
  status === "cancelled" ? "Cancelled" : TRACKED_STATUSES.find((s) => s.value === status)!.label;

/** Urgency follows the timeline the client chose. */
export type Priority = "High" | "Medium" | "Low";
export function priorityFor(timeline: ProjectTimeline): Priority {
  return timeline === "1_week" ? "High" : timeline === "2_weeks" ? "Medium" : "Low";
}

export type Milestone = {
  name: string;
  status: "completed" | "in-progress" | "pending";
  date: string | null;
};

/**
 * The stepper's five steps as milestones. A step is completed once the
 * project went past it, in progress while it is the current step of an open
 * project; its date is the first time the history reached it.
 */
export function milestonesFor(
  status: ProjectStatus,
  storedStep: number | null | undefined,
  history: { toStatus: ProjectStatus; step: number; at: string }[],
): Milestone[] {
  const current = stepFor(status, storedStep);
  const finished = status === "published" || status === "completed";
  return STEPS.map((name, index) => {
    const step = index + 1;
    const reached = history.find((h) => h.step >= step);
    const state: Milestone["status"] =
      step < current || (finished && step === current)
        ? "completed"
        : step === current && status !== "cancelled"
          ? "in-progress"
          : "pending";
    return { name, status: state, date: state === "pending" ? null : (reached?.at ?? null) };
  });
}

/** The /order search (docs/product.md, "Projects"): case-insensitive "contains" over name, id and client name. */
export const OrderFilterSchema = z.object({
  q: z.string().trim().max(200).catch("").default(""),
  status: z
    .enum(["all", ...TRACKED_STATUSES.map((s) => s.value)] as [string, ...string[]])
    .catch("all")
    .default("all"),
});

export function matchesSearch(
  project: { title: string; id: string; clientName: string },
  query: string,
): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [project.title, project.id, project.clientName].some((field) =>
    field.toLowerCase().includes(needle),
  );
}

/** The team that takes a project, by its category. */
const CATEGORY_TEAMS: Record<ProjectCategory, string> = {
  strategy: "Brand Strategy",
  graphic: "Graphic Design",
  website: "Web Development",
  video: "Video & Motion",
  social_media: "Social Media",
  app: "App Development",
  sound: "Sound Design",
  ai_ar_vr: "AI, AR & VR Lab",
};

const DAY_MS = 24 * 60 * 60 * 1000;

export type TrackableProject = {
  id: string;
  title: string;
  description: string;
  category: ProjectCategory;
  timeline: ProjectTimeline;
  status: ProjectStatus;
  step: number;
  createdAt: Date;
  updatedAt: Date;
};
export type HistoryPoint = { toStatus: ProjectStatus; step: number; at: Date };

/** The statuses a finished project moved to last; the latest such move is when it was completed. */
export const FINISHING_STATUSES = ["completed", "published"] as const satisfies readonly ProjectStatus[];

/**
 * A project's tracked status, progress, dates and team: what both /order and
 * Project Management's cards show. `finishedAt` is the latest move to a
 * finishing status in its history (null when there is none: then the last update).
 */
export function projectFacts(
  project: Omit<TrackableProject, "id" | "title" | "description">,
  finishedAt: Date | null,
) {
  const days = TIMELINES.find((t) => t.value === project.timeline)?.days ?? null;
  const finished = (FINISHING_STATUSES as readonly ProjectStatus[]).includes(project.status);
  return {
    trackedStatus: TRACKED_STATUS_OF[project.status],
    progress: progressFor(project.status, project.step),
    startDate: project.createdAt,
    estimatedCompletion: days === null ? null : new Date(project.createdAt.getTime() + days * DAY_MS),
    actualCompletion: finished ? (finishedAt ?? project.updatedAt) : null,
    assignedTeam: CATEGORY_TEAMS[project.category],
  };
}

/** A project as the /order page tracks it (docs/product.md, "Projects"), all derived from stored data. */
export function trackProject(project: TrackableProject, history: HistoryPoint[], clientName: string) {
  const finishedAt = [...history]
    .reverse()
    .find((h) => (FINISHING_STATUSES as readonly ProjectStatus[]).includes(h.toStatus));
  return {
    id: project.id,
    projectName: project.title,
    clientName,
    status: project.status,
    ...projectFacts(project, finishedAt?.at ?? null),
    priority: priorityFor(project.timeline),
    lastUpdate: project.updatedAt,
    description: project.description,
    milestones: milestonesFor(
      project.status,
      project.step,
      history.map((h) => ({ toStatus: h.toStatus, step: h.step, at: h.at.toISOString() })),
    ),
  };
}
export type TrackedProject = ReturnType<typeof trackProject>;
