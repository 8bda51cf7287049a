import { z } from "zod";
import { STATUS_GUIDE, stepperStates } from "./status-vocabulary";
import {
  CLIENT_STAGE_LABELS,
  CLIENT_STAGES,
  clientStage,
  workStarted,
  type ClientStage,
} from "./status-labels";
import {
  progressFor,
  STEPS,
  TIMELINES,
  type ProjectCategory,
  type ProjectStatus,
  type ProjectTimeline,
} from "./projects";

// How the /order page tracks a project (docs/product.md, "Projects": tracked
// statuses, milestones and priorities), all derived from stored data. Pure.

/**
 * The /order status guide and filter: the client-facing stages of the status
 * vocabulary (decision 0057), defined once in status-vocabulary.ts.
 */
export const TRACKED_STATUSES = STATUS_GUIDE.map((s) => ({
  value: s.stage,
  label: s.label,
  meaning: s.meaning,
  whoseMove: s.whoseMoveLabel,
  next: s.next,
}));
export type TrackedStatus = ClientStage;

/** Project cards per page of /order. */
export const ORDER_PAGE_SIZE = 12;

export const trackedStatusLabel = (stage: TrackedStatus) => CLIENT_STAGE_LABELS[stage];

export type Milestone = {
  name: string;
  status: "completed" | "in-progress" | "pending";
  date: string | null;
};

/**
 * The stepper's five steps as milestones, in the same states as the stepper
 * (the status vocabulary); a reached step's date is the first time the
 * history reached it.
 */
export function milestonesFor(
  status: ProjectStatus,
  storedStep: number | null | undefined,
  history: { toStatus: ProjectStatus; step: number; at: string }[],
): Milestone[] {
  const states = stepperStates(status, storedStep);
  return STEPS.map((name, index) => {
    const step = index + 1;
    const reached = history.find((h) => h.step >= step);
    const state: Milestone["status"] =
      states[index] === "done" ? "completed" : states[index] === "current" ? "in-progress" : "pending";
    return { name, status: state, date: state === "pending" ? null : (reached?.at ?? null) };
  });
}

/** The /order search (docs/product.md, "Projects"): case-insensitive "contains" over name, id and client name. */
export const OrderFilterSchema = z.object({
  q: z.string().trim().max(200).catch("").default(""),
  status: z
    .enum(["all", ...CLIENT_STAGES])
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
  // Before the studio accepted the brief nothing was promised: no progress, no estimate (decision 0057).
  const started = workStarted(project.status, project.step);
  return {
    trackedStatus: clientStage(project.status, project.step),
    started,
    progress: started ? progressFor(project.status, project.step) : 0,
    startDate: project.createdAt,
    estimatedCompletion:
      !started || days === null ? null : new Date(project.createdAt.getTime() + days * DAY_MS),
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
