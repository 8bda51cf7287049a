import { describe, expect, it } from "vitest";
import { safeRedirect } from "./auth.server";

describe("safeRedirect", () => {
  it.each([
    ["/dashboard2", "/dashboard2"],
    ["/dashboard2/profile", "/dashboard2/profile"],
    ["/dashboard2?tab=shop#top", "/dashboard2?tab=shop#top"],
    ["/project/abc?tab=files", "/project/abc?tab=files"],
    ["/blogpage?search=100%25", "/blogpage?search=100%25"],
    ["/a/../dashboard2", "/dashboard2"],
  ])("keeps the local path %s as %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  // Each of these reaches another host in some browser or server, once decoded or resolved.
  it.each([
    "//x",
    "/\\x",
    "/./\\/x",
    "/.//x",
    "/./%2F/x",
    "%2F%2Fx",
    "/%2F/x",
    "/%252F/x",
    "/%5Cx",
    "/\t/x",
    "/\n/x",
    "/\r/x",
    "/%09/x",
    "/\u0000x",
    "https://x",
    "HTTPS://x",
    "javascript:alert(1)",
    "http:x",
    "x",
    "",
  ])("refuses %j", (input) => {
    expect(safeRedirect(input)).toBe("/dashboard2");
    expect(safeRedirect(input, "/admin")).toBe("/admin");
  });

  it("falls back when there is no target", () => {
    expect(safeRedirect(null)).toBe("/dashboard2");
    expect(safeRedirect(undefined, "/admin")).toBe("/admin");
  });
});
