import { z } from "zod";
import { PROJECT_FILE_RULES, UPLOAD_MESSAGES, fileExtension, type FileKind } from "./uploads";

// Projects: the options, the spec's messages and the state machine. Pure (no
// DB), so the pages, the API, the unit tests and the browser share one copy.
// See docs/decisions/0007-project-state-machine.md.

export const PROJECT_STATUSES = ["draft", "in_review", "in_progress", "revision_requested", "published", "completed", "cancelled"] as const;
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

/** Spec 001 §5 / §9: the values are the API's, the labels are ours. */
export const CATEGORIES = [
  { value: "strategy", label: "Brand strategy" },
  { value: "graphic", label: "Graphic design" },
  { value: "website", label: "Website" },
  { value: "video", label: "Video" },
  { value: "social_media", label: "Social media" },
  { value: "app", label: "App" },
  { value: "sound", label: "Sound" },
  { value: "ai_ar_vr", label: "AI, AR & VR" },
] as const;

export const BUDGETS = [
  { value: "under_1k", label: "Under ₹1,000" },
  { value: "1k_5k", label: "₹1,000 – ₹5,000" },
  { value: "5k_10k", label: "₹5,000 – ₹10,000" },
  { value: "10k_50k", label: "₹10,000 – ₹50,000" },
  { value: "above_50k", label: "Above ₹50,000" },
] as const;

/** The timeline slider's positions 0..3, in order. */
export const TIMELINES = [
  { value: "1_week", label: "1 week", days: 7 },
  { value: "2_weeks", label: "2 weeks", days: 14 },
  { value: "1_month", label: "1 month", days: 30 },
  { value: "flexible", label: "Flexible", days: null },
] as const;

type Values<T extends readonly { value: string }[]> = { [K in keyof T]: T[K]["value"] };
const values = <const T extends readonly { value: string }[]>(list: T) => list.map((o) => o.value) as unknown as Values<T>;

export const CATEGORY_VALUES = values(CATEGORIES);
export const BUDGET_VALUES = values(BUDGETS);
export const TIMELINE_VALUES = values(TIMELINES);
export type ProjectCategory = (typeof CATEGORY_VALUES)[number];
export type ProjectBudget = (typeof BUDGET_VALUES)[number];
export type ProjectTimeline = (typeof TIMELINE_VALUES)[number];

export const labelOf = (list: readonly { value: string; label: string }[], value: string) =>
  list.find((o) => o.value === value)?.label ?? value;

/** User-facing project strings. The first block is spec 001 word for word. */
export const PROJECT_MESSAGES = {
  titleRequired: "Project title is required",
  descriptionRequired: "Project description is required",
  categoryRequired: "Please select a category",
  budgetRequired: "Please select a budget range",
  timelineRequired: "Please select a timeline",
  submitted: "Your project has been submitted and is now under review",
  notFoundTitle: "Project Not Found",
  notFound: (id: string) => `The project with ID ${id} could not be found. Please check the URL or go back to the dashboard.`,
  apiNotFound: "Project not found",
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

/** Spec 001 §8 default errors of the project calls. */
export const PROJECT_API_ERRORS = {
  fetchStats: "Failed to fetch dashboard stats",
  fetchProjects: "Failed to fetch projects",
  createProject: "Failed to create project",
  fetchProject: "Failed to load project",
} as const;

// ---------------------------------------------------------------------------
// State machine

export const PROJECT_ACTIONS = [
  // The client's buttons on /project/:id (spec 001 §4).
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
export const TRANSITIONS: Record<ProjectStatus, Partial<Record<ProjectAction, ProjectStatus>>> = {
  draft: { request_revision: "revision_requested", cancel: "cancelled", send_for_review: "in_review", staff_cancel: "cancelled" },
  in_review: {
    approve: "published",
    request_revision: "revision_requested",
    accept: "in_progress",
    return_to_draft: "draft",
    staff_cancel: "cancelled",
  },
  in_progress: { request_revision: "revision_requested", send_for_review: "in_review", complete: "completed", staff_cancel: "cancelled" },
  revision_requested: { start_revision: "in_progress", send_for_review: "in_review", staff_cancel: "cancelled" },
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

/** The client's buttons, as in spec 001 §4: Approve & Publish, Request Revision, Cancel Project. */
export const clientActions = (status: ProjectStatus) => availableActions(status, "client");

// ---------------------------------------------------------------------------
// Stepper and tracking

export const STEPS = ["Submitted", "Accepted", "In Progress", "Review", "Published"] as const;

/** Statuses with a fixed stepper position (spec 001 §4); others show the stored step. */
const FIXED_STEP: Partial<Record<ProjectStatus, number>> = { draft: 1, in_review: 2, in_progress: 3, published: 5, completed: 5 };

const validStep = (step: number | null | undefined) => (step && Number.isInteger(step) && step >= 1 && step <= STEPS.length ? step : null);

/** The stepper position: draft 1, in_review 2, in_progress 3, published/completed 5, otherwise the stored step or 1. */
export function stepFor(status: ProjectStatus, storedStep?: number | null): number {
  return FIXED_STEP[status] ?? validStep(storedStep) ?? 1;
}

/** The step stored after entering a status: a fixed status sets it; others keep the step reached. */
export function storedStepAfter(status: ProjectStatus, previousStep: number): number {
  return FIXED_STEP[status] ?? validStep(previousStep) ?? 1;
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

/** The /order page's vocabulary (spec 001 §4 "Tracked project statuses"). */
export const TRACKED_STATUSES = [
  { value: "in-progress", label: "In Progress", meaning: "Our team is working on it." },
  { value: "under-review", label: "Under Review", meaning: "Deliverables are being checked for quality." },
  { value: "completed", label: "Completed", meaning: "Finalized and delivered." },
  { value: "on-hold", label: "On Hold", meaning: "Paused, waiting for your input or approval." },
  { value: "revision-requested", label: "Revision Requested", meaning: "Awaiting your feedback on submitted work." },
] as const;
export type TrackedStatus = (typeof TRACKED_STATUSES)[number]["value"] | "cancelled";

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

/** Progress in percent: the stepper position out of five; published and completed are 100. */
export function progressFor(status: ProjectStatus, storedStep?: number | null): number {
  return Math.round((stepFor(status, storedStep) / STEPS.length) * 100);
}

/** Statuses that count as "active" for the dashboard stat and the plan's project limit. */
export const ACTIVE_STATUSES: readonly ProjectStatus[] = ["draft", "in_review", "in_progress", "revision_requested"];

export type Milestone = { name: string; status: "completed" | "in-progress" | "pending"; date: string | null };

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
      step < current || (finished && step === current) ? "completed" : step === current && status !== "cancelled" ? "in-progress" : "pending";
    return { name, status: state, date: state === "pending" ? null : (reached?.at ?? null) };
  });
}

// ---------------------------------------------------------------------------
// Forms

const missing = (message: string) => ({ error: (issue: { input: unknown }) => (issue.input === undefined || issue.input === "" ? message : undefined) });
const emptyAsUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

/** The form's slider sends 0..3; the API sends the value itself. Both are accepted. */
function timelineInput(value: unknown) {
  if (typeof value === "number" || (typeof value === "string" && /^[0-3]$/.test(value))) return TIMELINES[Number(value)]?.value;
  return emptyAsUndefined(value);
}

const booleanInput = (value: unknown) => value === true || value === "true" || value === "on" || value === "1";

/** An empty file input submits a nameless, empty file: that is no file. */
const fileInput = (value: unknown) => (value instanceof File && value.size === 0 && !value.name ? undefined : emptyAsUndefined(value));

/** One project file: an allowed extension and at most 10 MB (the magic bytes are checked on the server). */
const projectFile = z
  .instanceof(File, { error: UPLOAD_MESSAGES.notAFile })
  .refine((file) => PROJECT_FILE_RULES.extensions.includes(fileExtension(file.name) as FileKind), { error: UPLOAD_MESSAGES.wrongType(PROJECT_FILE_RULES.extensions), abort: true })
  .refine((file) => file.size <= PROJECT_FILE_RULES.maxBytes, { error: UPLOAD_MESSAGES.tooLarge(PROJECT_FILE_RULES.maxBytes) });

/** Create project: the page (multipart) and POST /api/projects/ (JSON or multipart) share it. */
export const ProjectFormSchema = z.object({
  title: z
    .string(missing(PROJECT_MESSAGES.titleRequired))
    .trim()
    .min(1, { error: PROJECT_MESSAGES.titleRequired, abort: true })
    .max(200, { error: PROJECT_MESSAGES.titleTooLong }),
  description: z
    .string(missing(PROJECT_MESSAGES.descriptionRequired))
    .trim()
    .min(1, { error: PROJECT_MESSAGES.descriptionRequired, abort: true })
    .max(5000, { error: PROJECT_MESSAGES.descriptionTooLong }),
  category: z.preprocess(emptyAsUndefined, z.enum(CATEGORY_VALUES, { error: PROJECT_MESSAGES.categoryRequired })),
  budget: z.preprocess(emptyAsUndefined, z.enum(BUDGET_VALUES, { error: PROJECT_MESSAGES.budgetRequired })),
  timeline: z.preprocess(timelineInput, z.enum(TIMELINE_VALUES, { error: PROJECT_MESSAGES.timelineRequired })),
  use_tokens: z.preprocess(booleanInput, z.boolean()),
  files: z.preprocess(fileInput, projectFile.optional()),
});
export type ProjectInput = z.infer<typeof ProjectFormSchema>;

export const CommentFormSchema = z.object({
  // A blank comment is ignored (spec 001 §5): the action answers without saving.
  text: z.string().trim().max(2000, { error: PROJECT_MESSAGES.commentTooLong }).optional().default(""),
});

/** What a POST to /project/:id does. */
export const ProjectIntentSchema = z.object({ intent: z.enum(["comment", "upload", "approve", "request_revision", "cancel"]) });

/** Request Revision asks why. */
export const RevisionFormSchema = z.object({
  reason: z
    .string(missing(PROJECT_MESSAGES.reasonRequired))
    .trim()
    .min(1, { error: PROJECT_MESSAGES.reasonRequired, abort: true })
    .max(2000, { error: PROJECT_MESSAGES.reasonTooLong }),
});

/** Spec 001 §8's search on /order: case-insensitive "contains" over name, id and client name. */
export const OrderFilterSchema = z.object({
  q: z.string().trim().max(200).catch("").default(""),
  status: z.enum(["all", ...TRACKED_STATUSES.map((s) => s.value)] as [string, ...string[]]).catch("all").default("all"),
});

export function matchesSearch(project: { title: string; id: string; clientName: string }, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [project.title, project.id, project.clientName].some((field) => field.toLowerCase().includes(needle));
}

/** The team that takes a project, by its category. */
export const CATEGORY_TEAMS: Record<ProjectCategory, string> = {
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

/** A project as the /order page tracks it (spec 001 §3 "Tracked project"), all derived from stored data. */
export function trackProject(project: TrackableProject, history: HistoryPoint[], clientName: string) {
  const days = TIMELINES.find((t) => t.value === project.timeline)?.days ?? null;
  const finishedAt = [...history].reverse().find((h) => h.toStatus === "completed" || h.toStatus === "published");
  const finished = project.status === "completed" || project.status === "published";
  return {
    id: project.id,
    projectName: project.title,
    clientName,
    status: project.status,
    trackedStatus: TRACKED_STATUS_OF[project.status],
    progress: progressFor(project.status, project.step),
    startDate: project.createdAt,
    estimatedCompletion: days === null ? null : new Date(project.createdAt.getTime() + days * DAY_MS),
    actualCompletion: finished ? (finishedAt?.at ?? project.updatedAt) : null,
    assignedTeam: CATEGORY_TEAMS[project.category],
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

// ---------------------------------------------------------------------------
// /profile: requests about the latest project

export const REQUEST_MESSAGES = {
  preferredTimeRequired: "Please choose a preferred time.",
  preferredTimeInvalid: "Please choose a valid date and time.",
  preferredTimePast: "Please choose a time in the future.",
  meetingRequested: "Meeting requested. We will confirm the time by email.",
  updateRequested: "Update requested. Your project manager will reply in the conversation.",
  noteTooLong: "Please keep the note under 500 characters.",
} as const;

/** Preferred times are typed in the agency's time zone (IST, UTC+05:30), as the form says. */
export const MEETING_TIME_ZONE_OFFSET = "+05:30";

export const MeetingRequestSchema = z.object({
  preferredTime: z
    .string(missing(REQUEST_MESSAGES.preferredTimeRequired))
    .trim()
    .min(1, { error: REQUEST_MESSAGES.preferredTimeRequired, abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: REQUEST_MESSAGES.preferredTimeInvalid, abort: true })
    .transform((value) => new Date(`${value}:00${MEETING_TIME_ZONE_OFFSET}`))
    .refine((date) => !Number.isNaN(date.getTime()), { error: REQUEST_MESSAGES.preferredTimeInvalid, abort: true })
    .refine((date) => date.getTime() > Date.now(), { error: REQUEST_MESSAGES.preferredTimePast }),
  note: z.string().trim().max(500, { error: REQUEST_MESSAGES.noteTooLong }).optional().default(""),
});

/** Attach a file on /project/:id: the same rules as on the create form. */
export const FileFormSchema = z.object({
  files: z.preprocess(fileInput, projectFile),
});

/** Where a project file downloads from (an authorised resource route). */
export function fileDownloadPath(projectId: string, fileId: string): string {
  return `/project/${projectId}/files/${fileId}`;
}
