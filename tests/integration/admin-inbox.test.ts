import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { INBOX_MESSAGES } from "~models/back-office/inbox";
import { PAGE_SIZE } from "~models/platform/pagination";
import { db, queryRows } from "~models/platform/db.server";
import { auditLog, emailOutbox, serviceQuotes, submissionReplies } from "~models/schema";
import * as exportRoute from "~/routes/admin/inbox-export";
import * as attachmentRoute from "~/routes/admin/inbox-attachment";
import * as inboxPage from "~/routes/admin/inbox";
import * as submissionPage from "~/routes/admin/submission";
import * as inboxApi from "~/routes/api/admin/inbox";
import {
  auditCount,
  seedSite,
  sendApplication,
  sendMeeting,
  sendQuote,
  sendReferral,
  sendTicket,
} from "./admin-helpers";
import { call, formErrors, formRequest, getRequest } from "./helpers";
import { signedInClient, withTemporaryDataDir, type Client } from "./project-helpers";

withTemporaryDataDir();

let staff: Client;
const ids: Record<string, string> = {};

type InboxData = {
  items: Array<{ type: string; id: string; handled: boolean; name: string; email: string; summary: string }>;
  page: { total: number; page: number; pageCount: number };
};
const inbox = async (query = "") =>
  (await call(inboxPage.loader, getRequest(`/admin/inbox${query}`, { cookie: staff.cookie })))
    .body as InboxData;

beforeAll(async () => {
  await seedSite();
  staff = await signedInClient("staff");
  ids.quote = await sendQuote();
  ids.meeting = await sendMeeting();
  ids.ticket = await sendTicket();
  ids.referral = await sendReferral();
  ids.application = await sendApplication();
});

describe("inbox list", () => {
  it("lists every kind of submission in one list, newest first", async () => {
    const { items, page } = await inbox();
    expect(page.total).toBe(5);
    expect(items.map((i) => i.type)).toEqual([
      "job_application",
      "referral",
      "support_ticket",
      "investor_meeting",
      "service_quote",
    ]);
    expect(items.find((i) => i.type === "service_quote")).toMatchObject({
      id: ids.quote,
      name: "Maya Rao",
      email: "maya@acme.example",
      handled: false,
    });
    expect(items.find((i) => i.type === "support_ticket")!.summary).toMatch(
      /^#1001 Support: Cannot download my file$/,
    );
  });

  it("filters by type and status, and searches names, emails and text", async () => {
    expect((await inbox("?type=support_ticket")).items.map((i) => i.id)).toEqual([ids.ticket]);
    expect((await inbox("?q=ravi@EXAMPLE")).items.map((i) => i.id)).toEqual([ids.application]);
    expect((await inbox("?q=spice range")).items.map((i) => i.id)).toEqual([ids.quote]);
    // LIKE wildcards are taken literally.
    expect((await inbox("?q=%25")).items).toEqual([]);
    expect((await inbox("?type=not-a-type")).page.total).toBe(5);
  });

  it("puts unhandled submissions first", async () => {
    await call(
      submissionPage.action,
      formRequest(
        `/admin/inbox/job_application/${ids.application}`,
        { intent: "handled" },
        { cookie: staff.cookie },
      ),
      { type: "job_application", id: ids.application! },
    );
    const { items } = await inbox();
    expect(items.at(-1)).toMatchObject({ id: ids.application, handled: true });
    expect((await inbox("?status=handled")).items.map((i) => i.id)).toEqual([ids.application]);
    expect((await inbox("?status=unhandled")).page.total).toBe(4);
  });

  it("pages through long lists", async () => {
    for (let i = 0; i < PAGE_SIZE; i++) await sendTicket(`Ticket ${i}`);
    const first = await inbox("?type=support_ticket");
    expect(first.items).toHaveLength(PAGE_SIZE);
    expect(first.page).toMatchObject({ total: PAGE_SIZE + 1, page: 1, pageCount: 2 });
    const second = await inbox("?type=support_ticket&page=2");
    expect(second.items).toHaveLength(1);
    // The oldest ticket (the first one sent) is last.
    expect(second.items[0]!.id).toBe(ids.ticket);
    // A page past the end shows the last page.
    expect((await inbox("?type=support_ticket&page=99")).page.page).toBe(2);
  });

  it("is also an API, paged the same way", async () => {
    const outcome = await call(
      inboxApi.loader,
      getRequest("/api/admin/inbox/?type=service_quote", {
        headers: { Authorization: `Token ${staff.token}` },
      }),
    );
    expect(outcome.status).toBe(200);
    expect(outcome.headers.get("Cache-Control")).toBe("private, no-store");
    expect(outcome.body).toMatchObject({
      count: 1,
      page: 1,
      page_count: 1,
      results: [{ type: "service_quote", id: ids.quote, handled: false, email: "maya@acme.example" }],
    });
  });
});

describe("a submission", () => {
  const params = () => ({ type: "service_quote", id: ids.quote! });
  const url = () => `/admin/inbox/service_quote/${ids.quote}`;

  it("shows every field", async () => {
    const outcome = await call(submissionPage.loader, getRequest(url(), { cookie: staff.cookie }), params());
    const { submission } = outcome.body as {
      submission: { fields: Array<[string, string]>; sender: { email: string } };
    };
    expect(Object.fromEntries(submission.fields)).toMatchObject({
      Name: "Maya Rao",
      Company: "Acme Spices",
      Phone: "+919820012345",
      Service: "Graphic Design",
      Solution: "Full Service",
      "Google Meet": "No",
      Brief: "A full rebrand for our spice range, packaging too.",
    });
    expect(submission.sender.email).toBe("maya@acme.example");
  });

  it("is not found for an unknown type or id", async () => {
    expect(
      (
        await call(submissionPage.loader, getRequest("/admin/inbox/quote/x", { cookie: staff.cookie }), {
          type: "quote",
          id: ids.quote!,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          submissionPage.loader,
          getRequest("/admin/inbox/service_quote/x", { cookie: staff.cookie }),
          { type: "service_quote", id: "not-a-uuid" },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          submissionPage.loader,
          getRequest("/admin/inbox/service_quote/x", { cookie: staff.cookie }),
          { type: "service_quote", id: ids.meeting! },
        )
      ).status,
    ).toBe(404);
  });

  it("replies by email through the outbox, stores the reply and audits it", async () => {
    const empty = await call(
      submissionPage.action,
      formRequest(url(), { intent: "reply", subject: "", body: " " }, { cookie: staff.cookie }),
      params(),
    );
    expect(empty.status).toBe(400);
    expect(formErrors(empty)).toEqual({
      subject: [INBOX_MESSAGES.subjectRequired],
      body: [INBOX_MESSAGES.bodyRequired],
    });

    const outcome = await call(
      submissionPage.action,
      formRequest(
        url(),
        { intent: "reply", subject: "Your quote", body: "Here is our quote: 120 tokens." },
        { cookie: staff.cookie },
      ),
      params(),
    );
    expect(outcome.status).toBe(200);
    expect((outcome.body as { message: string }).message).toBe(INBOX_MESSAGES.replySent("maya@acme.example"));
    const [reply] = await db()
      .select()
      .from(submissionReplies)
      .where(eq(submissionReplies.submissionId, ids.quote!));
    expect(reply).toMatchObject({
      submissionType: "service_quote",
      staffId: staff.id,
      toEmail: "maya@acme.example",
      subject: "Your quote",
      body: "Here is our quote: 120 tokens.",
    });
    const [email] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, reply!.emailId!));
    expect(email).toMatchObject({ to: "maya@acme.example", subject: "Your quote", kind: "submission_reply" });
    expect(email!.text).toContain("Here is our quote: 120 tokens.");
    expect(email!.text).toContain(staff.username);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "submission.reply"));
    expect(entry).toMatchObject({
      actorId: staff.id,
      actorLabel: staff.username,
      targetType: "submission",
      targetId: `service_quote:${ids.quote}`,
    });

    const detail = await call(submissionPage.loader, getRequest(url(), { cookie: staff.cookie }), params());
    expect((detail.body as { submission: { replies: unknown[] } }).submission.replies).toMatchObject([
      { subject: "Your quote", staff: staff.username },
    ]);
  });

  it("is marked handled once, with before and after in the audit log, and can be reopened", async () => {
    const before = await auditCount("submission.mark_handled");
    const done = await call(
      submissionPage.action,
      formRequest(url(), { intent: "handled" }, { cookie: staff.cookie }),
      params(),
    );
    expect(done.status).toBe(200);
    const [row] = await db().select().from(serviceQuotes).where(eq(serviceQuotes.id, ids.quote!));
    expect(row!.handled).toBe(true);
    expect(row!.handledAt).toBeInstanceOf(Date);
    // A second click changes nothing and records nothing.
    const again = await call(
      submissionPage.action,
      formRequest(url(), { intent: "handled" }, { cookie: staff.cookie }),
      params(),
    );
    expect(again.status).toBe(409);
    expect(await auditCount("submission.mark_handled")).toBe(before + 1);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "submission.mark_handled"),
          eq(auditLog.targetId, `service_quote:${ids.quote}`),
        ),
      );
    expect(entry!.before).toEqual({ handled: false, handled_at: null });
    expect(entry!.after).toMatchObject({ handled: true });

    await call(
      submissionPage.action,
      formRequest(url(), { intent: "unhandled" }, { cookie: staff.cookie }),
      params(),
    );
    const [reopened] = await db().select().from(serviceQuotes).where(eq(serviceQuotes.id, ids.quote!));
    expect(reopened).toMatchObject({ handled: false, handledAt: null });
  });

  it("downloads a CV as an attachment, audited", async () => {
    const outcome = await call(
      attachmentRoute.loader,
      getRequest(`/admin/inbox/job_application/${ids.application}/attachment`, { cookie: staff.cookie }),
      { type: "job_application", id: ids.application! },
    );
    expect(outcome.status).toBe(200);
    expect(outcome.headers.get("Content-Disposition")).toContain('attachment; filename="cv.pdf"');
    expect(String(outcome.body)).toMatch(/^%PDF-1\.4/);
    expect(await auditCount("submission.download_attachment")).toBe(1);
    // A kind without attachments has nothing to download.
    expect(
      (
        await call(attachmentRoute.loader, getRequest("/x", { cookie: staff.cookie }), {
          type: "service_quote",
          id: ids.quote!,
        })
      ).status,
    ).toBe(404);
  });
});

describe("CSV export", () => {
  it("exports the filtered list with every field of the type, formula cells neutralised", async () => {
    const evil = await sendQuote({
      your_name: '=HYPERLINK("http://evil.example")',
      company_name: "@SUM(A1)",
      additional_brief: "-2+3 is a formula in a spreadsheet, not here.",
    });
    const outcome = await call(
      exportRoute.loader,
      getRequest("/admin/inbox/export.csv?type=service_quote&q=evil", { cookie: staff.cookie }),
    );
    expect(outcome.status).toBe(200);
    expect(outcome.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(outcome.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="inbox-service_quote-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = String(outcome.body)
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Type,ID,Received,Handled,Handled at,Name,Email,Summary,Name,Company,Designation,Company email,Phone,Service,Solution,Google Meet,Brief",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(evil);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(lines[1]).toContain("'@SUM(A1)");
    expect(lines[1]).toContain("'-2+3 is a formula");
    expect(lines[1]).toContain("'+919820012345");
    expect(lines[1]).not.toMatch(/,=|,@|,-|,\+/);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "inbox.export"));
    expect(entry).toMatchObject({ actorId: staff.id, targetType: "inbox" });
    expect(entry!.after).toMatchObject({ rows: 1, filter: { type: "service_quote", q: "evil" } });
  });

  it("exports several types with their fields in one Details cell", async () => {
    const outcome = await call(
      exportRoute.loader,
      getRequest("/admin/inbox/export.csv?status=unhandled", { cookie: staff.cookie }),
    );
    // The text reader drops the byte-order mark; the unit test checks it.
    const lines = String(outcome.body).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Type,ID,Received,Handled,Handled at,Name,Email,Summary,Details");
    const [waiting] = await queryRows<{ n: number }>(
      sql`select (select count(*) from support_tickets where not handled) + (select count(*) from service_quotes where not handled) + (select count(*) from investor_meetings where not handled) + (select count(*) from referrals where not handled) + (select count(*) from job_applications where not handled) as n`,
    );
    // Fields with line breaks are quoted, so count records by their first cell.
    expect(
      lines.filter((line) =>
        /^(Support ticket|Quote request|Investor or partner meeting|Referral|Job application),/.test(line),
      ),
    ).toHaveLength(Number(waiting!.n));
    expect(lines.find((line) => line.startsWith("Referral,"))).toContain('"Referrer: Asha');
  });
});
