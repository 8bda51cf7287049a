import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { STAFF_PROJECT_MESSAGES } from "~models/back-office/project-pipeline";
import { db } from "~models/platform/db.server";
import {
  PROJECT_MESSAGES,
  REVIEW_STEP,
  STEPS,
  staffActionLabel,
  stepFor,
  type ProjectStatus,
} from "~models/projects/projects";
import {
  auditLog,
  emailOutbox,
  notifications,
  projectComments,
  projectFiles,
  projects,
  projectStatusHistory,
} from "~models/schema";
import * as projectPage from "~/routes/admin/project";
import * as pipelinePage from "~/routes/admin/projects";
import * as clientProjectPage from "~/routes/projects/detail";
import * as transitionApi from "~/routes/api/admin/project-transition";
import * as projectsApi from "~/routes/api/admin/projects";
import { call, formRequest, getRequest, jsonRequest } from "./helpers";
import {
  multipartRequest,
  pdfFile,
  projectOf,
  signedInClient,
  withTemporaryDataDir,
} from "./project-helpers";

withTemporaryDataDir();

const staffPost = (staffCookie: string, projectId: string, fields: Record<string, string | File>) =>
  call(
    projectPage.action,
    multipartRequest(`/admin/projects/${projectId}`, fields, { cookie: staffCookie }),
    { id: projectId },
  );

describe("project pipeline", () => {
  it("lists every client's open projects with counts per status, and filters and searches", async () => {
    const staff = await signedInClient("staff");
    const alice = await signedInClient();
    const bob = await signedInClient();
    const a = await projectOf(alice, { title: "Alice's logo" });
    const b = await projectOf(bob, { title: "Bob's website" });
    await staffPost(staff.cookie, b.id, { intent: "accept" });

    const open = await call(pipelinePage.loader, getRequest("/admin/projects", { cookie: staff.cookie }));
    const body = open.body as {
      projects: Array<{ id: string; client: { username: string } }>;
      counts: Record<string, number>;
    };
    // The one that just moved comes first.
    expect(body.projects.map((p) => p.id)).toEqual([b.id, a.id]);
    expect(body.projects[1]!.client.username).toBe(alice.username);
    expect(body.counts).toMatchObject({ active: 2, in_review: 1, in_progress: 1, all: 2, completed: 0 });

    const inReview = await call(
      pipelinePage.loader,
      getRequest("/admin/projects?status=in_review", { cookie: staff.cookie }),
    );
    expect((inReview.body as typeof body).projects.map((p) => p.id)).toEqual([a.id]);
    const search = await call(
      pipelinePage.loader,
      getRequest(`/admin/projects?status=all&q=${bob.email}`, { cookie: staff.cookie }),
    );
    expect((search.body as typeof body).projects.map((p) => p.id)).toEqual([b.id]);

    const api = await call(
      projectsApi.loader,
      getRequest("/api/admin/projects/?status=in_progress", {
        headers: { Authorization: `Token ${staff.token}` },
      }),
    );
    expect(api.body).toMatchObject({
      count: 1,
      results: [{ id: b.id, status: "in_progress", client: { email: bob.email } }],
    });
  });
});

describe("staff on a project", () => {
  it("draws the stepper from the real state and names each action by what it does (issue 18, item 12b)", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();
    const project = await projectOf(client);
    type Page = { project: { status: ProjectStatus; step: number }; actions: string[] };
    const page = async () =>
      (
        await call(
          projectPage.loader,
          getRequest(`/admin/projects/${project.id}`, { cookie: staff.cookie }),
          { id: project.id },
        )
      ).body as Page;
    const view = (body: Page) => ({
      current: STEPS[stepFor(body.project.status, body.project.step) - 1],
      accept: staffActionLabel("accept", body.project.status, body.project.step),
    });

    // A fresh submission under review: accepting it starts the work.
    expect(view(await page())).toEqual({ current: "Accepted", accept: "Accept" });
    await staffPost(staff.cookie, project.id, { intent: "accept" });
    await staffPost(staff.cookie, project.id, { intent: "send_for_review" });
    // Work sent for review is at the Review step, and the same move now sends it back.
    const inReview = await page();
    expect(inReview.project).toMatchObject({ status: "in_review", step: REVIEW_STEP });
    expect(view(inReview)).toEqual({ current: "Review", accept: "Back to In Progress" });
    expect(inReview.actions).toContain("accept");
    await staffPost(staff.cookie, project.id, { intent: "accept" });
    expect(view(await page())).toMatchObject({ current: "In Progress" });
  });

  it("accepts, writes, delivers and completes through the state machine; the client sees it all", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();
    const project = await projectOf(client);

    const page = await call(
      projectPage.loader,
      getRequest(`/admin/projects/${project.id}`, { cookie: staff.cookie }),
      { id: project.id },
    );
    expect(page.body).toMatchObject({
      actions: ["accept", "return_to_draft", "staff_cancel"],
      client: { id: client.id },
    });

    const accepted = await staffPost(staff.cookie, project.id, {
      intent: "accept",
      reason: "Kick-off on Monday.",
    });
    expect(accepted.status).toBe(200);
    expect((accepted.body as { message: string }).message).toBe(
      STAFF_PROJECT_MESSAGES.transitioned("in_progress"),
    );

    const commented = await staffPost(staff.cookie, project.id, {
      intent: "comment",
      text: "First drafts attached soon.",
    });
    expect((commented.body as { message: string }).message).toBe(STAFF_PROJECT_MESSAGES.commentSent);

    const uploaded = await staffPost(staff.cookie, project.id, {
      intent: "upload",
      files: pdfFile("Logo final.pdf", 256),
    });
    expect((uploaded.body as { message: string }).message).toBe(
      STAFF_PROJECT_MESSAGES.deliverableAdded("Logo final.pdf"),
    );

    const completed = await staffPost(staff.cookie, project.id, { intent: "complete" });
    expect(completed.status).toBe(200);

    const [row] = await db().select().from(projects).where(eq(projects.id, project.id));
    expect(row).toMatchObject({ status: "completed", step: 5 });
    const history = await db()
      .select()
      .from(projectStatusHistory)
      .where(eq(projectStatusHistory.projectId, project.id))
      .orderBy(projectStatusHistory.createdAt);
    expect(history.map((h) => [h.action, h.toStatus, h.changedBy])).toEqual([
      ["submit", "in_review", client.id],
      ["accept", "in_progress", staff.id],
      ["complete", "completed", staff.id],
    ]);
    expect(history[1]!.reason).toBe("Kick-off on Monday.");

    const [comment] = await db()
      .select()
      .from(projectComments)
      .where(eq(projectComments.projectId, project.id));
    expect(comment).toMatchObject({
      authorId: staff.id,
      authorRole: "staff",
      body: "First drafts attached soon.",
    });
    const [file] = await db().select().from(projectFiles).where(eq(projectFiles.projectId, project.id));
    expect(file).toMatchObject({ name: "Logo final.pdf", uploadedBy: staff.id });

    // The client: in-app notifications, emails, and the page shows the message and the file.
    const inApp = await db().select().from(notifications).where(eq(notifications.userId, client.id));
    expect(inApp.map((n) => n.title)).toEqual(
      expect.arrayContaining([
        "Project status updated",
        "New message from your project manager",
        "New file from your project manager",
      ]),
    );
    expect(inApp.filter((n) => n.title === "Project status updated").map((n) => n.message)).toEqual(
      expect.arrayContaining([
        `“${project.title}” is now In Progress.`,
        `“${project.title}” is now Completed.`,
      ]),
    );
    const mail = await db().select().from(emailOutbox).where(eq(emailOutbox.to, client.email));
    expect(mail.map((m) => m.subject)).toEqual(
      expect.arrayContaining([`${project.title}: In Progress`, `${project.title}: Completed`]),
    );
    expect(mail.find((m) => m.subject.endsWith("In Progress"))!.text).toContain(
      "Note from the studio: Kick-off on Monday.",
    );
    // The studio's message reached the client by email too (decision 0057).
    expect(mail.find((m) => m.kind === "project_message")!.text).toContain("First drafts attached soon.");
    const clientView = await call(
      clientProjectPage.loader,
      getRequest(`/project/${project.id}`, { cookie: client.cookie }),
      { id: project.id },
    );
    expect(clientView.body).toMatchObject({
      project: { status: "completed" },
      files: [{ name: "Logo final.pdf" }],
    });
    // The client's thread: the acceptance with the studio's note, the message and the file, in order.
    const thread = (
      clientView.body as { thread: { kind: string; who: string; title: string; body: string }[] }
    ).thread;
    expect(thread.map((e) => e.kind)).toEqual(["status", "status", "message", "file", "status"]);
    expect(thread[1]).toMatchObject({ title: "Status: In Progress", body: "Kick-off on Monday." });
    expect(thread[2]).toMatchObject({ who: "Project Manager", body: "First drafts attached soon." });

    // Every staff action is in the audit log, with before and after.
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "project"), eq(auditLog.targetId, project.id)))
      .orderBy(auditLog.id);
    expect(audit.map((e) => e.action)).toEqual([
      "project.transition",
      "project.comment",
      "project.file_upload",
      "project.transition",
    ]);
    expect(audit[0]).toMatchObject({
      actorId: staff.id,
      actorLabel: staff.username,
      before: { status: "in_review", step: 2 },
      after: { status: "in_progress", step: 3, action: "accept" },
      reason: "Kick-off on Monday.",
    });
    expect(audit[2]!.after).toMatchObject({ name: "Logo final.pdf", size: 256 });
  });

  it("refuses a transition the state machine does not allow, and the client's own actions", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();
    const project = await projectOf(client);
    const completed = await staffPost(staff.cookie, project.id, { intent: "complete" });
    expect(completed.status).toBe(409);
    expect((completed.body as { message: string }).message).toBe(
      PROJECT_MESSAGES.illegalTransition("Complete", "in_review"),
    );
    // Approve & Publish is the client's button.
    expect((await staffPost(staff.cookie, project.id, { intent: "approve" })).status).toBe(400);
    const [row] = await db().select().from(projects).where(eq(projects.id, project.id));
    expect(row!.status).toBe("in_review");
    expect(await db().select().from(auditLog).where(eq(auditLog.targetId, project.id))).toEqual([]);
  });

  it("audits staff comments made from the client's project page too", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();
    const project = await projectOf(client);
    await call(
      clientProjectPage.action,
      formRequest(
        `/project/${project.id}`,
        { intent: "comment", text: "Hello from the team." },
        { cookie: staff.cookie },
      ),
      { id: project.id },
    );
    const entries = await db().select().from(auditLog).where(eq(auditLog.targetId, project.id));
    expect(entries).toMatchObject([
      { action: "project.comment", actorId: staff.id, after: { text: "Hello from the team." } },
    ]);
    // A client's own comment is not a staff action.
    await call(
      clientProjectPage.action,
      formRequest(
        `/project/${project.id}`,
        { intent: "comment", text: "Thanks!" },
        { cookie: client.cookie },
      ),
      { id: project.id },
    );
    expect(await db().select().from(auditLog).where(eq(auditLog.targetId, project.id))).toHaveLength(1);
  });

  it("moves a project through the admin API", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();
    const project = await projectOf(client);
    const auth = { headers: { Authorization: `Token ${staff.token}` } };
    const bad = await call(
      transitionApi.action,
      jsonRequest(`/api/admin/projects/${project.id}/transition/`, "POST", { action: "fly" }, auth),
      { id: project.id },
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty("action");
    const ok = await call(
      transitionApi.action,
      jsonRequest(`/api/admin/projects/${project.id}/transition/`, "POST", { action: "accept" }, auth),
      { id: project.id },
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: project.id, status: "in_progress", step: 3 });
    const illegal = await call(
      transitionApi.action,
      jsonRequest(`/api/admin/projects/${project.id}/transition/`, "POST", { action: "accept" }, auth),
      { id: project.id },
    );
    expect(illegal).toMatchObject({
      status: 409,
      body: { error: PROJECT_MESSAGES.illegalTransition("Accept", "in_progress") },
    });
    const missing = await call(
      transitionApi.action,
      jsonRequest("/api/admin/projects/x/transition/", "POST", { action: "accept" }, auth),
      { id: "x" },
    );
    expect(missing.status).toBe(404);
  });
});
