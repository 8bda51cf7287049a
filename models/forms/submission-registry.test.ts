import { getTableColumns, getTableName } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "../schema";
import * as careerRoles from "../content/career-roles";
import * as applications from "./applications";
import * as contact from "./contact";
import * as inquiries from "./inquiries";
import {
  displayValue,
  labelledFields,
  SUBMISSION_TABLES,
  type FieldSpec,
  type OptionList,
  type SubmissionTableName,
} from "./submission-registry";

const tablesByName = new Map(
  (Object.values(schema) as unknown[])
    .filter(
      (value): value is PgTable =>
        typeof value === "object" && value !== null && Symbol.for("drizzle:Name") in value,
    )
    .map((table) => [getTableName(table), table]),
);

const entries = Object.entries(SUBMISSION_TABLES) as Array<
  [SubmissionTableName, { label: string; fields: Record<string, FieldSpec> }]
>;

/** Every option list the public forms offer: arrays of { value, label } exported by their modules. */
const formOptionLists = (
  Object.entries({ ...careerRoles, ...applications, ...contact, ...inquiries }) as Array<[string, unknown]>
).filter(
  (entry): entry is [string, OptionList] =>
    Array.isArray(entry[1]) &&
    entry[1].length > 0 &&
    entry[1].every(
      (item: unknown) => typeof item === "object" && item !== null && "value" in item && "label" in item,
    ),
);

describe("the submission registry", () => {
  it("names real tables and real columns", () => {
    for (const [table, spec] of entries) {
      const found = tablesByName.get(table);
      expect(found, `no table ${table} in models/schema`).toBeDefined();
      const columns = Object.keys(getTableColumns(found!));
      for (const key of Object.keys(spec.fields)) expect(columns, `${table}.${key}`).toContain(key);
      expect(spec.label).not.toBe("");
    }
  });

  it("uses every option list the public forms offer, the forms' own (not a copy)", () => {
    expect(formOptionLists.map(([name]) => name)).toEqual(
      expect.arrayContaining(["CAREER_ROLES", "SERVICES", "SOLUTIONS", "MEETING_TYPES", "INVESTOR_TYPES"]),
    );
    const used = new Set(
      entries.flatMap(([, spec]) => Object.values(spec.fields).map((field) => field.options)),
    );
    for (const [name, list] of formOptionLists)
      expect(used.has(list), `${name} is not in the registry`).toBe(true);
  });

  it("gives every option key of every submission table a label, never the key itself", () => {
    let checked = 0;
    for (const [table, spec] of entries)
      for (const [key, field] of Object.entries(spec.fields))
        for (const option of field.options ?? []) {
          const shown = displayValue(table, key as never, option.value);
          expect(shown, `${table}.${key} = ${option.value}`).toBe(option.label);
          expect(shown.trim()).not.toBe("");
          // A key such as backend_developer never reaches people; ticket types store their label.
          if (/_/.test(option.value)) expect(shown).not.toBe(option.value);
          checked++;
        }
    expect(checked).toBeGreaterThan(60);
    expect(displayValue("job_applications", "roleOfInterest", "backend_developer")).toBe("Backend developer");
    expect(displayValue("service_quotes", "selectedService", "graphic_design")).toBe("Graphic Design");
  });

  it("shows what a form let people type as they typed it, and Yes/No, dates and nothing plainly", () => {
    expect(displayValue("collaboration_requests", "expectedTimeline", "Before Diwali")).toBe("Before Diwali");
    expect(displayValue("service_quotes", "connectGoogleMeet", true)).toBe("Yes");
    expect(displayValue("service_quotes", "connectGoogleMeet", false)).toBe("No");
    expect(displayValue("gift_cards", "expiresAt", new Date("2026-01-02T03:04:05Z"))).toBe(
      "2026-01-02T03:04:05.000Z",
    );
    expect(displayValue("gift_cards", "redeemedBy", null)).toBe("");
    expect(
      labelledFields("investor_meetings", { meetingType: "partner", connectGoogleMeet: true }, [
        "meetingType",
        "connectGoogleMeet",
      ]),
    ).toEqual([
      ["Meeting type", "Partnership Discussion"],
      ["Google Meet", "Yes"],
    ]);
  });
});
