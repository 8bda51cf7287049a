import { describe, expect, it } from "vitest";
import { parseInboxFilter, inboxFilterParams } from "./inbox";

describe("inbox filter", () => {
  const types = ["service_quote", "support_ticket"];
  it("keeps known values and drops the rest", () => {
    expect(
      parseInboxFilter(new URLSearchParams("type=service_quote&status=handled&q=  maya  "), types),
    ).toEqual({ type: "service_quote", status: "handled", q: "maya" });
    expect(parseInboxFilter(new URLSearchParams("type=x&status=y"), types)).toEqual({
      type: undefined,
      status: "all",
      q: "",
    });
  });

  it("round-trips through the URL without defaults", () => {
    expect(inboxFilterParams({ type: undefined, status: "all", q: "" }).toString()).toBe("");
    expect(inboxFilterParams({ type: "support_ticket", status: "unhandled", q: "a b" }).toString()).toBe(
      "type=support_ticket&status=unhandled&q=a+b",
    );
  });
});
