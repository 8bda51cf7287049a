import { describe, expect, it } from "vitest";
import { classes } from "./classes";

describe("classes", () => {
  it("joins the parts with one space, as the template literal it replaces", () => {
    const active = true;
    expect(classes("rounded-full px-4", "text-sm", active ? "bg-text" : "text-muted")).toBe(
      `rounded-full px-4 text-sm ${active ? "bg-text" : "text-muted"}`,
    );
  });
  it("keeps an empty part, so the string is byte for byte the template's", () => {
    const extra: string | undefined = undefined;
    expect(classes("a b", extra ?? "")).toBe(`a b ${extra ?? ""}`);
    expect(classes("a b", extra ?? "")).toBe("a b ");
  });
});
