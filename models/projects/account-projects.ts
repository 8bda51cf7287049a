import { z } from "zod";
import { progressFor, type ProjectStatus } from "./projects";
import { workStarted } from "./status-labels";

// Project Management (Manage account): the status filter, the summary and
// the 1–5 star rating behind the Dashboard's satisfaction. Pure.

export const PROJECT_RATING_MESSAGES = {
  ratingRequired: "Please choose a rating from 1 to 5 stars.",
  ratingSaved: "Thank you for rating this project.",
  ratingNotAllowed: "You can rate a project once it is completed.",
  projectNotFound: "Project not found",
} as const;

const R = PROJECT_RATING_MESSAGES;
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Please keep this under ${max} characters.` })
    .optional()
    .default("");

/** A 1–5 star rating of a finished project, with an optional comment. */
export const RatingSchema = z.object({
  projectId: z.uuid({ error: R.projectNotFound }),
  rating: z
    .number({ error: R.ratingRequired })
    .int({ error: R.ratingRequired })
    .min(1, { error: R.ratingRequired })
    .max(5, { error: R.ratingRequired }),
  comment: optionalText(500),
});

/** The Project Management filter (docs/product.md, "Accounts"): all, in-progress, completed, under-review. */
export const PROJECT_FILTERS = [
  { value: "all", label: "All projects" },
  { value: "in-progress", label: "In progress" },
  { value: "completed", label: "Completed" },
  { value: "under-review", label: "Under review" },
] as const;
export type ProjectFilter = (typeof PROJECT_FILTERS)[number]["value"];
export const ProjectFilterSchema = z.object({
  status: z
    .enum(PROJECT_FILTERS.map((f) => f.value) as [ProjectFilter, ...ProjectFilter[]])
    .catch("all")
    .default("all"),
});

/**
 * Which statuses each filter shows. In progress and under review together are
 * the active projects (the Dashboard's stat); cancelled ones show under "all" only.
 */
const FILTER_STATUSES: Record<Exclude<ProjectFilter, "all">, readonly ProjectStatus[]> = {
  "in-progress": ["draft", "in_progress", "revision_requested"],
  "under-review": ["in_review"],
  completed: ["published", "completed"],
};

export const matchesFilter = (status: ProjectStatus, filter: ProjectFilter) =>
  filter === "all" || FILTER_STATUSES[filter].includes(status);

/** Finished work: what the Completed stat counts and what may be rated. */
export const isFinished = (status: ProjectStatus) => status === "published" || status === "completed";

/** Project Management's summary: counts and the average progress, from the projects themselves. */
export function summariseProjects(projects: { status: ProjectStatus; step: number }[]) {
  const open = projects.filter((p) => p.status !== "cancelled");
  // Nothing has progressed before the studio accepted the brief (decision 0057).
  const progress = open.map((p) => (workStarted(p.status, p.step) ? progressFor(p.status, p.step) : 0));
  return {
    total: projects.length,
    completed: projects.filter((p) => matchesFilter(p.status, "completed")).length,
    inProgress: projects.filter((p) => matchesFilter(p.status, "in-progress")).length,
    underReview: projects.filter((p) => matchesFilter(p.status, "under-review")).length,
    /** Cancelled projects are left out: they never progress. 0 when there is nothing to average. */
    averageProgress: progress.length ? Math.round(progress.reduce((a, b) => a + b, 0) / progress.length) : 0,
  };
}
