// Projects: the options, the spec's messages and the state machine. Pure (no
// DB), so the pages, the API, the unit tests and the browser share one copy.
// See docs/decisions/0007-project-state-machine.md.

import { BUDGET_VALUES, CATEGORY_VALUES, PROJECT_STATUSES, TIMELINE_VALUES } from "../schema/values";

import { TIMELINES } from "../delivery/clock";

export { BUDGET_VALUES, CATEGORY_VALUES, PROJECT_STATUSES, TIMELINE_VALUES };
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const STATUS_LABELS: Record<ProjectStatus, string> = {
  draft: "Draft",
  in_review: "In Review",
  in_progress: "In Progress",
  revision_requested: "Revision Requested",
  published: "Published",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** docs/product.md, "Projects": the values are the API's, the labels are ours. */
export const CATEGORIES = [
  { value: "strategy", label: "Brand strategy" },
  { value: "graphic", label: "Graphic design" },
  { value: "website", label: "Website" },
  { value: "video", label: "Video" },
  { value: "social_media", label: "Social media" },
  { value: "app", label: "App" },
  { value: "sound", label: "Sound" },
  { value: "ai_ar_vr", label: "AI, AR & VR" },
] as const satisfies readonly { value: (typeof CATEGORY_VALUES)[number]; label: string }[];

/**
 * The values are the API's codes, kept for stored projects and API clients; the labels
 * are the ranges they stand for, starting at the cheapest plan (₹14,999 a month): docs/decisions/0059.
 */
export const BUDGETS = [
  { value: "under_1k", label: "Under ₹15,000" },
  { value: "1k_5k", label: "₹15,000 – ₹50,000" },
  { value: "5k_10k", label: "₹50,000 – ₹1,00,000" },
  { value: "10k_50k", label: "₹1,00,000 – ₹5,00,000" },
  { value: "above_50k", label: "Above ₹5,00,000" },
] as const satisfies readonly { value: (typeof BUDGET_VALUES)[number]; label: string }[];

export { TIMELINES };

export type ProjectCategory = (typeof CATEGORY_VALUES)[number];
export type ProjectTimeline = (typeof TIMELINE_VALUES)[number];

export const labelOf = (list: readonly { value: string; label: string }[], value: string) =>
  list.find((o) => o.value === value)?.label ?? value;

/** User-facing project strings. The first block is the product's wording (docs/product.md, "Projects", "Error messages"), word for word. */
export const PROJECT_MESSAGES = {
  titleRequired: "Project title is required",
  descriptionRequired: "Project description is required",
  categoryRequired: "Please select a category",
  budgetRequired: "Please select a budget range",
  timelineRequired: "Please select a timeline",
  submitted: "Your project has been submitted and is now under review",
  notFoundTitle: "Project Not Found",
  notFound: (id: string) =>
    `The project with ID ${id} could not be found. Please check the URL or go back to the dashboard.`,
  apiNotFound: "Project not found",
  apiBadCursor: "Not a message of this project: use the comments_older link of the last answer.",
  noProjectsFound: "No projects found",
  adjustFilters: "Try adjusting your search or filter criteria",
  // Ours: where the spec is silent.
  titleTooLong: "Please keep the title under 200 characters.",
  descriptionTooLong: "Please keep the description under 5,000 characters.",
  commentTooLong: "Please keep your message under 2,000 characters.",
  reasonRequired: "Please tell us what should change.",
  reasonTooLong: "Please keep the reason under 2,000 characters.",
  projectLimitReached: (limit: number) =>
    `Your plan allows ${limit} active project${limit === 1 ? "" : "s"} at a time. Finish or cancel one, or upgrade your plan, to submit another.`,
  illegalTransition: (action: string, status: ProjectStatus) =>
    `You cannot ${action.toLowerCase()} a project that is ${STATUS_LABELS[status].toLowerCase()}.`,
  approved: "Project approved and published.",
  revisionRequested: "Revision requested. Your project manager has been notified.",
  cancelled: "Project cancelled.",
  commentAdded: "Message sent.",
  fileAdded: (name: string) => `${name} was added to the project.`,
} as const;

/** The product's default errors (docs/product.md, "Error messages") of the project calls. */
export { PROJECT_API_ERRORS } from "./api-errors";

// ---------------------------------------------------------------------------
// State machine

export const PROJECT_ACTIONS = [
  // The client's buttons on /project/:id (docs/product.md, "Projects").
  "approve",
  "request_revision",
  "cancel",
  // The agency's side (used by the back-office).
  "accept",
  "send_for_review",
  "return_to_draft",
  "start_revision",
  "complete",
  "staff_cancel",
] as const;
export type ProjectAction = (typeof PROJECT_ACTIONS)[number];
export type ActorRole = "client" | "staff";

export const ACTION_LABELS: Record<ProjectAction, string> = {
  approve: "Approve & Publish",
  request_revision: "Request Revision",
  cancel: "Cancel Project",
  accept: "Accept",
  send_for_review: "Send for review",
  return_to_draft: "Return to draft",
  start_revision: "Start revision",
  complete: "Complete",
  staff_cancel: "Cancel project",
};

/** Who may take each action. */
export const ACTION_ROLES: Record<ProjectAction, ActorRole> = {
  approve: "client",
  request_revision: "client",
  cancel: "client",
  accept: "staff",
  send_for_review: "staff",
  return_to_draft: "staff",
  start_revision: "staff",
  complete: "staff",
  staff_cancel: "staff",
};

/**
 * The whole transition table: from a status, an action leads to a status.
 * Anything not listed is illegal. published, completed and cancelled are
 * closed except for published → completed.
 */
const TRANSITIONS: Record<ProjectStatus, Partial<Record<ProjectAction, ProjectStatus>>> = {
  draft: {
    request_revision: "revision_requested",
    cancel: "cancelled",
    send_for_review: "in_review",
    staff_cancel: "cancelled",
  },
  in_review: {
    approve: "published",
    request_revision: "revision_requested",
    cancel: "cancelled",
    accept: "in_progress",
    return_to_draft: "draft",
    staff_cancel: "cancelled",
  },
  in_progress: {
    request_revision: "revision_requested",
    send_for_review: "in_review",
    complete: "completed",
    staff_cancel: "cancelled",
  },
  revision_requested: {
    start_revision: "in_progress",
    send_for_review: "in_review",
    staff_cancel: "cancelled",
  },
  published: { complete: "completed" },
  completed: {},
  cancelled: {},
};

export function nextStatus(status: ProjectStatus, action: ProjectAction): ProjectStatus | null {
  return TRANSITIONS[status][action] ?? null;
}

/** Each action belongs to one side: clients take the client's, staff the agency's. */
export function canTakeAction(status: ProjectStatus, action: ProjectAction, role: ActorRole): boolean {
  return ACTION_ROLES[action] === role && nextStatus(status, action) !== null;
}

/** The actions a role may take in a status, in table order (the buttons to show). */
export function availableActions(status: ProjectStatus, role: ActorRole): ProjectAction[] {
  return PROJECT_ACTIONS.filter((action) => canTakeAction(status, action, role));
}

// Which of the client's actions make sense now (Approve & Publish, Cancel Project): client-steps.ts (decision 0057).

// ---------------------------------------------------------------------------
// Stepper and tracking

export const STEPS = ["Submitted", "Accepted", "In Progress", "Review", "Published"] as const;

/** Statuses with a fixed stepper position (docs/product.md, "Projects"); others show the stored step. */
const FIXED_STEP: Partial<Record<ProjectStatus, number>> = {
  draft: 1,
  in_progress: 3,
  published: 5,
  completed: 5,
};

/**
 * in_review means two things in our state machine: a fresh submission under
 * review (the spec's step 2) and work sent back for review once it was in
 * progress, which is the stepper's own Review step (issue 18, item 12).
 */
const FRESH_REVIEW_STEP = 2;
export const REVIEW_STEP = 4;
const IN_PROGRESS_STEP = 3;

const validStep = (step: number | null | undefined) =>
  step && Number.isInteger(step) && step >= 1 && step <= STEPS.length ? step : null;

/** The stepper position: draft 1, in_review 2 (4 once work was in progress), in_progress 3, published/completed 5, otherwise the stored step or 1. */
export function stepFor(status: ProjectStatus, storedStep?: number | null): number {
  if (status === "in_review") return storedStep === REVIEW_STEP ? REVIEW_STEP : FRESH_REVIEW_STEP;
  return FIXED_STEP[status] ?? validStep(storedStep) ?? 1;
}

/** The step stored after entering a status: a fixed status sets it; others keep the step reached. */
export function storedStepAfter(status: ProjectStatus, previousStep: number): number {
  if (status === "in_review")
    return (validStep(previousStep) ?? 1) >= IN_PROGRESS_STEP ? REVIEW_STEP : FRESH_REVIEW_STEP;
  return FIXED_STEP[status] ?? validStep(previousStep) ?? 1;
}

/**
 * A staff button's words, saying what it does: from a fresh submission
 * "Accept" starts the work; from work under review the same move sends it
 * back to In Progress, and says so.
 */
export function staffActionLabel(
  action: ProjectAction,
  status: ProjectStatus,
  storedStep?: number | null,
): string {
  if (action === "accept" && stepFor(status, storedStep) === REVIEW_STEP) return "Back to In Progress";
  return ACTION_LABELS[action];
}

export const STATUS_TONES: Record<ProjectStatus, "success" | "warning" | "info"> = {
  draft: "info",
  in_review: "info",
  in_progress: "info",
  revision_requested: "warning",
  published: "success",
  completed: "success",
  cancelled: "warning",
};

/** Progress in percent: the stepper position out of five; published and completed are 100. */
export function progressFor(status: ProjectStatus, storedStep?: number | null): number {
  return Math.round((stepFor(status, storedStep) / STEPS.length) * 100);
}

/** Statuses that count as "active" for the dashboard stat and the plan's project limit. */
export const ACTIVE_STATUSES: readonly ProjectStatus[] = [
  "draft",
  "in_review",
  "in_progress",
  "revision_requested",
];

/** Where a project file downloads from (an authorised resource route). */
export function fileDownloadPath(projectId: string, fileId: string): string {
  return `/project/${projectId}/files/${fileId}`;
}
