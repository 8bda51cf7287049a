import { readdir } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~models/platform/db.server";
import { APPLICATION_MESSAGES, WHY_JOIN_FIELD } from "~models/forms/applications";
import { collaborationRequests, jobApplications } from "~models/schema";
import { runSeed } from "~models/views/seed.server";
import { UPLOAD_MESSAGES } from "~models/platform/uploads";
import { uploadsDir } from "~models/platform/uploads.server";
import * as apiContact from "~/routes/api/contact";
import * as careers from "~/routes/career-page";
import * as collab from "~/routes/collab-page";
import { call, formErrors, jsonRequest } from "./helpers";

beforeAll(async () => {
  await runSeed();
});

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const pdf = (name = "cv.pdf", bytes: Uint8Array = PDF) =>
  new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "application/pdf" });

function multipart(
  path: string,
  fields: Record<string, string | File>,
  ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`,
): Request {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return new Request(new URL(path, "http://127.0.0.1:3000"), {
    method: "POST",
    body,
    headers: { "X-Client-Address": ip },
  });
}

const application = (extra: Record<string, string | File> = {}) => ({
  full_name: "Asha Patel",
  email_address: `asha${Math.random().toString(36).slice(2, 7)}@mail.example`,
  role_of_interest: "brand_designer",
  [WHY_JOIN_FIELD]: "I love identity systems that hold up everywhere.",
  cv_resume: pdf(),
  ...extra,
});

describe("careers application", () => {
  it("names the motivation field after the agency", () => {
    expect(WHY_JOIN_FIELD).toBe("why_join_ascendra");
  });

  it("stores the CV under a random name and the application with its metadata", async () => {
    const fields = application();
    const outcome = await call(careers.action, multipart("/careerpage", fields));
    expect(outcome.body).toMatchObject({ success: APPLICATION_MESSAGES.jobSuccess });
    const [row] = await db()
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.emailAddress, fields.email_address as string));
    expect(row).toMatchObject({
      cvName: "cv.pdf",
      cvSize: PDF.byteLength,
      cvContentType: "application/pdf",
      whyJoin: fields[WHY_JOIN_FIELD],
    });
    expect(row!.cvStorageKey).toMatch(/^[0-9a-f]{32}$/);
    expect(await readdir(uploadsDir())).toContain(row!.cvStorageKey);
  });

  it("asks for the CV when it is missing", async () => {
    const { cv_resume: _cv, ...fields } = application();
    const outcome = await call(careers.action, multipart("/careerpage", fields));
    expect(formErrors(outcome)).toEqual({ cv_resume: [APPLICATION_MESSAGES.cvRequired] });
  });

  it("rejects a file whose bytes are not a PDF, and a type it does not take", async () => {
    const fake = await call(
      careers.action,
      multipart(
        "/careerpage",
        application({ cv_resume: pdf("cv.pdf", new TextEncoder().encode("MZ not a pdf at all")) }),
      ),
    );
    expect(formErrors(fake)).toEqual({ cv_resume: [UPLOAD_MESSAGES.contentMismatch] });
    const png = await call(
      careers.action,
      multipart("/careerpage", application({ cv_resume: pdf("cv.png") })),
    );
    expect(formErrors(png).cv_resume?.[0]).toMatch(/Please upload a pdf, doc or docx file/);
  });

  it("rejects a CV over 10 MB", async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 10);
    big.set(PDF);
    const outcome = await call(
      careers.action,
      multipart("/careerpage", application({ cv_resume: pdf("big.pdf", big) })),
    );
    expect(outcome.status).toBe(400);
    expect(formErrors(outcome).cv_resume?.[0]).toMatch(/too large/);
  });

  it("answers the API (multipart) with 201, and 415 for JSON", async () => {
    const ok = await call(apiContact.action, multipart("/api/contact/job-application/", application()), {
      form: "job-application",
    });
    expect(ok).toMatchObject({
      status: 201,
      body: { id: expect.any(String), message: APPLICATION_MESSAGES.jobSuccess },
    });
    const missing = await call(
      apiContact.action,
      multipart("/api/contact/job-application/", { full_name: "A" }),
      { form: "job-application" },
    );
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ cv_resume: [APPLICATION_MESSAGES.cvRequired] });
    const json = await call(apiContact.action, jsonRequest("/api/contact/job-application/", "POST", {}), {
      form: "job-application",
    });
    expect(json.status).toBe(415);
  });
});

describe("a file over 10 MB on the page forms, without JavaScript (issue 18, item 9)", () => {
  const twelveMegabytePdf = (name: string) => {
    const huge = new Uint8Array(12 * 1024 * 1024);
    huge.set(PDF);
    return pdf(name, huge);
  };
  const initialValue = (outcome: { body: unknown }) =>
    (outcome.body as { result: { initialValue: Record<string, unknown> } }).result.initialValue;

  it("keeps every typed field of the application and flags only the CV", async () => {
    const fields = application({ cv_resume: twelveMegabytePdf("cv.pdf") });
    const outcome = await call(careers.action, multipart("/careerpage", fields));
    expect(outcome.status).toBe(400);
    expect(formErrors(outcome)).toEqual({ cv_resume: [UPLOAD_MESSAGES.tooLarge(10 * 1024 * 1024)] });
    expect(initialValue(outcome)).toMatchObject({
      full_name: fields.full_name,
      email_address: fields.email_address,
      role_of_interest: fields.role_of_interest,
      [WHY_JOIN_FIELD]: fields[WHY_JOIN_FIELD],
    });
    expect(
      await db().$count(jobApplications, eq(jobApplications.emailAddress, fields.email_address as string)),
    ).toBe(0);
  });

  it("keeps the pitch, fields after the file included, flags only the attachment and stores nothing", async () => {
    const body = new FormData();
    body.append("name", "Deck Co");
    body.append("attached_file", twelveMegabytePdf("deck.pdf"));
    body.append("email", "big-deck@co.example");
    body.append("collaboration_idea", "y".repeat(150));
    body.append("collaboration_type", "joint_venture");
    const request = new Request("http://127.0.0.1:3000/collabpage", {
      method: "POST",
      body,
      headers: { "X-Client-Address": "203.0.113.9" },
    });
    const outcome = await call(collab.action, request);
    expect(outcome.status).toBe(400);
    expect(formErrors(outcome)).toEqual({ attached_file: [UPLOAD_MESSAGES.tooLarge(10 * 1024 * 1024)] });
    expect(initialValue(outcome)).toMatchObject({
      name: "Deck Co",
      email: "big-deck@co.example",
      collaboration_idea: "y".repeat(150),
      collaboration_type: "joint_venture",
    });
    expect(
      await db().$count(collaborationRequests, eq(collaborationRequests.email, "big-deck@co.example")),
    ).toBe(0);
  });
});

describe("uploads through the API", () => {
  it("rejects a fake PDF and an oversized request with clear errors", async () => {
    const fake = await call(
      apiContact.action,
      multipart(
        "/api/contact/job-application/",
        application({ cv_resume: pdf("cv.pdf", new TextEncoder().encode("<html>not a pdf</html>")) }),
      ),
      { form: "job-application" },
    );
    expect(fake).toMatchObject({ status: 400, body: { cv_resume: [UPLOAD_MESSAGES.contentMismatch] } });

    const huge = new Uint8Array(12 * 1024 * 1024);
    huge.set(PDF);
    const oversize = await call(
      apiContact.action,
      multipart("/api/contact/collaboration/", {
        name: "Big",
        email: "big@co.example",
        collaboration_idea: "x".repeat(120),
        attached_file: pdf("big.pdf", huge),
      }),
      { form: "collaboration" },
    );
    expect(oversize.status).toBe(413);
    expect((oversize.body as { error: string }).error).toMatch(/too large/);
  });
});

describe("collaboration pitch", () => {
  const idea =
    "We run a type foundry and want to co-create a variable typeface for Indian scripts with your brand team, then launch it together.";

  it("accepts JSON without a file, with the spec's messages and shape", async () => {
    const bad = await call(
      apiContact.action,
      jsonRequest("/api/contact/collaboration/", "POST", {
        name: "A",
        email: "",
        collaboration_idea: "short",
      }),
      { form: "collaboration" },
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      name: ["Name must be at least 2 characters long."],
      email: ["Email is required."],
      collaboration_idea: [APPLICATION_MESSAGES.ideaTooShort],
      details: "Name must be at least 2 characters long.",
    });
    const ok = await call(
      apiContact.action,
      jsonRequest("/api/contact/collaboration/", "POST", {
        name: "Type Co",
        email: "hi@type.example",
        collaboration_idea: idea,
      }),
      { form: "collaboration" },
    );
    expect(ok).toMatchObject({ status: 201, body: { message: APPLICATION_MESSAGES.collaborationSuccess } });
    const [row] = await db()
      .select()
      .from(collaborationRequests)
      .where(eq(collaborationRequests.email, "hi@type.example"));
    expect(row).toMatchObject({ collaborationType: "other", attachmentStorageKey: null });
  });

  it("takes a free-text timeline and budget through the API, which the spec gives no list for (issue 18, item 12)", async () => {
    const ok = await call(
      apiContact.action,
      jsonRequest("/api/contact/collaboration/", "POST", {
        name: "Free Co",
        email: "free@co.example",
        collaboration_idea: idea,
        expected_timeline: "Before Diwali",
        budget_range: "About ₹3 lakh",
      }),
      { form: "collaboration" },
    );
    expect(ok.status).toBe(201);
    const [row] = await db()
      .select()
      .from(collaborationRequests)
      .where(eq(collaborationRequests.email, "free@co.example"));
    expect(row).toMatchObject({ expectedTimeline: "Before Diwali", budgetRange: "About ₹3 lakh" });
  });

  it("stores an attachment sent as multipart from the page", async () => {
    const outcome = await call(
      collab.action,
      multipart("/collabpage", {
        name: "Deck Co",
        email: "deck@co.example",
        collaboration_idea: idea,
        collaboration_type: "joint_venture",
        attached_file: pdf("deck.pdf"),
      }),
    );
    expect(outcome.body).toMatchObject({ success: APPLICATION_MESSAGES.collaborationSuccess });
    const [row] = await db()
      .select()
      .from(collaborationRequests)
      .where(eq(collaborationRequests.email, "deck@co.example"));
    expect(row).toMatchObject({ attachmentName: "deck.pdf", collaborationType: "joint_venture" });
  });

  it("rejects a fake attachment", async () => {
    const outcome = await call(
      collab.action,
      multipart("/collabpage", {
        name: "Deck Co",
        email: "deck2@co.example",
        collaboration_idea: idea,
        attached_file: pdf("deck.pptx", PDF),
      }),
    );
    expect(formErrors(outcome)).toEqual({ attached_file: [UPLOAD_MESSAGES.contentMismatch] });
  });
});
