import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { runSeed } from "~models/views/seed.server";
import * as apiContact from "~/routes/api/contact";
import * as apiNewsletter from "~/routes/api/newsletter";
import { call } from "./helpers";

beforeAll(async () => {
  await runSeed();
});

const FIELDS = [
  "company_name",
  "your_name",
  "company_designation",
  "company_email",
  "phone_country",
  "phone_number",
  "company_address",
  "visit_date",
  "city",
  "country",
  "meeting_type",
  "connect_google_meet",
  "meeting_agenda",
  "selected_service",
  "selected_solution",
  "additional_brief",
  "full_name",
  "email_address",
  "investment_interest",
  "investor_type",
  "message",
  "linkedin_profile",
  "email",
  "subject",
  "type",
  "description",
  "name",
  "collaboration_idea",
  "website_url",
];

const value = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.constantFrom(
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "\u0000",
    "+91 98200 12345",
    "2099-01-01",
    "on",
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
);

const body = fc.oneof(fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 12 }), fc.anything());

const jsonPost = (path: string, payload: unknown) =>
  new Request(`http://127.0.0.1:3000${path}`, {
    method: "POST",
    body: JSON.stringify(payload) ?? "null",
    headers: {
      "Content-Type": "application/json",
      "X-Client-Address": `198.18.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 254) + 1}`,
    },
  });

describe("random bodies to every form endpoint", () => {
  for (const form of [
    "office-visit",
    "investor-meeting",
    "service-quote",
    "investment-inquiry",
    "support-ticket",
    "collaboration",
  ]) {
    it(`/api/contact/${form}/ never answers 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const outcome = await call(apiContact.action, jsonPost(`/api/contact/${form}/`, payload), { form });
          expect(outcome.status).toBeLessThan(500);
        }),
        { numRuns: 40 },
      );
    });
  }

  it("/api/newsletter/ never answers 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        expect((await call(apiNewsletter.action, jsonPost("/api/newsletter/", payload))).status).toBeLessThan(
          500,
        );
      }),
      { numRuns: 40 },
    );
  });
});
