import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { CollaborationSchema, JobApplicationSchema } from "./applications";
import { InvestorMeetingSchema, OfficeVisitSchema, ServiceQuoteSchema } from "./contact";
import { InvestmentInquirySchema } from "./inquiries";
import { NewsletterSchema, ReferralSchema, SupportTicketSchema } from "./support";
import { giftCardSchema, RedeemGiftCardSchema } from "../billing/gift-cards";

// Issue 18, item 12: no message a visitor or an API client reads may be a
// library's default ("Invalid input", "Invalid option: expected one of …").
// Every public form's schema gets every field wrong in every way an API
// client can send it, alone and all at once.

const SCHEMAS: Record<string, z.ZodType> = {
  OfficeVisitSchema,
  InvestorMeetingSchema,
  ServiceQuoteSchema,
  InvestmentInquirySchema,
  SupportTicketSchema,
  NewsletterSchema,
  ReferralSchema,
  JobApplicationSchema,
  CollaborationSchema,
  giftCardSchema: giftCardSchema({ cardRequired: true }),
  RedeemGiftCardSchema,
};

const WRONG_VALUES: unknown[] = [
  null,
  42,
  -1,
  1e308,
  true,
  false,
  [],
  ["a"],
  {},
  { a: 1 },
  "",
  " ",
  "not-an-option",
  "x".repeat(20_000),
  "2020-02-30",
  "constructor",
  "__proto__",
];

/** Zod 4's own (English) messages: "Invalid input…", "Invalid option…", "Too big: …", "Invalid email address", … */
const LIBRARY_DEFAULT =
  /^(Invalid (input|option)\b|Invalid [a-zA-Z ]+(:|$)|Too (big|small): |Unrecognized key|Expected |Required$)/;

function fieldsOf(schema: z.ZodType): string[] {
  const def = (
    schema as unknown as {
      _zod: { def: { shape?: Record<string, unknown>; in?: z.ZodType; schema?: z.ZodType } };
    }
  )._zod.def;
  if (def.shape) return Object.keys(def.shape);
  if (def.in) return fieldsOf(def.in);
  if (def.schema) return fieldsOf(def.schema);
  return [];
}

describe("public form schemas", () => {
  it.each(Object.entries(SCHEMAS))("%s: no issue message is a library default", (_name, schema) => {
    const fields = fieldsOf(schema);
    expect(fields.length).toBeGreaterThan(0);
    const offenders = new Set<string>();
    const check = (input: Record<string, unknown>) => {
      for (const issue of schema.safeParse(input).error?.issues ?? []) {
        if (LIBRARY_DEFAULT.test(issue.message)) offenders.add(`${issue.path.join(".")}: ${issue.message}`);
      }
    };
    for (const value of WRONG_VALUES) {
      check(Object.fromEntries(fields.map((field) => [field, value])));
      for (const field of fields) check({ [field]: value });
    }
    check({});
    expect([...offenders]).toEqual([]);
  });
});

describe("values that must come from a list", () => {
  it("say which values are allowed", () => {
    const meeting = InvestorMeetingSchema.safeParse({ meeting_type: "lunch" }).error?.issues.find(
      (issue) => issue.path[0] === "meeting_type",
    );
    expect(meeting?.message).toContain(
      "Allowed values: investor, partner, strategic, collaboration, acquisition, joint_venture.",
    );
    const type = CollaborationSchema.safeParse({ collaboration_type: 7 }).error?.issues.find(
      (issue) => issue.path[0] === "collaboration_type",
    );
    expect(type?.message).toContain("Allowed values: project_partnership,");
  });

  it("leave the collaboration's timeline and budget free, as the spec does, up to 100 characters", () => {
    const pitch = { name: "Type Co", email: "hi@type.example", collaboration_idea: "y".repeat(120) };
    expect(
      CollaborationSchema.parse({
        ...pitch,
        expected_timeline: "Before Diwali",
        budget_range: "About ₹3 lakh",
      }),
    ).toMatchObject({ expected_timeline: "Before Diwali", budget_range: "About ₹3 lakh" });
    expect(
      CollaborationSchema.safeParse({ ...pitch, expected_timeline: "x".repeat(101) }).error?.issues[0]
        ?.message,
    ).toBe("Please keep this under 100 characters.");
  });
});
