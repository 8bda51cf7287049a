import { z } from "zod";
import { COUNTRY_CODES } from "../platform/countries";

/** User-facing account messages. The first block is the product's wording (docs/product.md, "Error messages"), word for word. */
export const ACCOUNT_MESSAGES = {
  usernameRequired: "Username is required.",
  usernameTooShort: "Username must be at least 3 characters long.",
  emailRequired: "Email is required.",
  emailInvalid: "Please enter a valid email address.",
  passwordRequired: "Password is required.",
  passwordTooShort: "Password must be at least 6 characters long.",
  passwordsDoNotMatch: "Passwords do not match.",
  invalidCredentials: "Invalid username or password.",
  profileUpdated: "Profile updated successfully!",
  // Ours: where the spec is silent.
  usernameTooLong: "Username must be at most 30 characters long.",
  usernameCharacters: "Username can only use letters, numbers, dots, hyphens and underscores.",
  passwordTooLong: "Password must be at most 200 characters long.",
  passwordTooCommon:
    "This password is one of the most common, and among the first an attacker would try. Please choose another.",
  usernameTaken: "This username is already taken.",
  emailTaken: "An account with this email already exists.",
  tooManyAttempts: (minutes: number) =>
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
  resetRequested:
    "If an account exists for that email, we have sent a link to reset your password. It works for 1 hour.",
  resetInvalid: "This reset link is invalid or has expired. Please ask for a new one.",
  resetDone: "Your password has been reset. Sign in with your new password.",
  companyEmailInvalid: "Please enter a valid company email address.",
  websiteInvalid: "Please enter a valid website address, starting with http:// or https://.",
  countryInvalid: "Please choose a country from the list.",
  fieldTooLong: (max: number) => `Please keep this under ${max} characters.`,
  referralInvalid: "This referral code is not valid.",
  referralUsed: "This referral code has already been used.",
} as const;

/** The product's default error texts (docs/product.md, "Error messages") of the account calls. */
export const ACCOUNT_API_ERRORS = {
  login: "Login failed",
  signup: "Signup failed",
  fetchProfile: "Failed to fetch profile",
  updateProfile: "Failed to update profile",
} as const;

const M = ACCOUNT_MESSAGES;
const missing = (message: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? message : undefined),
});

// Checks run in the spec's order, and each field stops at its first failure
// (abort), so a field shows exactly one message: the first that applies.
const username = z
  .string(missing(M.usernameRequired))
  .trim()
  .min(1, { error: M.usernameRequired, abort: true })
  .min(3, { error: M.usernameTooShort, abort: true })
  .max(30, { error: M.usernameTooLong, abort: true })
  .regex(/^[A-Za-z0-9._-]+$/, { error: M.usernameCharacters });

const email = z
  .string(missing(M.emailRequired))
  .trim()
  .min(1, { error: M.emailRequired, abort: true })
  .pipe(z.email({ error: M.emailInvalid }));

const password = z
  .string(missing(M.passwordRequired))
  .min(1, { error: M.passwordRequired, abort: true })
  .min(6, { error: M.passwordTooShort, abort: true })
  .max(200, { error: M.passwordTooLong });

/** The code from a /referrals invitation (optional; /signup?ref=CODE fills it in). */
const referralCode = z.string().trim().max(20, { error: M.referralInvalid }).optional().default("");

/** POST /api/auth/signup/ (referral_code is ours, optional). */
export const SignupApiSchema = z.object({ username, email, password, referral_code: referralCode });

/** The signup page: the API fields plus the confirmation, checked last, and the page that sent them here. */
export const SignupFormSchema = SignupApiSchema.extend({
  confirmPassword: z.string().optional().default(""),
  redirectTo: z.string().optional(),
}).refine((data) => data.password === data.confirmPassword, {
  error: M.passwordsDoNotMatch,
  path: ["confirmPassword"],
  when: (payload) => SignupApiSchema.safeParse(payload.value).success,
});

/** Login: the identifier is a username or an email. */
const loginIdentifier = z
  .string(missing(M.usernameRequired))
  .trim()
  .min(1, { error: M.usernameRequired, abort: true })
  .max(254, { error: M.invalidCredentials });

/** POST /api/auth/login/ */
export const LoginApiSchema = z.object({ username: loginIdentifier, password });

export const LoginFormSchema = LoginApiSchema.extend({
  remember: z.boolean().optional().default(false),
  redirectTo: z.string().optional(),
});

export const ForgotPasswordSchema = z.object({ email });

export const ResetPasswordSchema = z
  .object({ password, confirmPassword: z.string().optional().default("") })
  .refine((data) => data.password === data.confirmPassword, {
    error: M.passwordsDoNotMatch,
    path: ["confirmPassword"],
    when: (payload) => z.object({ password }).safeParse(payload.value).success,
  });

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: M.fieldTooLong(max) });

export const profileFieldSchemas = {
  first_name: text(60),
  last_name: text(60),
  contact: text(40),
  country_code: z.enum(COUNTRY_CODES, { error: M.countryInvalid }),
  company_name: text(120),
  company_email: z
    .string()
    .trim()
    .max(254, { error: M.companyEmailInvalid })
    .pipe(z.union([z.literal(""), z.email({ error: M.companyEmailInvalid })])),
  company_website: z
    .string()
    .trim()
    .max(300, { error: M.websiteInvalid })
    .pipe(
      z.union([
        z.literal(""),
        z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: M.websiteInvalid }),
      ]),
    ),
};

/**
 * PUT /api/profile/: the profile fields (docs/product.md, "Accounts"), each optional; a field
 * that is left out keeps its value (the original screen sent an empty object).
 */
export const ProfileUpdateSchema = z.object(profileFieldSchemas).partial();

export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;
