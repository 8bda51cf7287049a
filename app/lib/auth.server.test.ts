import { describe, expect, it } from "vitest";
import { safeRedirect } from "./auth.server";

describe("safeRedirect", () => {
  it.each([
    ["/dashboard2/profile", "/dashboard2/profile"],
    ["/dashboard2?tab=shop#top", "/dashboard2?tab=shop#top"],
    ["https://evil.example/", "/dashboard2"],
    ["//evil.example/", "/dashboard2"],
    ["/\\evil.example", "/dashboard2"],
    ["javascript:alert(1)", "/dashboard2"],
    ["", "/dashboard2"],
    [null, "/dashboard2"],
  ])("%s → %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});
