import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { beforeAll, describe, expect, it } from "vitest";
import { db, queryRows } from "~models/platform/db.server";
import { todayInAgencyTimeZone } from "~models/platform/form-fields";
import { CONTACT_MESSAGES } from "~models/forms/contact";
import { INQUIRY_MESSAGES } from "~models/forms/inquiries";
import { FORM_RATE_LIMIT } from "~models/forms/submission-steps.server";
import { configureMail, retryUnsentEmails } from "~models/platform/mail.server";
import {
  emailOutbox,
  investmentInquiries,
  newsletterSubscribers,
  officeVisits,
  referrals,
  serviceQuotes,
  supportTickets,
} from "~models/schema";
import { runSeed } from "~models/views/seed.server";
import * as apiContact from "~/routes/api/contact";
import * as apiNewsletter from "~/routes/api/newsletter";
import * as contact from "~/routes/contact";
import * as createTicket from "~/routes/create-ticket";
import * as investorPage from "~/routes/investor-page";
import * as newsletterToken from "~/routes/newsletter-token";
import * as referralPage from "~/routes/referrals";
import { call, formErrors, formRequest, getRequest, jsonRequest } from "./helpers";

beforeAll(async () => {
  await runSeed();
});

const tomorrow = (() => {
  const date = new Date(`${todayInAgencyTimeZone()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
})();

const company = {
  company_name: "Acme Spices",
  your_name: "Maya Rao",
  company_designation: "Founder",
  company_email: "maya@acme.example",
  phone_country: "IN",
  phone_number: "98200 12345",
};

const valid = {
  office_visit: {
    ...company,
    company_address: "Sector 17, Vashi",
    visit_date: tomorrow,
    city: "Navi Mumbai",
    country: "India",
  },
  investor_meeting: {
    ...company,
    meeting_type: "partner",
    connect_google_meet: "on",
    meeting_agenda: "Distribution partnership",
  },
  service_quote: {
    ...company,
    selected_service: "graphic_design",
    selected_solution: "full_service",
    additional_brief: "A full rebrand for our spice range",
  },
};

const countRows = async (table: string) =>
  (await queryRows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

describe("contact page forms (page actions)", () => {
  it.each([
    ["office_visit", officeVisits, CONTACT_MESSAGES.visitSuccess],
    ["investor_meeting", "investor_meetings", CONTACT_MESSAGES.meetingSuccess],
    ["service_quote", serviceQuotes, CONTACT_MESSAGES.quoteSuccess],
  ] as const)(
    "%s: stores one row, emails the sender and the agency, clears the form",
    async (intent, _table, message) => {
      const emailsBefore = (await db().select().from(emailOutbox)).length;
      const outcome = await call(contact.action, formRequest("/contact", { intent, ...valid[intent] }));
      expect(outcome.status).toBe(200);
      expect(outcome.body).toMatchObject({ form: intent, success: message });
      const emails = await db().select().from(emailOutbox);
      expect(emails.length - emailsBefore).toBe(2);
      expect(emails.map((e) => e.to)).toEqual(expect.arrayContaining(["maya@acme.example"]));
    },
  );

  it("stores the phone number in E.164 and the visit as sent", async () => {
    await call(
      contact.action,
      formRequest("/contact", { intent: "office_visit", ...valid.office_visit, your_name: "E164 Test" }),
    );
    const [row] = await db().select().from(officeVisits).where(eq(officeVisits.yourName, "E164 Test"));
    expect(row).toMatchObject({
      phoneNumber: "+919820012345",
      visitDate: tomorrow,
      city: "Navi Mumbai",
      handled: false,
    });
  });

  it("keeps the input and shows the spec's messages next to their fields", async () => {
    const outcome = await call(
      contact.action,
      formRequest("/contact", {
        intent: "service_quote",
        ...valid.service_quote,
        additional_brief: "too short",
        selected_service: "",
      }),
    );
    expect(outcome.status).toBe(400);
    expect(formErrors(outcome)).toEqual({
      selected_service: [CONTACT_MESSAGES.service],
      additional_brief: [CONTACT_MESSAGES.briefTooShort],
    });
    expect(JSON.stringify(outcome.body)).toContain("Acme Spices");

    const past = await call(
      contact.action,
      formRequest("/contact", {
        intent: "office_visit",
        ...valid.office_visit,
        visit_date: todayInAgencyTimeZone(),
      }),
    );
    expect(formErrors(past)).toEqual({ visit_date: [CONTACT_MESSAGES.visitDateFuture] });
  });

  it("rejects a number libphonenumber cannot place", async () => {
    const outcome = await call(
      contact.action,
      formRequest("/contact", { intent: "office_visit", ...valid.office_visit, phone_number: "+999 123" }),
    );
    expect(outcome.status).toBe(400);
    expect(formErrors(outcome).phone_number?.[0]).toMatch(/valid phone number/);
  });

  it("drops a submission whose honeypot is filled, while looking successful", async () => {
    const before = await countRows("service_quotes");
    const outcome = await call(
      contact.action,
      formRequest("/contact", {
        intent: "service_quote",
        ...valid.service_quote,
        website_url: "http://spam.example",
      }),
    );
    expect(outcome.status).toBe(200);
    expect(await countRows("service_quotes")).toBe(before);
  });

  it("limits each form per address", async () => {
    const ip = "198.51.100.201";
    let last;
    for (let i = 0; i <= FORM_RATE_LIMIT.limit; i++) {
      last = await call(
        contact.action,
        formRequest("/contact", { intent: "investor_meeting", ...valid.investor_meeting }, { ip }),
      );
    }
    expect(last!.status).toBe(429);
    expect(formErrors(last!)[""]?.[0]).toMatch(/^You have sent this form many times/);
    // Another form from the same address is not limited.
    expect(
      (
        await call(
          contact.action,
          formRequest("/contact", { intent: "service_quote", ...valid.service_quote }, { ip }),
        )
      ).status,
    ).toBe(200);
  });

  it("refuses an oversized body before reading it", async () => {
    const request = formRequest("/contact", {
      intent: "service_quote",
      ...valid.service_quote,
      additional_brief: "x".repeat(70_000),
    });
    const outcome = await call(contact.action, request);
    expect(outcome.status).toBe(413);
  });
});

describe("other form pages", () => {
  it("investment inquiry: spec message, then stored", async () => {
    const base = {
      full_name: "Ravi Menon",
      email_address: "ravi@fund.example",
      investment_interest: "serious",
      investor_type: "angel",
    };
    const short = await call(
      investorPage.action,
      formRequest("/investorpage", { ...base, message: "Too short" }),
    );
    expect(formErrors(short)).toEqual({ message: [INQUIRY_MESSAGES.investorMessageTooShort] });
    const ok = await call(
      investorPage.action,
      formRequest("/investorpage", {
        ...base,
        message: "We back design-led studios and would like to learn about your token model.",
      }),
    );
    expect(ok.body).toMatchObject({ success: INQUIRY_MESSAGES.investorSuccess });
    expect(
      await db()
        .select()
        .from(investmentInquiries)
        .where(eq(investmentInquiries.emailAddress, "ravi@fund.example")),
    ).toHaveLength(1);
  });

  it("support ticket: numbered, stored and emailed", async () => {
    const outcome = await call(
      createTicket.action,
      formRequest("/createticket", {
        email: "help@client.example",
        subject: "Invoice copy",
        type: "Billing",
        description: "Please resend March's invoice.",
      }),
    );
    const [ticket] = await db()
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.email, "help@client.example"));
    expect(ticket!.ticketNumber).toBeGreaterThanOrEqual(1001);
    expect(outcome.body).toMatchObject({
      success: `Ticket #${ticket!.ticketNumber} created. We have emailed you a copy and will reply soon.`,
    });
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.to, "help@client.example"));
    expect(mails[0]!.subject).toContain(`#${ticket!.ticketNumber}`);
  });

  it("referral: stored with a code and the friend is emailed a signup link", async () => {
    const outcome = await call(
      referralPage.action,
      formRequest("/referrals", {
        referrer_name: "Maya",
        referrer_email: "maya@acme.example",
        invitee_email: "friend@brand.example",
      }),
    );
    const [row] = await db()
      .select()
      .from(referrals)
      .where(eq(referrals.inviteeEmail, "friend@brand.example"));
    expect(row!.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(outcome.body).toMatchObject({ extra: { code: row!.code } });
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.to, "friend@brand.example"));
    expect(mail!.text).toContain(`/signup?ref=${row!.code}`);
    const self = await call(
      referralPage.action,
      formRequest("/referrals", {
        referrer_name: "Maya",
        referrer_email: "a@b.example",
        invitee_email: "A@b.example",
      }),
    );
    expect(formErrors(self)).toEqual({ invitee_email: ["Please invite someone other than yourself."] });
  });
});

describe("contact API", () => {
  const post = (form: string, body: unknown, init?: { ip?: string }) =>
    call(apiContact.action, jsonRequest(`/api/contact/${form}/`, "POST", body, init), { form });

  it.each([
    ["office-visit", valid.office_visit, CONTACT_MESSAGES.visitSuccess],
    [
      "investor-meeting",
      { ...valid.investor_meeting, connect_google_meet: true },
      CONTACT_MESSAGES.meetingSuccess,
    ],
    ["service-quote", { ...valid.service_quote, connect_google_meet: false }, CONTACT_MESSAGES.quoteSuccess],
  ])("POST /api/contact/%s/ → 201 {id, message}", async (form, body, message) => {
    const outcome = await post(form, body);
    expect(outcome.status).toBe(201);
    expect(outcome.body).toEqual({ id: expect.any(String), message });
  });

  it("answers field errors as arrays, with a summary under error", async () => {
    const visit = await post("office-visit", { ...valid.office_visit, visit_date: "", phone_number: "abc" });
    expect(visit).toMatchObject({
      status: 400,
      body: {
        visit_date: [CONTACT_MESSAGES.visitDateRequired],
        phone_number: [expect.stringMatching(/digits only/)],
        error: expect.any(String),
      },
    });
    const quote = await post("service-quote", { ...valid.service_quote, additional_brief: "short" });
    expect(quote.body).toEqual({
      additional_brief: [CONTACT_MESSAGES.briefTooShort],
      error: CONTACT_MESSAGES.briefTooShort,
    });
    const inquiry = await post("investment-inquiry", {
      full_name: "",
      email_address: "x",
      investment_interest: "casual",
      message: "short",
    });
    expect(inquiry.body).toMatchObject({
      full_name: ["Full name is required."],
      email_address: ["Please enter a valid email address."],
      message: [INQUIRY_MESSAGES.investorMessageTooShort],
    });
  });

  it("rejects a wrong content type, bad JSON, an oversized body and an unknown form", async () => {
    const text = new Request("http://127.0.0.1/api/contact/office-visit/", {
      method: "POST",
      body: "hello",
      headers: { "Content-Type": "text/plain" },
    });
    expect((await call(apiContact.action, text, { form: "office-visit" })).status).toBe(415);
    const broken = new Request("http://127.0.0.1/api/contact/office-visit/", {
      method: "POST",
      body: "{",
      headers: { "Content-Type": "application/json" },
    });
    expect((await call(apiContact.action, broken, { form: "office-visit" })).body).toEqual({
      error: "The request body must be a JSON object.",
    });
    expect(
      (await post("service-quote", { ...valid.service_quote, additional_brief: "y".repeat(70_000) })).status,
    ).toBe(413);
    expect((await post("no-such-form", {})).status).toBe(404);
    expect(
      (await call(apiContact.loader, getRequest("/api/contact/office-visit/"), { form: "office-visit" }))
        .status,
    ).toBe(405);
  });

  it("support ticket through the API returns its number", async () => {
    const outcome = await post("support-ticket", {
      email: "api@client.example",
      subject: "Login",
      type: "Support",
      description: "I cannot sign in.",
    });
    expect(outcome).toMatchObject({ status: 201, body: { ticket_number: expect.any(Number) } });
  });
});

describe("newsletter", () => {
  const subscribe = (email: string) =>
    call(apiNewsletter.action, jsonRequest("/api/newsletter/", "POST", { email }));
  const tokenFrom = async (email: string, kind: "confirm" | "unsubscribe") => {
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.to, email));
    const match = new RegExp(`/newsletter/${kind}/([A-Za-z0-9_-]+)`).exec(mails.at(-1)!.text);
    return match![1]!;
  };

  it("double opt-in: pending, then confirmed by the emailed link (a POST), then unsubscribed", async () => {
    const email = "reader@news.example";
    expect(await subscribe(email)).toMatchObject({
      status: 201,
      body: { message: "Almost there: check your inbox and confirm your subscription." },
    });
    let [row] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(row!.status).toBe("pending");

    const confirm = await tokenFrom(email, "confirm");
    expect(
      (
        await call(newsletterToken.loader, getRequest(`/newsletter/confirm/${confirm}`), {
          kind: "confirm",
          token: confirm,
        })
      ).body,
    ).toEqual({ kind: "confirm", valid: true });
    [row] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(row!.status).toBe("pending"); // a GET changes nothing
    expect(
      (
        await call(newsletterToken.action, formRequest(`/newsletter/confirm/${confirm}`, {}), {
          kind: "confirm",
          token: confirm,
        })
      ).body,
    ).toMatchObject({ ok: true });
    [row] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(row!.status).toBe("confirmed");

    // Idempotent: subscribing again says the same and sends nothing new.
    const mailsBefore = (await db().select().from(emailOutbox).where(eq(emailOutbox.to, email))).length;
    expect((await subscribe(email.toUpperCase())).status).toBe(201);
    expect((await db().select().from(emailOutbox).where(eq(emailOutbox.to, email))).length).toBe(mailsBefore);
    expect(
      await db()
        .select()
        .from(newsletterSubscribers)
        .where(sql`lower(email) = ${email}`),
    ).toHaveLength(1);

    const unsubscribe = await tokenFrom(email, "unsubscribe");
    await call(newsletterToken.action, formRequest(`/newsletter/unsubscribe/${unsubscribe}`, {}), {
      kind: "unsubscribe",
      token: unsubscribe,
    });
    [row] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(row!.status).toBe("unsubscribed");
  });

  it("answers a bad email and a used link clearly", async () => {
    expect(await subscribe("nope")).toMatchObject({
      status: 400,
      body: { email: ["Please enter a valid email address."] },
    });
    const used = await call(newsletterToken.action, formRequest("/newsletter/confirm/made-up", {}), {
      kind: "confirm",
      token: "made-up",
    });
    expect(used).toMatchObject({
      status: 410,
      body: { ok: false, message: "This link is invalid or has already been used." },
    });
  });
});

describe("email that fails to send", () => {
  it("stays in the outbox and goes out on retry", async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, callback) {
        let message = "";
        stream.on("data", (chunk: Buffer) => (message += chunk.toString()));
        stream.on("end", () => (received.push(message), callback()));
      },
    });
    server.listen(0, "127.0.0.1");
    await once(server.server, "listening");
    try {
      configureMail({ smtpUrl: "smtp://127.0.0.1:1", from: "Ascendra <no-reply@ascendra.studio>" });
      await call(
        createTicket.action,
        formRequest("/createticket", {
          email: "retry@client.example",
          subject: "Retry",
          type: "Support",
          description: "Testing the outbox.",
        }),
      );
      const failed = await db().select().from(emailOutbox).where(eq(emailOutbox.to, "retry@client.example"));
      expect(failed[0]).toMatchObject({ sentAt: null, attempts: 1 });

      const { port } = server.server.address() as AddressInfo;
      configureMail({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "Ascendra <no-reply@ascendra.studio>" });
      expect(await retryUnsentEmails()).toBeGreaterThanOrEqual(1);
      const [sent] = await db().select().from(emailOutbox).where(eq(emailOutbox.to, "retry@client.example"));
      expect(sent!.sentAt).toBeInstanceOf(Date);
      expect(received.some((m) => m.includes("To: retry@client.example"))).toBe(true);
    } finally {
      configureMail({ from: "Ascendra <no-reply@ascendra.studio>" });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
