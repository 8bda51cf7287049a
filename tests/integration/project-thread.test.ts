import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~models/platform/db.server";
import { CLIENT_STEP_MESSAGES } from "~models/projects/client-steps";
import { transitionProject } from "~models/views/revision-rounds.server";
import { CLIENT_STAGE_WORDS, describeStatus, STATUS_GUIDE } from "~models/projects/status-vocabulary";
import { TRACKED_STATUSES } from "~models/projects/project-tracking";
import { emailOutbox, notifications, projects } from "~models/schema";
import * as staffProjectPage from "~/routes/admin/project";
import * as detailPage from "~/routes/projects/detail";
import * as orderPage from "~/routes/projects/order";
import { call, formRequest, getRequest } from "./helpers";
import { multipartRequest, projectOf, signedInClient, withTemporaryDataDir } from "./project-helpers";
import { deliverForReview } from "./review-helpers";

// Decision 0057: the project page is the project's thread, statuses have one
// client-facing vocabulary, and the irreversible client steps are refused
// server-side when they make no sense.

withTemporaryDataDir();

type Entry = { kind: string; who: string; side: string; title: string; body: string };
type DetailBody = {
  status: { stage: string; label: string; whoseMove: string; next: string };
  steps: string[];
  actions: string[];
  thread: Entry[];
  confirming: string | null;
  confirmations: Record<string, { heading: string; consequence: string; hidden?: Record<string, string> }>;
};

const detail = async (cookie: string, id: string, query = "") =>
  (await call(detailPage.loader, getRequest(`/project/${id}${query}`, { cookie }), { id }))
    .body as DetailBody;

const clientPost = (cookie: string, id: string, fields: Record<string, string>) =>
  call(detailPage.action, formRequest(`/project/${id}`, fields, { cookie }), { id });

const staffPost = (cookie: string, id: string, fields: Record<string, string>) =>
  call(staffProjectPage.action, multipartRequest(`/admin/projects/${id}`, fields, { cookie }), { id });

describe("one status vocabulary", () => {
  it("a fresh submission reads Submitted everywhere: badge, stepper, /order, with no progress or estimate", async () => {
    const client = await signedInClient();
    const project = await projectOf(client, { title: "Fresh brief", timeline: "1_week" });

    const page = await detail(client.cookie, project.id);
    expect(page.status).toMatchObject({
      stage: "submitted",
      label: "Submitted",
      whoseMove: "studio",
    });
    // The stepper agrees: on "Submitted", "Accepted" not reached yet.
    expect(page.steps).toEqual(["current", "todo", "todo", "todo", "todo"]);
    expect(page.status).toEqual(describeStatus("in_review", 2));

    const order = (await call(orderPage.loader, getRequest("/order", { cookie: client.cookie }))).body as {
      projects: { trackedStatus: string; progress: number; estimatedCompletion: unknown; started: boolean }[];
    };
    expect(order.projects[0]).toMatchObject({
      trackedStatus: "submitted",
      progress: 0,
      estimatedCompletion: null,
      started: false,
    });
    expect(order.projects[0]).not.toHaveProperty("priority");
  });

  it("is defined once: /order's guide is the vocabulary, and no stage says the old contradictions", () => {
    expect(TRACKED_STATUSES.map((s) => [s.value, s.label, s.meaning])).toEqual(
      STATUS_GUIDE.map((s) => [s.stage, s.label, s.meaning]),
    );
    const words = JSON.stringify(CLIENT_STAGE_WORDS);
    expect(words).not.toContain("Under Review");
    expect(words).not.toContain("being checked for quality");
    expect(CLIENT_STAGE_WORDS.revision_requested.whoseMove).toBe("studio");
    expect(CLIENT_STAGE_WORDS.ready_for_review.whoseMove).toBe("client");
  });

  it("delivered work under review is the client's move, and its email says what happens next", async () => {
    const client = await signedInClient();
    const staff = await signedInClient("staff");
    const project = await projectOf(client);
    await deliverForReview(project.id, staff);
    const page = await detail(client.cookie, project.id);
    expect(page.status).toMatchObject({
      stage: "ready_for_review",
      label: "Ready for your review",
      whoseMove: "client",
    });
    expect(page.steps).toEqual(["done", "done", "done", "current", "todo"]);
    expect(page.actions).toEqual(["approve", "request_revision"]);
    const mail = await db().select().from(emailOutbox).where(eq(emailOutbox.to, client.email));
    const review = mail.find((m) => m.subject.endsWith("Ready for your review"));
    expect(review?.text).toContain(CLIENT_STAGE_WORDS.ready_for_review.next);
  });
});

describe("irreversible steps, refused server-side", () => {
  it("refuses Approve & Publish with nothing delivered, even when posted directly", async () => {
    const client = await signedInClient();
    const project = await projectOf(client);
    expect((await detail(client.cookie, project.id)).actions).not.toContain("approve");

    const refused = await clientPost(client.cookie, project.id, { intent: "approve" });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: CLIENT_STEP_MESSAGES.nothingToApprove, tone: "error" });
    const [row] = await db().select().from(projects).where(eq(projects.id, project.id));
    expect(row!.status).toBe("in_review");
  });

  it("refuses approving a version other than the latest, then approves the one named", async () => {
    const client = await signedInClient();
    const staff = await signedInClient("staff");
    const project = await projectOf(client);
    await deliverForReview(project.id, staff);

    const page = await detail(client.cookie, project.id, "?confirm=approve");
    expect(page.confirming).toBe("approve");
    expect(page.confirmations.approve).toMatchObject({
      heading: "Approve version 1 and publish it?",
      hidden: { version: "1" },
    });
    expect(page.confirmations.approve!.consequence).toContain("cannot be undone");

    const stale = await clientPost(client.cookie, project.id, { intent: "approve", version: "7" });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: CLIENT_STEP_MESSAGES.versionChanged(1) });

    const approved = await clientPost(client.cookie, project.id, { intent: "approve", version: "1" });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ message: CLIENT_STEP_MESSAGES.approvedVersion(1) });
  });

  it("lets a client cancel a fresh submission, and refuses Cancel once work started", async () => {
    const client = await signedInClient();
    const staff = await signedInClient("staff");
    const fresh = await projectOf(client);
    const page = await detail(client.cookie, fresh.id, "?confirm=cancel");
    expect(page.actions).toContain("cancel");
    expect(page.confirmations.cancel!.consequence).toContain("cannot be reopened");
    expect((await clientPost(client.cookie, fresh.id, { intent: "cancel" })).status).toBe(200);

    const started = await projectOf(client);
    // Accepted, sent for review, then returned to draft: the table allows Cancel, but the work started.
    const viewer = { id: staff.id, role: "staff" as const };
    await transitionProject(started.id, viewer, "accept");
    await transitionProject(started.id, viewer, "send_for_review");
    await transitionProject(started.id, viewer, "return_to_draft");
    const [row] = await db().select().from(projects).where(eq(projects.id, started.id));
    expect(row!.status).toBe("draft");
    expect((await detail(client.cookie, started.id)).actions).not.toContain("cancel");

    const refused = await clientPost(client.cookie, started.id, { intent: "cancel" });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: CLIENT_STEP_MESSAGES.cancelAfterStart, tone: "error" });
    const [after] = await db().select().from(projects).where(eq(projects.id, started.id));
    expect(after!.status).toBe("draft");
  });
});

describe("the project's thread", () => {
  it("a studio message reaches the client (notification and outbox email) and shows in their thread", async () => {
    const client = await signedInClient();
    const staff = await signedInClient("staff");
    const project = await projectOf(client, { title: "Thread test" });

    const accepted = await staffPost(staff.cookie, project.id, {
      intent: "accept",
      reason: "Starting Monday.",
    });
    expect(accepted.status).toBe(200);
    const sent = await staffPost(staff.cookie, project.id, {
      intent: "comment",
      text: "Moodboard by Friday.",
    });
    expect(sent.status).toBe(200);
    await clientPost(client.cookie, project.id, { intent: "comment", text: "Thanks!" });

    const inApp = await db()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, client.id),
          eq(notifications.title, "New message from your project manager"),
        ),
      );
    expect(inApp).toHaveLength(1);
    expect(inApp[0]!.message).toContain("Moodboard by Friday.");
    const mail = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, client.email), eq(emailOutbox.kind, "project_message")));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain("Moodboard by Friday.");
    expect(mail[0]!.text).toContain(`/project/${project.id}`);

    const thread = (await detail(client.cookie, project.id)).thread;
    expect(thread.map((e) => [e.kind, e.side, e.who])).toEqual([
      ["status", "client", "You"],
      ["status", "studio", "Project Manager"],
      ["message", "studio", "Project Manager"],
      ["message", "client", "You"],
    ]);
    // The note staff wrote when accepting is in the thread, not only in the email.
    expect(thread[1]).toMatchObject({ title: "Status: In Progress", body: "Starting Monday." });
    expect(thread[2]!.body).toBe("Moodboard by Friday.");
  });

  it("shows the proof versions delivered, between the status changes", async () => {
    const client = await signedInClient();
    const staff = await signedInClient("staff");
    const project = await projectOf(client);
    await deliverForReview(project.id, staff);
    const thread = (await detail(client.cookie, project.id)).thread;
    // Sending for review pauses the delivery clock: that is in the thread too.
    expect(thread.map((e) => e.kind)).toEqual(["status", "status", "version", "status", "pause"]);
    expect(thread[2]).toMatchObject({ title: "Version 1 delivered", side: "studio" });
    expect(thread[4]!.title).toMatch(/^Clock paused: /);
  });
});
