import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "../identity/accounts";
import { AcceptNewStaffSchema, STAFF_INVITE_TTL_MS } from "./staff";

describe("staff invitations", () => {
  it("links work for 7 days", () => {
    expect(STAFF_INVITE_TTL_MS).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it("a new account needs a valid username and matching passwords", () => {
    expect(
      AcceptNewStaffSchema.safeParse({
        username: "ok_name",
        password: "secret12",
        confirmPassword: "secret12",
      }).success,
    ).toBe(true);
    const short = AcceptNewStaffSchema.safeParse({
      username: "ab",
      password: "secret12",
      confirmPassword: "secret12",
    });
    expect(short.error?.issues.map((i) => i.message)).toEqual([ACCOUNT_MESSAGES.usernameTooShort]);
    const mismatch = AcceptNewStaffSchema.safeParse({
      username: "ok_name",
      password: "secret12",
      confirmPassword: "other",
    });
    expect(mismatch.error?.issues.map((i) => i.message)).toEqual([ACCOUNT_MESSAGES.passwordsDoNotMatch]);
  });
});
