import { describe, expect, it } from "vitest";
import {
  ACTION_ROLES,
  availableActions,
  canTakeAction,
  nextStatus,
  progressFor,
  PROJECT_ACTIONS,
  PROJECT_MESSAGES,
  PROJECT_STATUSES,
  REVIEW_STEP,
  stepFor,
  storedStepAfter,
  type ProjectAction,
  type ProjectStatus,
} from "./projects";
import { CLIENT_STEP_MESSAGES, clientActionRefusal, clientActions } from "./client-steps";
import { MeetingRequestSchema, ProjectFormSchema } from "./project-forms";
import { matchesSearch, milestonesFor, OrderFilterSchema, trackProject } from "./project-tracking";

// The transition table written out independently of the model: every
// status × every action, "-" for illegal. See docs/decisions/0007.
const EXPECTED: Record<ProjectStatus, Record<ProjectAction, ProjectStatus | "-">> = {
  draft: {
    approve: "-",
    request_revision: "revision_requested",
    cancel: "cancelled",
    accept: "-",
    send_for_review: "in_review",
    return_to_draft: "-",
    start_revision: "-",
    complete: "-",
    staff_cancel: "cancelled",
  },
  in_review: {
    approve: "published",
    request_revision: "revision_requested",
    cancel: "cancelled",
    accept: "in_progress",
    send_for_review: "-",
    return_to_draft: "draft",
    start_revision: "-",
    complete: "-",
    staff_cancel: "cancelled",
  },
  in_progress: {
    approve: "-",
    request_revision: "revision_requested",
    cancel: "-",
    accept: "-",
    send_for_review: "in_review",
    return_to_draft: "-",
    start_revision: "-",
    complete: "completed",
    staff_cancel: "cancelled",
  },
  revision_requested: {
    approve: "-",
    request_revision: "-",
    cancel: "-",
    accept: "-",
    send_for_review: "in_review",
    return_to_draft: "-",
    start_revision: "in_progress",
    complete: "-",
    staff_cancel: "cancelled",
  },
  published: {
    approve: "-",
    request_revision: "-",
    cancel: "-",
    accept: "-",
    send_for_review: "-",
    return_to_draft: "-",
    start_revision: "-",
    complete: "completed",
    staff_cancel: "-",
  },
  completed: {
    approve: "-",
    request_revision: "-",
    cancel: "-",
    accept: "-",
    send_for_review: "-",
    return_to_draft: "-",
    start_revision: "-",
    complete: "-",
    staff_cancel: "-",
  },
  cancelled: {
    approve: "-",
    request_revision: "-",
    cancel: "-",
    accept: "-",
    send_for_review: "-",
    return_to_draft: "-",
    start_revision: "-",
    complete: "-",
    staff_cancel: "-",
  },
};

describe("project state machine", () => {
  for (const status of PROJECT_STATUSES) {
    for (const action of PROJECT_ACTIONS) {
      const expected = EXPECTED[status][action];
      it(`${status} × ${action} → ${expected === "-" ? "illegal" : expected}`, () => {
        expect(nextStatus(status, action)).toBe(expected === "-" ? null : expected);
        const role = ACTION_ROLES[action];
        const other = role === "client" ? "staff" : "client";
        expect(canTakeAction(status, action, role)).toBe(expected !== "-");
        // An action is never available to the other side.
        expect(canTakeAction(status, action, other)).toBe(false);
      });
    }
  }

  const fresh = { step: 2, latestVersion: null, workEverStarted: false };
  const delivered = { step: REVIEW_STEP, latestVersion: 1, workEverStarted: true };
  const started = { step: 3, latestVersion: null, workEverStarted: true };

  it("shows the client's buttons only when they make sense (closed and already-revising projects have none to repeat)", () => {
    expect(clientActions("draft", { ...fresh, step: 1 })).toEqual(["request_revision", "cancel"]);
    expect(clientActions("in_review", fresh)).toEqual(["request_revision", "cancel"]);
    expect(clientActions("in_review", delivered)).toEqual(["approve", "request_revision"]);
    expect(clientActions("in_progress", started)).toEqual(["request_revision"]);
    expect(clientActions("revision_requested", started)).toEqual([]);
    expect(clientActions("published", delivered)).toEqual([]);
    expect(clientActions("completed", delivered)).toEqual([]);
    expect(clientActions("cancelled", fresh)).toEqual([]);
  });

  it("Approve & Publish only with a delivered version under review, Cancel Project only before work started", () => {
    expect(clientActionRefusal("in_review", "approve", fresh)).toBe(CLIENT_STEP_MESSAGES.nothingToApprove);
    expect(clientActionRefusal("in_review", "approve", { ...delivered, latestVersion: null })).toBe(
      CLIENT_STEP_MESSAGES.nothingToApprove,
    );
    expect(clientActionRefusal("in_review", "approve", delivered)).toBeNull();
    expect(clientActionRefusal("draft", "cancel", { ...fresh, workEverStarted: true })).toBe(
      CLIENT_STEP_MESSAGES.cancelAfterStart,
    );
    for (const status of PROJECT_STATUSES) {
      if (status === "published" || status === "completed")
        expect(clientActions(status, delivered)).not.toContain("request_revision");
    }
  });

  it("lists staff actions for the back-office", () => {
    expect(availableActions("in_review", "staff")).toEqual(["accept", "return_to_draft", "staff_cancel"]);
    expect(availableActions("published", "staff")).toEqual(["complete"]);
  });
});

describe("stepper", () => {
  it("maps draft 1, in_review 2, in_progress 3, published and completed 5", () => {
    expect(stepFor("draft", 4)).toBe(1);
    expect(stepFor("in_review", 5)).toBe(2);
    expect(stepFor("in_progress", 1)).toBe(3);
    expect(stepFor("published", 1)).toBe(5);
    expect(stepFor("completed", 2)).toBe(5);
  });

  it("otherwise shows the project's own step, or 1", () => {
    expect(stepFor("revision_requested", 4)).toBe(4);
    expect(stepFor("cancelled", 3)).toBe(3);
    expect(stepFor("revision_requested", null)).toBe(1);
    expect(stepFor("cancelled", 0)).toBe(1);
    expect(stepFor("cancelled", 9)).toBe(1);
  });

  it("stores the step of a fixed status, and keeps the step reached otherwise", () => {
    expect(storedStepAfter("in_progress", 2)).toBe(3);
    expect(storedStepAfter("revision_requested", 3)).toBe(3);
    expect(storedStepAfter("cancelled", 2)).toBe(2);
  });

  it("turns the step into progress", () => {
    expect(progressFor("draft")).toBe(20);
    expect(progressFor("in_progress")).toBe(60);
    expect(progressFor("completed")).toBe(100);
    expect(progressFor("revision_requested", 3)).toBe(60);
  });
});

describe("tracking", () => {
  const created = new Date("2026-03-01T10:00:00Z");
  const base = {
    id: "7a1b2c3d-0000-4000-8000-000000000001",
    title: "Café rebrand",
    description: "Logo",
    category: "graphic" as const,
    timeline: "2_weeks" as const,
    createdAt: created,
    updatedAt: new Date("2026-03-05T10:00:00Z"),
  };

  it("derives milestones, dates, team, priority and completion from the history", () => {
    const history = [
      { toStatus: "in_review" as const, step: 2, at: created },
      { toStatus: "in_progress" as const, step: 3, at: new Date("2026-03-03T09:00:00Z") },
    ];
    const tracked = trackProject({ ...base, status: "in_progress", step: 3 }, history, "Maya Rao");
    expect(tracked.trackedStatus).toBe("in_progress");
    expect(tracked).not.toHaveProperty("priority");
    expect(tracked.assignedTeam).toBe("Graphic Design");
    expect(tracked.estimatedCompletion?.toISOString()).toBe("2026-03-15T10:00:00.000Z");
    expect(tracked.actualCompletion).toBeNull();
    expect(tracked.milestones.map((m) => [m.name, m.status, m.date?.slice(0, 10) ?? null])).toEqual([
      ["Submitted", "completed", "2026-03-01"],
      ["Accepted", "completed", "2026-03-01"],
      ["In Progress", "in-progress", "2026-03-03"],
      ["Review", "pending", null],
      ["Published", "pending", null],
    ]);
  });

  it("marks every milestone done once published, and a cancelled project has none in progress", () => {
    const done = milestonesFor("completed", 5, [
      { toStatus: "completed", step: 5, at: "2026-03-09T00:00:00.000Z" },
    ]);
    expect(done.every((m) => m.status === "completed")).toBe(true);
    const cancelled = milestonesFor("cancelled", 2, []);
    expect(cancelled.map((m) => m.status)).toEqual(["completed", "pending", "pending", "pending", "pending"]);
    // A fresh submission is on "Submitted": nothing is accepted yet (decision 0057).
    expect(milestonesFor("in_review", 2, []).map((m) => m.status)).toEqual([
      "in-progress",
      "pending",
      "pending",
      "pending",
      "pending",
    ]);
  });

  it("has a flexible timeline without an estimated date", () => {
    const tracked = trackProject(
      { ...base, timeline: "flexible", status: "published", step: 5 },
      [{ toStatus: "published", step: 5, at: new Date("2026-03-10T00:00:00Z") }],
      "Maya",
    );
    expect(tracked.estimatedCompletion).toBeNull();
    expect(tracked.trackedStatus).toBe("published");
    expect(tracked.actualCompletion?.toISOString()).toBe("2026-03-10T00:00:00.000Z");
  });

  it("shows no progress or estimate before the studio accepted the brief", () => {
    const tracked = trackProject({ ...base, status: "in_review", step: 2 }, [], "Maya");
    expect(tracked.trackedStatus).toBe("submitted");
    expect(tracked.progress).toBe(0);
    expect(tracked.estimatedCompletion).toBeNull();
  });

  it("searches name, id and client name, case-insensitively", () => {
    const project = { title: "Café Rebrand", id: "7A1B2C3D-aaaa", clientName: "Maya Rao" };
    expect(matchesSearch(project, "café")).toBe(true);
    expect(matchesSearch(project, "7a1b")).toBe(true);
    expect(matchesSearch(project, "RAO")).toBe(true);
    expect(matchesSearch(project, "  ")).toBe(true);
    expect(matchesSearch(project, "video")).toBe(false);
  });

  it("reads the /order filter from the URL, falling back to all", () => {
    expect(OrderFilterSchema.parse({ q: " logo ", status: "completed" })).toEqual({
      q: "logo",
      status: "completed",
    });
    expect(OrderFilterSchema.parse({ status: "nonsense" })).toEqual({ q: "", status: "all" });
  });
});

describe("create project form", () => {
  it("answers an empty form with the spec's messages", () => {
    const result = ProjectFormSchema.safeParse({ title: " ", description: "", category: "", budget: "" });
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({
      title: PROJECT_MESSAGES.titleRequired,
      description: PROJECT_MESSAGES.descriptionRequired,
      category: PROJECT_MESSAGES.categoryRequired,
      budget: PROJECT_MESSAGES.budgetRequired,
      timeline: PROJECT_MESSAGES.timelineRequired,
    });
    expect(PROJECT_MESSAGES.titleRequired).toBe("Project title is required");
    expect(PROJECT_MESSAGES.timelineRequired).toBe("Please select a timeline");
  });

  it("maps the slider's 0..3 to the timeline values, and accepts the values themselves", () => {
    const base = { title: "T", description: "D", category: "graphic", budget: "1k_5k" };
    expect(
      ["0", "1", "2", "3"].map((t) => ProjectFormSchema.parse({ ...base, timeline: t }).timeline),
    ).toEqual(["1_week", "2_weeks", "1_month", "flexible"]);
    expect(ProjectFormSchema.parse({ ...base, timeline: "2_weeks" }).timeline).toBe("2_weeks");
    expect(ProjectFormSchema.safeParse({ ...base, timeline: "4" }).success).toBe(false);
    expect(ProjectFormSchema.parse({ ...base, timeline: 1, use_tokens: true }).use_tokens).toBe(true);
    expect(ProjectFormSchema.parse({ ...base, timeline: 1, use_tokens: "on" }).use_tokens).toBe(true);
    expect(ProjectFormSchema.parse({ ...base, timeline: 1 }).use_tokens).toBe(false);
  });

  it("rejects a wrong category or budget, and an unsupported or oversized file", () => {
    const base = { title: "T", description: "D", category: "graphic", budget: "1k_5k", timeline: "1_week" };
    expect(ProjectFormSchema.safeParse({ ...base, category: "poetry" }).error?.issues[0]?.message).toBe(
      PROJECT_MESSAGES.categoryRequired,
    );
    expect(ProjectFormSchema.safeParse({ ...base, budget: "free" }).error?.issues[0]?.message).toBe(
      PROJECT_MESSAGES.budgetRequired,
    );
    const exe = new File(["MZ"], "setup.exe");
    expect(ProjectFormSchema.safeParse({ ...base, files: exe }).error?.issues[0]?.message).toMatch(
      /^Please upload a pdf, doc/,
    );
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "big.pdf");
    expect(ProjectFormSchema.safeParse({ ...base, files: big }).error?.issues[0]?.message).toBe(
      "The file is too large. The maximum size is 10 MB.",
    );
    // An empty file input is no file.
    expect(ProjectFormSchema.parse({ ...base, files: new File([], "") }).files).toBeUndefined();
  });
});

describe("meeting request", () => {
  it("reads the preferred time in IST and wants it in the future", () => {
    expect(
      MeetingRequestSchema.parse({ preferredTime: "2999-01-02T15:30" }).preferredTime.toISOString(),
    ).toBe("2999-01-02T10:00:00.000Z");
    expect(
      MeetingRequestSchema.safeParse({ preferredTime: "2001-01-02T15:30" }).error?.issues[0]?.message,
    ).toBe("Please choose a time in the future.");
    expect(MeetingRequestSchema.safeParse({ preferredTime: "" }).error?.issues[0]?.message).toBe(
      "Please choose a preferred time.",
    );
  });
});
