import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES as M, LoginFormSchema, ProfileUpdateSchema, SignupFormSchema } from "./accounts";

/** Field → first message, in the order the schema reports them. */
function errors(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.map(String).join(".")] ??= issue.message;
  return out;
}

describe("signup validation (docs/product.md, 'Accounts', in order, exact messages)", () => {
  const valid = {
    username: "maya",
    email: "maya@example.com",
    password: "secret12",
    confirmPassword: "secret12",
  };

  it.each([
    [{ ...valid, username: "" }, { username: M.usernameRequired }],
    [{ ...valid, username: "   " }, { username: M.usernameRequired }],
    [{ ...valid, username: "ab" }, { username: M.usernameTooShort }],
    [{ ...valid, email: "" }, { email: M.emailRequired }],
    [{ ...valid, email: "maya@" }, { email: M.emailInvalid }],
    [{ ...valid, password: "", confirmPassword: "" }, { password: M.passwordRequired }],
    [{ ...valid, password: "12345", confirmPassword: "12345" }, { password: M.passwordTooShort }],
    [{ ...valid, confirmPassword: "secret13" }, { confirmPassword: M.passwordsDoNotMatch }],
  ])("%o → %o", (input, expected) => {
    expect(errors(SignupFormSchema.safeParse(input))).toEqual(expected);
  });

  it("reports the fields in the spec's order, one message each, and checks the match last", () => {
    const result = errors(
      SignupFormSchema.safeParse({ username: "ab", email: "nope", password: "123", confirmPassword: "x" }),
    );
    expect(Object.entries(result)).toEqual([
      ["username", M.usernameTooShort],
      ["email", M.emailInvalid],
      ["password", M.passwordTooShort],
    ]);
    expect(Object.keys(errors(SignupFormSchema.safeParse({})))).toEqual(["username", "email", "password"]);
  });

  it("uses the spec's exact wording", () => {
    expect([
      M.usernameRequired,
      M.usernameTooShort,
      M.emailRequired,
      M.emailInvalid,
      M.passwordRequired,
      M.passwordTooShort,
      M.passwordsDoNotMatch,
    ]).toEqual([
      "Username is required.",
      "Username must be at least 3 characters long.",
      "Email is required.",
      "Please enter a valid email address.",
      "Password is required.",
      "Password must be at least 6 characters long.",
      "Passwords do not match.",
    ]);
    expect(M.invalidCredentials).toBe("Invalid username or password.");
    expect(M.profileUpdated).toBe("Profile updated successfully!");
  });

  it("trims the username and email", () => {
    const parsed = SignupFormSchema.parse({ ...valid, username: "  maya ", email: " maya@example.com " });
    expect(parsed).toMatchObject({ username: "maya", email: "maya@example.com" });
  });
});

describe("login validation", () => {
  it.each([
    [{ username: "", password: "secret12" }, { username: M.usernameRequired }],
    [{ username: "maya", password: "" }, { password: M.passwordRequired }],
    [{ username: "maya", password: "12345" }, { password: M.passwordTooShort }],
  ])("%o → %o", (input, expected) => {
    expect(errors(LoginFormSchema.safeParse(input))).toEqual(expected);
  });

  it("accepts a username or an email, and remember me", () => {
    expect(
      LoginFormSchema.parse({ username: "maya@example.com", password: "secret12", remember: true }).remember,
    ).toBe(true);
    expect(LoginFormSchema.parse({ username: "maya", password: "secret12" }).remember).toBe(false);
  });
});

describe("profile update", () => {
  it("checks the company email, the website and the country", () => {
    expect(
      errors(
        ProfileUpdateSchema.safeParse({
          company_email: "acme",
          company_website: "javascript:alert(1)",
          country_code: "XX",
        }),
      ),
    ).toEqual({
      company_email: M.companyEmailInvalid,
      company_website: M.websiteInvalid,
      country_code: M.countryInvalid,
    });
  });

  it("lets every field be left out, or cleared", () => {
    expect(ProfileUpdateSchema.parse({})).toEqual({});
    expect(ProfileUpdateSchema.parse({ company_email: "", company_website: "" })).toEqual({
      company_email: "",
      company_website: "",
    });
  });
});
