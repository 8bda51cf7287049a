import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "./accounts";
import { isCommonPassword, newPasswordProblem, REFUSED_COMMON_PASSWORDS } from "./common-passwords.server";

describe("common passwords", () => {
  it("refuses the most common ones, whatever their case", async () => {
    for (const password of [
      "123456",
      "password",
      "Password",
      "QWERTY123",
      "iloveyou",
      "letmein",
      "football1",
      "trustno1",
    ]) {
      expect(await isCommonPassword(password)).toBe(true);
    }
    expect(await newPasswordProblem("123456")).toBe(ACCOUNT_MESSAGES.passwordTooCommon);
  });

  it("accepts passwords that are not on the list", async () => {
    for (const password of ["old-secret", "Northwind-Studio-2026", "correct horse battery staple"]) {
      expect(await isCommonPassword(password)).toBe(false);
      expect(await newPasswordProblem(password)).toBeNull();
    }
  });

  it("refuses the top 10,000 of the ranked list, not its rare tail", async () => {
    expect(REFUSED_COMMON_PASSWORDS).toBe(10_000);
    // Ranked 13,182 and 20,179 in the list: leaked somewhere, but not common.
    expect(await isCommonPassword("newpass1")).toBe(false);
    expect(await isCommonPassword("secret12")).toBe(false);
  });
});
