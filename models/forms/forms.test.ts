import { getZodConstraint } from "@conform-to/zod/v4";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { todayInAgencyTimeZone } from "../platform/form-fields";
import { CONTACT_MESSAGES, InvestorMeetingSchema, OfficeVisitSchema, ServiceQuoteSchema } from "./contact";
import { InvestmentInquirySchema, INQUIRY_MESSAGES } from "./inquiries";
import { toE164 } from "../platform/phone.server";
import { NewsletterSchema, ReferralSchema, SupportTicketSchema } from "./support";

const firstErrors = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) => {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[String(issue.path[0])] ??= issue.message;
  return out;
};

const addDays = (isoDate: string, days: number) => {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

const company = {
  company_name: "Acme",
  your_name: "Maya",
  company_designation: "Founder",
  company_email: "maya@acme.in",
  phone_number: "98200 12345",
};

describe("office visit", () => {
  const today = todayInAgencyTimeZone();
  it.each([
    [undefined, CONTACT_MESSAGES.visitDateRequired],
    ["", CONTACT_MESSAGES.visitDateRequired],
    ["not-a-date", CONTACT_MESSAGES.visitDateRequired],
    [today, CONTACT_MESSAGES.visitDateFuture],
    [addDays(today, -3), CONTACT_MESSAGES.visitDateFuture],
  ])("visit_date %s → %s", (visit_date, message) => {
    expect(
      firstErrors(OfficeVisitSchema.safeParse({ ...company, company_address: "Vashi", visit_date }))
        .visit_date,
    ).toBe(message);
  });

  it("accepts tomorrow, with Mumbai and India as defaults, trimmed", () => {
    const parsed = OfficeVisitSchema.parse({
      ...company,
      company_name: "  Acme  ",
      company_address: "Vashi",
      visit_date: addDays(today, 1),
    });
    expect(parsed).toMatchObject({
      company_name: "Acme",
      city: "Mumbai",
      country: "India",
      phone_country: "IN",
    });
  });

  it("requires every field", () => {
    expect(Object.keys(firstErrors(OfficeVisitSchema.safeParse({})))).toEqual([
      "company_name",
      "your_name",
      "company_designation",
      "company_email",
      "phone_number",
      "company_address",
      "visit_date",
    ]);
  });

  it("uses the spec's wording", () => {
    expect(CONTACT_MESSAGES.visitDateRequired).toBe("Please select a visit date");
    expect(CONTACT_MESSAGES.visitDateFuture).toBe("Please select a future date for your visit");
    expect(CONTACT_MESSAGES.briefTooShort).toBe(
      "Please provide a more detailed description (at least 20 characters)",
    );
  });
});

describe("meeting and quote", () => {
  it("defaults the meeting type to investor, the agenda is optional, the checkbox is a boolean", () => {
    expect(InvestorMeetingSchema.parse({ ...company })).toMatchObject({
      meeting_type: "investor",
      meeting_agenda: "",
      connect_google_meet: false,
    });
    expect(InvestorMeetingSchema.parse({ ...company, connect_google_meet: "on" }).connect_google_meet).toBe(
      true,
    );
  });

  it("the Google Meet box is optional in the browser too: its input is not marked required", () => {
    for (const schema of [InvestorMeetingSchema, ServiceQuoteSchema])
      expect(getZodConstraint(schema).connect_google_meet?.required).toBeFalsy();
    expect(
      ServiceQuoteSchema.safeParse({ connect_google_meet: "maybe" }).error?.issues.map((i) => i.path[0]),
    ).toContain("connect_google_meet");
  });

  it("needs a brief of at least 20 characters after trimming, a service and a solution", () => {
    expect(
      firstErrors(ServiceQuoteSchema.safeParse({ ...company, additional_brief: `   ${"x".repeat(19)}   ` })),
    ).toEqual({
      selected_service: CONTACT_MESSAGES.service,
      selected_solution: CONTACT_MESSAGES.solution,
      additional_brief: CONTACT_MESSAGES.briefTooShort,
    });
  });
});

describe("investment inquiry", () => {
  it("needs a message of at least 50 characters after trimming", () => {
    const errors = firstErrors(
      InvestmentInquirySchema.safeParse({
        full_name: "A",
        email_address: "a@b.co",
        investment_interest: "serious",
        message: ` ${"y".repeat(49)} `,
      }),
    );
    expect(errors).toEqual({ message: INQUIRY_MESSAGES.investorMessageTooShort });
    expect(INQUIRY_MESSAGES.investorMessageTooShort).toBe(
      "Please provide more details about your investment interest (at least 50 characters).",
    );
  });
});

describe("phone numbers", () => {
  it("normalises to E.164 with the chosen country or a leading +", () => {
    expect(toE164("98200 12345", "IN")).toEqual({ ok: true, e164: "+919820012345" });
    expect(toE164("+44 20 7946 0958", "IN")).toEqual({ ok: true, e164: "+442079460958" });
    expect(toE164("(415) 555-2671", "US")).toEqual({ ok: true, e164: "+14155552671" });
    expect(toE164("12", "IN").ok).toBe(false);
  });

  it("applies the spec's limits in the schema", () => {
    const phone = (phone_number: string) =>
      firstErrors(OfficeVisitSchema.safeParse({ ...company, phone_number })).phone_number;
    expect(phone("98200 12345")).toBeUndefined();
    expect(phone("9820O12345")).toMatch(/digits only/);
    expect(phone("1")).toMatch(/2 to 17 digits/);
    expect(phone("1".repeat(21))).toMatch(/2 to 17 digits/);
    expect(phone("9".repeat(251))).toMatch(/digits only/);
    expect(phone("")).toBe("Phone number is required.");
  });
});

describe("every public form schema", () => {
  const schemas = {
    OfficeVisitSchema,
    InvestorMeetingSchema,
    ServiceQuoteSchema,
    InvestmentInquirySchema,
    SupportTicketSchema,
    NewsletterSchema,
    ReferralSchema,
  };
  const anyValue = fc.oneof(
    fc.string(),
    fc.string({ unit: "binary" }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.array(fc.string()),
  );

  for (const [name, schema] of Object.entries(schemas)) {
    it(`${name} answers any input without throwing`, () => {
      const keys = Object.keys(
        (schema as unknown as { shape?: object }).shape ?? {
          email: 1,
          subject: 1,
          referrer_email: 1,
          invitee_email: 1,
        },
      );
      fc.assert(
        fc.property(fc.dictionary(fc.constantFrom(...keys, "extra"), anyValue), (input) => {
          const result = schema.safeParse(input);
          expect(typeof result.success).toBe("boolean");
        }),
        { numRuns: 300 },
      );
    });
  }
});
