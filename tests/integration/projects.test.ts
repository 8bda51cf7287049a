import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~models/platform/db.server";
import { PROJECT_MESSAGES } from "~models/projects/projects";
import { CLIENT_STEP_MESSAGES } from "~models/projects/client-steps";
import { createProject } from "~models/projects/projects.server";
import { getProjectDetail } from "~models/projects/project-conversation.server";
import { emailOutbox, projectComments, projectFiles, projects, projectStatusHistory } from "~models/schema";
import * as apiProject from "~/routes/api/project";
import * as apiProjects from "~/routes/api/projects";
import * as createPage from "~/routes/projects/create";
import * as detailPage from "~/routes/projects/detail";
import * as filePage from "~/routes/projects/file";
import { deliverForReview } from "./review-helpers";
import { call, formErrors, formRequest, getRequest, jsonRequest } from "./helpers";
import {
  multipartRequest,
  pdfFile,
  projectOf,
  signedInClient,
  tokenHeader,
  withTemporaryDataDir,
  validProject,
} from "./project-helpers";

const uploads = withTemporaryDataDir();
const storedFiles = async () => readdir(path.join(uploads.dir(), "uploads")).catch(() => [] as string[]);

describe("create project page", () => {
  it("sends anonymous visitors to /login and back", async () => {
    const outcome = await call(createPage.loader, getRequest("/createprojectform"));
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toBe("/login?redirectTo=%2Fcreateprojectform");
  });

  it("shows the spec's messages for an empty form", async () => {
    const client = await signedInClient();
    const outcome = await call(
      createPage.action,
      multipartRequest(
        "/createprojectform",
        { title: "", description: "", category: "", budget: "" },
        { cookie: client.cookie },
      ),
    );
    expect(outcome.status).toBe(400);
    expect(formErrors(outcome)).toEqual({
      title: [PROJECT_MESSAGES.titleRequired],
      description: [PROJECT_MESSAGES.descriptionRequired],
      category: [PROJECT_MESSAGES.categoryRequired],
      budget: [PROJECT_MESSAGES.budgetRequired],
      timeline: [PROJECT_MESSAGES.timelineRequired],
    });
  });

  it("creates an in_review project with its file, history and notification, and emails the client", async () => {
    const client = await signedInClient();
    const outcome = await call(
      createPage.action,
      multipartRequest(
        "/createprojectform",
        { ...validProject, timeline: "0", use_tokens: "on", files: pdfFile("Brief v2.pdf", 2048) },
        { cookie: client.cookie },
      ),
    );
    expect(outcome.status).toBe(200);
    const { projectId } = outcome.body as { projectId: string };
    const [row] = await db().select().from(projects).where(eq(projects.id, projectId));
    expect(row).toMatchObject({
      userId: client.id,
      status: "in_review",
      step: 2,
      timeline: "1_week",
      useTokens: true,
      tokensUsed: 0,
    });
    const files = await db().select().from(projectFiles).where(eq(projectFiles.projectId, projectId));
    expect(files).toMatchObject([{ name: "Brief v2.pdf", size: 2048, contentType: "application/pdf" }]);
    expect(await storedFiles()).toContain(files[0]!.storageKey);
    const history = await db()
      .select()
      .from(projectStatusHistory)
      .where(eq(projectStatusHistory.projectId, projectId));
    expect(history).toMatchObject([{ fromStatus: null, toStatus: "in_review", action: "submit" }]);
    const mail = await db().select().from(emailOutbox).where(eq(emailOutbox.to, client.email));
    expect(mail.map((m) => m.subject)).toEqual(["Project submitted: Café rebrand"]);
    // The link in the email is absolute (PUBLIC_URL, else the request's address).
    expect(mail[0]!.text).toContain(`http://127.0.0.1:3000/project/${projectId}`);
  });

  it("rejects a file whose bytes are not a PDF, and writes nothing", async () => {
    const client = await signedInClient();
    const before = await storedFiles();
    const fake = new File(["<html><script>alert(1)</script>"], "invoice.pdf", { type: "application/pdf" });
    const outcome = await call(
      createPage.action,
      multipartRequest(
        "/createprojectform",
        { ...validProject, timeline: "1", files: fake },
        { cookie: client.cookie },
      ),
    );
    expect(outcome.status).toBe(400);
    expect(formErrors(outcome)).toEqual({
      files: ["This file's contents do not match its extension. Please upload the original file."],
    });
    expect(await db().select().from(projects).where(eq(projects.userId, client.id))).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it("rejects a wrong extension and a file over 10 MB with clear messages, never a 500", async () => {
    const client = await signedInClient();
    const exe = await call(
      createPage.action,
      multipartRequest(
        "/createprojectform",
        { ...validProject, timeline: "1", files: new File(["MZ"], "tool.exe") },
        { cookie: client.cookie },
      ),
    );
    expect(exe.status).toBe(400);
    expect(formErrors(exe).files?.[0]).toBe(
      "Please upload a pdf, doc, docx, jpg, jpeg, png, gif, zip or rar file.",
    );

    const slightlyBig = await call(
      createPage.action,
      multipartRequest(
        "/createprojectform",
        { ...validProject, timeline: "1", files: pdfFile("big.pdf", 10 * 1024 * 1024 + 10) },
        { cookie: client.cookie },
      ),
    );
    expect(slightlyBig.status).toBe(400);
    expect(formErrors(slightlyBig).files).toEqual(["The file is too large. The maximum size is 10 MB."]);

    // A file far past the limit is skipped as it streams: the brief typed beside it comes back.
    const huge = await call(
      createPage.action,
      multipartRequest(
        "/createprojectform",
        { ...validProject, timeline: "1", files: pdfFile("huge.pdf", 12 * 1024 * 1024) },
        { cookie: client.cookie },
      ),
    );
    expect(huge.status).toBe(400);
    expect(formErrors(huge).files).toEqual(["The file is too large. The maximum size is 10 MB."]);
    expect(
      (huge.body as { result: { initialValue: Record<string, unknown> } }).result.initialValue,
    ).toMatchObject({ title: validProject.title, description: validProject.description, timeline: "1" });
    expect(await db().select().from(projects).where(eq(projects.userId, client.id))).toEqual([]);
  });

  it("enforces the plan's project limit with a clear message (-1 is unlimited)", async () => {
    const client = await signedInClient();
    const input = { ...validProject, use_tokens: false } as const;
    expect((await createProject(client, input, { projectLimit: 1 })).ok).toBe(true);
    expect(await createProject(client, input, { projectLimit: 1 })).toEqual({
      ok: false,
      field: "form",
      message: PROJECT_MESSAGES.projectLimitReached(1),
    });
    expect(PROJECT_MESSAGES.projectLimitReached(1)).toBe(
      "Your plan allows 1 active project at a time. Finish or cancel one, or upgrade your plan, to submit another.",
    );
    expect((await createProject(client, input, { projectLimit: -1 })).ok).toBe(true);
    // Parallel submissions cannot both slip under the limit.
    const other = await signedInClient();
    const raced = await Promise.all([1, 2, 3].map(() => createProject(other, input, { projectLimit: 2 })));
    expect(raced.filter((r) => r.ok)).toHaveLength(2);
  });
});

describe("project detail ownership", () => {
  it("shows the owner their project, and another client the same 404 as a missing id", async () => {
    const owner = await signedInClient();
    const stranger = await signedInClient();
    const project = await projectOf(owner);

    const mine = await call(
      detailPage.loader,
      getRequest(`/project/${project.id}`, { cookie: owner.cookie }),
      { id: project.id },
    );
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      project: { id: project.id, title: "Café rebrand" },
      // A fresh submission: nothing delivered to approve, nothing started, so it may be cancelled.
      actions: ["request_revision", "cancel"],
    });

    const theirs = await call(
      detailPage.loader,
      getRequest(`/project/${project.id}`, { cookie: stranger.cookie }),
      { id: project.id },
    );
    const missing = await call(
      detailPage.loader,
      getRequest("/project/00000000-0000-4000-8000-000000000000", { cookie: stranger.cookie }),
      { id: "00000000-0000-4000-8000-000000000000" },
    );
    const garbage = await call(detailPage.loader, getRequest("/project/42", { cookie: stranger.cookie }), {
      id: "42",
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ notFound: true, id: project.id });
    expect(missing.status).toBe(404);
    expect(garbage.status).toBe(404);
    expect(PROJECT_MESSAGES.notFound("42")).toBe(
      "The project with ID 42 could not be found. Please check the URL or go back to the dashboard.",
    );
  });

  it("lets staff see any project, and keeps anonymous visitors out", async () => {
    const owner = await signedInClient();
    const staff = await signedInClient("staff");
    const project = await projectOf(owner);
    const seen = await call(
      detailPage.loader,
      getRequest(`/project/${project.id}`, { cookie: staff.cookie }),
      { id: project.id },
    );
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ isOwner: false, actions: [] });
    const anonymous = await call(detailPage.loader, getRequest(`/project/${project.id}`), { id: project.id });
    expect(anonymous.headers.get("Location")).toBe(`/login?redirectTo=%2Fproject%2F${project.id}`);
  });

  it("refuses another client's comments, actions and uploads with a 404, changing nothing", async () => {
    const owner = await signedInClient();
    const stranger = await signedInClient();
    const project = await projectOf(owner);
    const post = (fields: Record<string, string | File>) =>
      call(
        detailPage.action,
        multipartRequest(`/project/${project.id}`, fields, { cookie: stranger.cookie }),
        { id: project.id },
      );
    const attempts: Record<string, string | File>[] = [
      { intent: "comment", text: "hello" },
      { intent: "approve" },
      { intent: "request_revision", reason: "x" },
      { intent: "cancel" },
      { intent: "upload", files: pdfFile() },
    ];
    for (const fields of attempts) {
      expect((await post(fields)).status).toBe(404);
    }
    const after = await getProjectDetail(project.id, owner);
    expect(after?.project.status).toBe("in_review");
    expect(after?.comments).toEqual([]);
    expect(after?.files).toEqual([]);
  });
});

describe("comments and actions", () => {
  it("persists comments with the author's role and ignores a blank one", async () => {
    const owner = await signedInClient();
    const staff = await signedInClient("staff");
    const project = await projectOf(owner);
    const comment = (who: { cookie: string }, text: string) =>
      call(
        detailPage.action,
        formRequest(`/project/${project.id}`, { intent: "comment", text }, { cookie: who.cookie }),
        { id: project.id },
      );
    expect((await comment(owner, "   ")).status).toBe(200);
    await comment(owner, "Can we see two logo directions?");
    await comment(staff, "Yes — first drafts on Friday.");
    const detail = await getProjectDetail(project.id, owner);
    expect(detail?.comments.map((c) => [c.author, c.text])).toEqual([
      ["Client", "Can we see two logo directions?"],
      ["Project Manager", "Yes — first drafts on Friday."],
    ]);
    const rows = await db().select().from(projectComments).where(eq(projectComments.projectId, project.id));
    expect(rows).toHaveLength(2);
  });

  it("requests a revision with a reason, then refuses an illegal transition with a clear error", async () => {
    const owner = await signedInClient();
    const project = await projectOf(owner);
    const act = (fields: Record<string, string>) =>
      call(detailPage.action, formRequest(`/project/${project.id}`, fields, { cookie: owner.cookie }), {
        id: project.id,
      });

    const noReason = await act({ intent: "request_revision", reason: " " });
    expect(noReason.status).toBe(400);
    expect(formErrors(noReason)).toEqual({ reason: [PROJECT_MESSAGES.reasonRequired] });

    const revised = await act({ intent: "request_revision", reason: "Warmer colours, please." });
    expect(revised.status).toBe(200);
    expect(revised.body).toMatchObject({ message: PROJECT_MESSAGES.revisionRequested, tone: "success" });
    const detail = await getProjectDetail(project.id, owner);
    expect(detail?.project).toMatchObject({ status: "revision_requested", step: 2 });
    expect(detail?.history.map((h) => [h.fromStatus, h.toStatus, h.reason])).toEqual([
      [null, "in_review", ""],
      ["in_review", "revision_requested", "Warmer colours, please."],
    ]);
    expect(detail?.comments.at(-1)?.text).toBe("Revision requested: Warmer colours, please.");

    const approve = await act({ intent: "approve" });
    expect(approve.status).toBe(409);
    expect(approve.body).toMatchObject({
      message: "You cannot approve & publish a project that is revision requested.",
      tone: "error",
    });
    const cancel = await act({ intent: "cancel" });
    expect(cancel.status).toBe(409);
    expect((await getProjectDetail(project.id, owner))?.project.status).toBe("revision_requested");
  });

  it("approves a delivered version (→ published) and cancels a draft (→ cancelled)", async () => {
    const owner = await signedInClient();
    const staff = await signedInClient("staff");
    const first = await projectOf(owner);
    await deliverForReview(first.id, staff);
    const approved = await call(
      detailPage.action,
      formRequest(`/project/${first.id}`, { intent: "approve", version: "1" }, { cookie: owner.cookie }),
      { id: first.id },
    );
    expect(approved.body).toMatchObject({ message: CLIENT_STEP_MESSAGES.approvedVersion(1) });
    expect((await getProjectDetail(first.id, owner))?.project).toMatchObject({
      status: "published",
      step: 5,
    });

    const second = await projectOf(owner);
    await db().update(projects).set({ status: "draft", step: 1 }).where(eq(projects.id, second.id));
    const cancelled = await call(
      detailPage.action,
      formRequest(`/project/${second.id}`, { intent: "cancel" }, { cookie: owner.cookie }),
      { id: second.id },
    );
    expect(cancelled.body).toMatchObject({ message: PROJECT_MESSAGES.cancelled });
    expect((await getProjectDetail(second.id, owner))?.project.status).toBe("cancelled");
  });
});

describe("file downloads", () => {
  it("serves the owner's file as an attachment, and 404s it for anyone else", async () => {
    const owner = await signedInClient();
    const stranger = await signedInClient();
    const created = await call(
      createPage.action,
      multipartRequest(
        "/createprojectform",
        { ...validProject, timeline: "2", files: pdfFile("Q3 brief.pdf", 300) },
        { cookie: owner.cookie },
      ),
    );
    const projectId = (created.body as { projectId: string }).projectId;
    const [file] = await db().select().from(projectFiles).where(eq(projectFiles.projectId, projectId));
    const url = `/project/${projectId}/files/${file!.id}`;
    const params = { id: projectId, fileId: file!.id };

    const download = await filePage.loader({
      request: getRequest(url, { cookie: owner.cookie }),
      params,
    } as never);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toBe(
      `attachment; filename="Q3 brief.pdf"; filename*=UTF-8''Q3%20brief.pdf`,
    );
    expect(download.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(download.headers.get("Content-Type")).toBe("application/pdf");
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(bytes.length).toBe(300);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");

    const viaToken = await filePage.loader({
      request: getRequest(url, { headers: tokenHeader(owner) }),
      params,
    } as never);
    expect(viaToken.status).toBe(200);

    const stolen = await filePage.loader({
      request: getRequest(url, { cookie: stranger.cookie }),
      params,
    } as never);
    expect(stolen.status).toBe(404);
    const stolenApi = await filePage.loader({
      request: getRequest(url, { headers: tokenHeader(stranger) }),
      params,
    } as never);
    expect(stolenApi.status).toBe(404);
    // The right file id under another project is not found either.
    const other = await projectOf(stranger);
    const crossed = await filePage.loader({
      request: getRequest(url, { cookie: stranger.cookie }),
      params: { id: other.id, fileId: file!.id },
    } as never);
    expect(crossed.status).toBe(404);
    const anonymous = await call(filePage.loader, getRequest(url), params);
    expect(anonymous.status).toBe(302);
  });
});

describe("projects API", () => {
  it("needs authentication", async () => {
    expect((await call(apiProjects.loader, getRequest("/api/projects/"))).status).toBe(401);
    expect((await call(apiProjects.action, jsonRequest("/api/projects/", "POST", validProject))).status).toBe(
      401,
    );
  });

  it("creates from JSON and lists only the caller's projects", async () => {
    const a = await signedInClient();
    const b = await signedInClient();
    const created = await call(
      apiProjects.action,
      jsonRequest(
        "/api/projects/",
        "POST",
        { ...validProject, use_tokens: true },
        { headers: tokenHeader(a) },
      ),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: "Café rebrand",
      status: "in_review",
      step: 2,
      category: "graphic",
      budget: "5k_10k",
      timeline: "2_weeks",
      use_tokens: true,
      tokens_used: 0,
      files: [],
    });
    await projectOf(b, { title: "B's secret launch" });

    const listA = await call(apiProjects.loader, getRequest("/api/projects/", { headers: tokenHeader(a) }));
    expect(listA.body).toEqual([
      {
        id: (created.body as { id: string }).id,
        title: "Café rebrand",
        status: "in_review",
        created_at: expect.any(String),
      },
    ]);
    const listB = await call(apiProjects.loader, getRequest("/api/projects/", { cookie: b.cookie }));
    expect((listB.body as { title: string }[]).map((p) => p.title)).toEqual(["B's secret launch"]);
  });

  it("answers validation errors as per-field arrays with the spec's messages", async () => {
    const a = await signedInClient();
    const outcome = await call(
      apiProjects.action,
      jsonRequest("/api/projects/", "POST", { title: "Logo" }, { headers: tokenHeader(a) }),
    );
    expect(outcome.status).toBe(400);
    expect(outcome.body).toEqual({
      description: [PROJECT_MESSAGES.descriptionRequired],
      category: [PROJECT_MESSAGES.categoryRequired],
      budget: [PROJECT_MESSAGES.budgetRequired],
      timeline: [PROJECT_MESSAGES.timelineRequired],
    });
  });

  it("accepts multipart with a file, and checks its bytes", async () => {
    const a = await signedInClient();
    const ok = await call(
      apiProjects.action,
      multipartRequest(
        "/api/projects/",
        { ...validProject, files: pdfFile("spec.pdf", 100) },
        { headers: tokenHeader(a) },
      ),
    );
    expect(ok.status).toBe(201);
    const body = ok.body as { id: string; files: { name: string; size: number; file: string }[] };
    expect(body.files).toEqual([
      {
        name: "spec.pdf",
        size: 100,
        file: expect.stringMatching(
          new RegExp(`^http://127\\.0\\.0\\.1:3000/project/${body.id}/files/[0-9a-f-]{36}$`),
        ),
      },
    ]);
    const png = new File(["not a png"], "logo.png");
    // A second client: on the free tier the first already has its one active project.
    const b = await signedInClient();
    const bad = await call(
      apiProjects.action,
      multipartRequest("/api/projects/", { ...validProject, files: png }, { headers: tokenHeader(b) }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      files: ["This file's contents do not match its extension. Please upload the original file."],
    });
  });

  it("returns the detail to its owner and 'Project not found' to anyone else", async () => {
    const a = await signedInClient();
    const b = await signedInClient();
    const project = await projectOf(a);
    const mine = await call(
      apiProject.loader,
      getRequest(`/api/projects/${project.id}/`, { headers: tokenHeader(a) }),
      { id: project.id },
    );
    expect(mine.status).toBe(200);
    // The spec's fields, and the thread's newest messages with their authors, how many there are and the
    // link to older ones (fields added, none changed).
    expect(Object.keys(mine.body as object).sort()).toEqual([
      "budget",
      "category",
      "comments",
      "comments_older",
      "comments_total",
      "created_at",
      "description",
      "files",
      "id",
      "status",
      "step",
      "timeline",
      "title",
      "tokens_used",
      "use_tokens",
    ]);
    const theirs = await call(
      apiProject.loader,
      getRequest(`/api/projects/${project.id}/`, { headers: tokenHeader(b) }),
      { id: project.id },
    );
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ error: "Project not found" });
    const nonsense = await call(
      apiProject.loader,
      getRequest("/api/projects/not-an-id/", { headers: tokenHeader(b) }),
      { id: "not-an-id" },
    );
    expect(nonsense.body).toEqual({ error: "Project not found" });
  });
});
