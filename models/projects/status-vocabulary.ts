import { STEPS, type ProjectStatus } from "./projects";
import { CLIENT_STAGE_LABELS, CLIENT_STAGES, clientStage, type ClientStage } from "./status-labels";

// The one client-facing vocabulary of project statuses (decision 0057): what
// each stage is called, what it means, whose move it is and what happens next.
// The status badge, the stepper, /order, the project emails and the assistant
// all read it from here. Pure, so the browser may import it.
//
// A stage is the status read with the stored step: `in_review` is two stages,
// a fresh brief waiting for the studio (step 2) and delivered work waiting for
// the client (step 4, decision 0007).

/** Whose move it is: the client's, the studio's, or nobody's (the project is closed). */
type WhoseMove = "client" | "studio" | "none";

type StageWords = {
  label: string;
  meaning: string;
  whoseMove: WhoseMove;
  next: string;
};

const WHOSE_MOVE_LABELS: Record<WhoseMove, string> = {
  client: "Your move",
  studio: "The studio's move",
  none: "Closed",
};

export const CLIENT_STAGE_WORDS: Record<ClientStage, StageWords> = {
  submitted: {
    label: CLIENT_STAGE_LABELS.submitted,
    meaning: "Your brief is with the studio. Nothing has been started or promised yet.",
    whoseMove: "studio",
    next: "The studio accepts the brief and starts work (the delivery date is set then), or returns it with questions.",
  },
  returned: {
    label: CLIENT_STAGE_LABELS.returned,
    meaning: "The studio returned the brief to you with questions or changes to make.",
    whoseMove: "client",
    next: "Reply in the project's thread or request a revision with the changes; the studio then picks it up again.",
  },
  in_progress: {
    label: CLIENT_STAGE_LABELS.in_progress,
    meaning: "The studio accepted the brief and is working on it.",
    whoseMove: "studio",
    next: "The studio sends a version for your review.",
  },
  revision_requested: {
    label: CLIENT_STAGE_LABELS.revision_requested,
    meaning: "You asked for changes. The studio is working on them.",
    whoseMove: "studio",
    next: "The studio makes the changes and sends a new version for your review.",
  },
  ready_for_review: {
    label: CLIENT_STAGE_LABELS.ready_for_review,
    meaning: "A version has been delivered for you to review.",
    whoseMove: "client",
    next: "Approve & Publish the delivered version, or request a revision.",
  },
  published: {
    label: CLIENT_STAGE_LABELS.published,
    meaning: "You approved the delivered version and it was published.",
    whoseMove: "studio",
    next: "The studio hands over the final files and completes the project.",
  },
  completed: {
    label: CLIENT_STAGE_LABELS.completed,
    meaning: "Finalized and delivered.",
    whoseMove: "none",
    next: "Nothing: the thread and files stay here for you.",
  },
  cancelled: {
    label: CLIENT_STAGE_LABELS.cancelled,
    meaning: "The project was cancelled; no further work happens on it.",
    whoseMove: "none",
    next: "Nothing: the thread and files stay here for you.",
  },
};

/** Everything a client page says about a project's status, in one object. */
export function describeStatus(status: ProjectStatus, storedStep?: number | null) {
  const stage = clientStage(status, storedStep);
  const words = CLIENT_STAGE_WORDS[stage];
  return { stage, ...words, whoseMoveLabel: WHOSE_MOVE_LABELS[words.whoseMove] };
}

/** The status guide (/order's legend, the assistant): every stage in order with its words. */
export const STATUS_GUIDE = CLIENT_STAGES.map((stage) => ({
  stage,
  ...CLIENT_STAGE_WORDS[stage],
  whoseMoveLabel: WHOSE_MOVE_LABELS[CLIENT_STAGE_WORDS[stage].whoseMove],
}));

/** One line for an email or the assistant: "Submitted — your brief is with … Next: …". */
export function statusSentence(status: ProjectStatus, storedStep?: number | null): string {
  const d = describeStatus(status, storedStep);
  return `${d.label}: ${d.meaning} ${d.whoseMoveLabel}. Next: ${d.next}`;
}

// ---------------------------------------------------------------------------
// The stepper: Submitted, Accepted, In Progress, Review, Published.

export type StepState = "done" | "current" | "todo";

/**
 * Each step's state, agreeing with the badge: a fresh submission is on
 * "Submitted" (nothing is accepted yet); a returned brief too; in progress
 * and a revision on "In Progress" with "Accepted" done; delivered work on
 * "Review"; published and completed have every step done; a cancelled project
 * keeps the steps it had passed and has no current step.
 */
export function stepperStates(status: ProjectStatus, storedStep?: number | null): StepState[] {
  const stage = clientStage(status, storedStep);
  const current: Record<ClientStage, number> = {
    submitted: 1,
    returned: 1,
    in_progress: 3,
    revision_requested: (storedStep ?? 1) >= 3 ? 3 : 1,
    ready_for_review: 4,
    published: 6,
    completed: 6,
    cancelled: 0,
  };
  if (stage === "cancelled") {
    const passed = Math.min(Math.max((storedStep ?? 1) - 1, 0), STEPS.length);
    return STEPS.map((_, i) => (i < passed ? "done" : "todo"));
  }
  const at = current[stage];
  return STEPS.map((_, i) => (i + 1 < at ? "done" : i + 1 === at ? "current" : "todo"));
}
