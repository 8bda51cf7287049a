import { z } from "zod";
import {
  ACTION_ROLES,
  PROJECT_ACTIONS,
  PROJECT_MESSAGES,
  PROJECT_STATUSES,
  STATUS_LABELS,
  type ProjectAction,
  type ProjectStatus,
} from "../projects/projects";

// The agency's side of a project, as the back-office offers it. The actions
// and their rules are the state machine's (models/projects/projects.ts).

export const STAFF_ACTIONS = PROJECT_ACTIONS.filter((action) => ACTION_ROLES[action] === "staff") as [
  ProjectAction,
  ...ProjectAction[],
];

/** A status change: the action (one submit button each) and an optional note that goes into the history and the client's email. */
export const StaffTransitionSchema = z.object({
  intent: z.enum(STAFF_ACTIONS),
  reason: z.string().trim().max(2000, { error: PROJECT_MESSAGES.reasonTooLong }).optional().default(""),
});

export const STAFF_PROJECT_MESSAGES = {
  transitioned: (status: ProjectStatus) =>
    `The project is now ${STATUS_LABELS[status]}. The client has been notified.`,
  commentSent: "Message sent. The client has been notified.",
  deliverableAdded: (name: string) => `${name} was added. The client has been notified.`,
  ownProject: "This is your own project: act on it as its client, from its project page.",
} as const;

/** The pipeline's tabs: the open work first, then each status, then everything. */
export const PIPELINE_VIEWS = ["active", ...PROJECT_STATUSES, "all"] as const;
export type PipelineView = (typeof PIPELINE_VIEWS)[number];

export type PipelineFilter = { view: PipelineView; q: string };

export function parsePipelineFilter(params: URLSearchParams): PipelineFilter {
  const view = params.get("status") ?? "";
  return {
    view: (PIPELINE_VIEWS as readonly string[]).includes(view) ? (view as PipelineView) : "active",
    q: (params.get("q") ?? "").trim().slice(0, 200),
  };
}
