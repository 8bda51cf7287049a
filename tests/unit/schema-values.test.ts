import { describe, expect, it } from "vitest";
import { BUDGETS, CATEGORIES, TIMELINES } from "~models/projects/projects";
import { BUDGET_VALUES, CATEGORY_VALUES, TIMELINE_VALUES } from "~models/schema/values";

describe("the schema's value lists", () => {
  it("are the values of the projects' labelled lists, every one, in order", () => {
    expect(CATEGORIES.map((c) => c.value)).toEqual([...CATEGORY_VALUES]);
    expect(BUDGETS.map((b) => b.value)).toEqual([...BUDGET_VALUES]);
    expect(TIMELINES.map((t) => t.value)).toEqual([...TIMELINE_VALUES]);
  });
});
