import { desc, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~models/platform/db.server";
import { emailOutbox } from "~models/schema";
import { submitCollaboration } from "~models/forms/applications.server";
import { submitInvestmentInquiry } from "~models/forms/submissions.server";
import * as exportRoute from "~/routes/admin/inbox-export";
import * as inboxPage from "~/routes/admin/inbox";
import * as meetingPage from "~/routes/admin/meeting";
import * as submissionPage from "~/routes/admin/submission";
import { seedSite, sendApplication, sendMeeting, sendQuote } from "./admin-helpers";
import { call, getRequest } from "./helpers";
import { signedInClient, withTemporaryDataDir, type Client } from "./project-helpers";

// Labels, never raw keys (decision 0071): the inbox's list, a submission's page,
// the CSV export, the staff emails and the meetings page all read a choice's
// label from the one registry per submission table (models/forms/submission-registry.ts).

withTemporaryDataDir();

let staff: Client;
const ids: Record<string, string> = {};

const RAW_KEYS = [
  "graphic_design",
  "full_service",
  "brand_designer",
  "technology_collaboration",
  "3_6_months",
  "2l_10l",
  "vc_fund",
  "10l_50l",
];
const noRawKey = (text: string) => {
  for (const key of RAW_KEYS) expect(text, key).not.toMatch(new RegExp(`(^|[^\\w])${key}([^\\w]|$)`));
};

type InboxData = { items: Array<{ type: string; id: string; summary: string }> };

beforeAll(async () => {
  await seedSite();
  staff = await signedInClient("staff");
  ids.quote = await sendQuote();
  ids.meeting = await sendMeeting();
  ids.application = await sendApplication();
  const collaboration = await submitCollaboration(
    {
      name: "Kiran",
      email: "kiran@example.com",
      organization: "Loom Labs",
      collaboration_idea: "A shared design system for the textile co-operatives of Maharashtra.",
      collaboration_type: "technology_collaboration",
      expected_timeline: "3_6_months",
      budget_range: "2l_10l",
      attached_file: undefined,
    } as never,
    { clientAddress: "198.51.100.201" },
  );
  const inquiry = await submitInvestmentInquiry(
    {
      full_name: "Neha Shah",
      email_address: "neha@fund.example",
      phone_country: "IN",
      phone_number: "",
      investment_interest: "serious",
      investor_type: "vc_fund",
      organization: "Shah Ventures",
      investment_amount_range: "10l_50l",
      message: "We back consumer brands in India and would like to hear about your growth plans soon.",
      linkedin_profile: "",
      previous_investments: "",
    } as never,
    { clientAddress: "198.51.100.202" },
  );
  if (collaboration.status !== "ok" || inquiry.status !== "ok")
    throw new Error(JSON.stringify({ collaboration, inquiry }));
  ids.collaboration = collaboration.id;
  ids.inquiry = inquiry.id;
});

describe("labels, never raw keys", () => {
  it("in the inbox's list (and its search finds a label)", async () => {
    const { items } = (await call(inboxPage.loader, getRequest("/admin/inbox", { cookie: staff.cookie })))
      .body as InboxData;
    const summary = (type: string) => items.find((item) => item.type === type)!.summary;
    expect(summary("service_quote")).toContain("Graphic Design");
    expect(summary("job_application")).toMatch(/^Brand designer: /);
    expect(summary("investor_meeting")).toContain("Partnership Discussion");
    expect(summary("collaboration")).toMatch(/^Technology collaboration: /);
    expect(summary("investment_inquiry")).toMatch(/^VC fund · /);
    for (const item of items) noRawKey(item.summary);

    const found = (
      await call(inboxPage.loader, getRequest("/admin/inbox?q=brand%20designer", { cookie: staff.cookie }))
    ).body as InboxData;
    expect(found.items.map((item) => item.id)).toEqual([ids.application]);
  });

  it("on a submission's page", async () => {
    const fieldsOf = async (type: string, id: string) => {
      const outcome = await call(
        submissionPage.loader,
        getRequest(`/admin/inbox/${type}/${id}`, { cookie: staff.cookie }),
        { type, id },
      );
      return Object.fromEntries(
        (outcome.body as { submission: { fields: Array<[string, string]> } }).submission.fields,
      );
    };
    expect(await fieldsOf("collaboration", ids.collaboration!)).toMatchObject({
      "Collaboration type": "Technology collaboration",
      "Expected timeline": "In 3–6 months",
      "Budget range": "₹2–10 lakh",
    });
    expect(await fieldsOf("investment_inquiry", ids.inquiry!)).toMatchObject({
      Interest: "Seriously considering",
      "Investor type": "VC fund",
      "Amount range": "₹10–50 lakh",
    });
    expect(await fieldsOf("job_application", ids.application!)).toMatchObject({
      "Role of interest": "Brand designer",
    });
  });

  it("in the CSV export", async () => {
    const outcome = await call(
      exportRoute.loader,
      getRequest("/admin/inbox/export.csv", { cookie: staff.cookie }),
    );
    const csv = String(outcome.body);
    expect(csv).toContain("Brand designer");
    expect(csv).toContain("VC fund");
    noRawKey(csv);
  });

  it("in the staff emails and the sender's copy", async () => {
    const emails = await db()
      .select({ kind: emailOutbox.kind, text: emailOutbox.text })
      .from(emailOutbox)
      .where(like(emailOutbox.kind, "%_notification"))
      .orderBy(desc(emailOutbox.createdAt));
    const text = (kind: string) => emails.find((email) => email.kind === kind)!.text;
    expect(text("job_application_notification")).toContain("Role of interest: Brand designer");
    expect(text("service_quote_notification")).toContain("Service: Graphic Design");
    expect(text("investor_meeting_notification")).toContain("Meeting type: Partnership Discussion");
    expect(text("collaboration_notification")).toContain("Collaboration type: Technology collaboration");
    expect(text("investment_inquiry_notification")).toContain("Amount range: ₹10–50 lakh");
    for (const email of emails) noRawKey(email.text);
  });

  it("on the meetings page", async () => {
    const outcome = await call(
      meetingPage.loader,
      getRequest(`/admin/meetings/investor_meeting/${ids.meeting}`, { cookie: staff.cookie }),
      { source: "investor_meeting", id: ids.meeting! },
    );
    const body = outcome.body as { request: { title: string; fields: Array<[string, string]> } };
    expect(Object.fromEntries(body.request.fields)).toMatchObject({
      "Meeting type": "Partnership Discussion",
      "Google Meet": "Yes",
      "Company email": "maya@acme.example",
    });
    expect(body.request.title).toMatch(/^Partnership Discussion with /);
  });
});
