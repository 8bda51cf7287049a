import { z } from "zod";
import { ACCOUNT_MESSAGES, profileFieldSchemas } from "./accounts";
import { COUNTRY_CODES, DEFAULT_COUNTRY } from "../platform/countries";
import { checkbox, phoneNumber } from "../platform/form-fields";

// Profile Settings' forms (docs/product.md, "Accounts"): schemas and
// messages shared by the page, the browser and the tests.

/** User-facing strings of Manage account. The first is the product's wording (docs/product.md, "Error messages"), word for word. */
export const MANAGE_ACCOUNT_MESSAGES = {
  profileUpdated: ACCOUNT_MESSAGES.profileUpdated,
  // Ours: where the spec is silent.
  fullNameRequired: "Please enter your full name.",
  fullNameTooShort: "Please enter at least 2 characters.",
  tooLong: (max: number) => `Please keep this under ${max} characters.`,
  currentPasswordRequired: "Please enter your current password.",
  currentPasswordWrong: "Your current password is not correct.",
  newPasswordSame: "Please choose a password different from your current one.",
  passwordChanged: "Your password has been changed. Every other session and API key has been signed out.",
  emailSame: "This is already your email address.",
  emailChangeSent: (email: string) =>
    `We sent a link to ${email}. Open it within 24 hours to confirm your new email address; until then, your current one stays.`,
  emailChanged: (email: string) => `Your email address is now ${email}.`,
  emailLinkInvalid:
    "This link is invalid or has expired. Ask for a new one under Settings in your workspace.",
  otherSessionsSignedOut: (n: number) =>
    n
      ? `Signed out of ${n} other session${n === 1 ? "" : "s"}.`
      : "There were no other sessions to sign out.",
  deletePasswordRequired: "Please enter your password to delete your account.",
} as const;

const M = MANAGE_ACCOUNT_MESSAGES;
const missing = (message: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? message : undefined),
});
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: M.tooLong(max) })
    .optional()
    .default("");

/**
 * Profile Settings' main form: personal info, notification toggles and privacy
 * toggles, saved together by Save Changes (docs/product.md, "Accounts": fullName,
 * email, phone, company, address, notifications). The email changes through
 * its own form, re-verified by a link.
 */
export const AccountProfileSchema = z.object({
  // Runs of spaces are collapsed when the name is split (splitFullName).
  fullName: z
    .string(missing(M.fullNameRequired))
    .trim()
    .min(1, { error: M.fullNameRequired, abort: true })
    .min(2, { error: M.fullNameTooShort, abort: true })
    .max(120, { error: M.tooLong(120) }),
  phoneCountry: z
    .enum(COUNTRY_CODES, { error: ACCOUNT_MESSAGES.countryInvalid })
    .optional()
    .default(DEFAULT_COUNTRY),
  phone: phoneNumber({ required: false }),
  company: optionalText(120),
  // The company's own address and site (the dashboard's profile form had them; decision 0056).
  companyEmail: profileFieldSchemas.company_email.optional().default(""),
  companyWebsite: profileFieldSchemas.company_website.optional().default(""),
  address: optionalText(300),
  notifications: z
    .object({ email: checkbox, sms: checkbox, projectUpdates: checkbox, marketing: checkbox })
    .optional()
    .default({ email: false, sms: false, projectUpdates: false, marketing: false }),
  privacy: z
    .object({ showcaseWork: checkbox, listAsClient: checkbox })
    .optional()
    .default({ showcaseWork: false, listAsClient: false }),
});
export type AccountProfileInput = z.infer<typeof AccountProfileSchema>;

const currentPassword = z
  .string(missing(M.currentPasswordRequired))
  .min(1, { error: M.currentPasswordRequired })
  .max(200, { error: M.currentPasswordWrong });

const newPassword = z
  .string(missing(ACCOUNT_MESSAGES.passwordRequired))
  .min(1, { error: ACCOUNT_MESSAGES.passwordRequired, abort: true })
  .min(6, { error: ACCOUNT_MESSAGES.passwordTooShort, abort: true })
  .max(200, { error: ACCOUNT_MESSAGES.passwordTooLong });

/** Change password: current (checked on the server), new (6+ characters), confirm (must match). */
export const PasswordChangeSchema = z
  .object({ currentPassword, newPassword, confirmPassword: z.string().optional().default("") })
  .refine((data) => data.newPassword === data.confirmPassword, {
    error: ACCOUNT_MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
    when: (payload) => z.object({ newPassword }).safeParse(payload.value).success,
  })
  .refine((data) => data.newPassword !== data.currentPassword, {
    error: M.newPasswordSame,
    path: ["newPassword"],
    when: (payload) => z.object({ currentPassword, newPassword }).safeParse(payload.value).success,
  });

/** Change email: the new address gets a link; the current password proves it is really you. */
export const EmailChangeSchema = z.object({
  newEmail: z
    .string(missing(ACCOUNT_MESSAGES.emailRequired))
    .trim()
    .min(1, { error: ACCOUNT_MESSAGES.emailRequired, abort: true })
    .max(254, { error: ACCOUNT_MESSAGES.emailInvalid, abort: true })
    .pipe(z.email({ error: ACCOUNT_MESSAGES.emailInvalid })),
  currentPassword,
});

/** Delete account: confirmed with the password. */
export const DeleteAccountSchema = z.object({
  password: z
    .string(missing(M.deletePasswordRequired))
    .min(1, { error: M.deletePasswordRequired })
    .max(200, { error: M.currentPasswordWrong }),
});
