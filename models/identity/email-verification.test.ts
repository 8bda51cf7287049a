import { describe, expect, it } from "vitest";
import { EMAIL_VERIFICATION_MESSAGES, EMAIL_VERIFICATION_TTL_MS } from "./email-verification";

describe("email confirmation links", () => {
  it("work for 3 days, as the email and the page say", () => {
    expect(EMAIL_VERIFICATION_TTL_MS).toBe(3 * 24 * 60 * 60 * 1000);
    expect(EMAIL_VERIFICATION_MESSAGES.linkLifetime).toBe("3 days");
    expect(EMAIL_VERIFICATION_MESSAGES.sent("a@b.example")).toContain("It works for 3 days");
  });
});
