import { z } from "zod";
import { COUNTRY_CODES, DEFAULT_COUNTRY } from "./countries";
// Our messages for what a schema does not name (side effect: z.config).
import "./zod-messages";

/** The agency's time zone decides what "today" is for visit dates. */
const AGENCY_TIME_ZONE = "Asia/Kolkata";

export function todayInAgencyTimeZone(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: AGENCY_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

export const PHONE_LIMITS = { maxRawLength: 250, minNationalDigits: 2, maxNationalDigits: 17 } as const;

export const COMMON_MESSAGES = {
  emailInvalid: "Please enter a valid email address.",
  phoneRequired: "Phone number is required.",
  phoneInvalid:
    "Please enter a valid phone number: digits only, optionally starting with + and the country code.",
  phoneLength: "Please enter a valid phone number: 2 to 17 digits after the country code.",
  phoneCountry: "Please choose the phone number's country from the list.",
  tooLong: (max: number) => `Please keep this under ${max} characters.`,
  tooManySubmissions: (minutes: number) =>
    `You have sent this form many times in a short while. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
} as const;

const M = COMMON_MESSAGES;
const requiredMessage = (message: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? message : undefined),
});

/** A required, trimmed text field. */
export function requiredText(message: string, max = 200) {
  return z
    .string(requiredMessage(message))
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: M.tooLong(max) });
}

/** An optional, trimmed text field ("" when left empty). */
export function optionalText(max = 2000) {
  return z
    .string()
    .trim()
    .max(max, { error: M.tooLong(max) })
    .optional()
    .default("");
}

export function requiredEmail(message: string) {
  return z
    .string(requiredMessage(message))
    .trim()
    .min(1, { error: message, abort: true })
    .max(254, { error: M.emailInvalid, abort: true })
    .pipe(z.email({ error: M.emailInvalid }));
}

/**
 * One of a fixed list, with a message when missing; a value not on the list
 * (an API client's, usually) is also told which values are allowed.
 */
export function choice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === ""
        ? message
        : `${message} Allowed values: ${values.join(", ")}.`,
  });
}

/** The values of an option list, in the non-empty tuple `choice` takes. */
export const optionValues = <const T extends readonly [{ value: string }, ...{ value: string }[]]>(list: T) =>
  list.map((item) => item.value) as [T[number]["value"], ...T[number]["value"][]];

export const phoneCountry = z
  .enum(COUNTRY_CODES, { error: M.phoneCountry })
  .optional()
  .default(DEFAULT_COUNTRY);

/**
 * The phone number as typed: a national number (with phone_country) or an
 * international one starting with +. The spec's limits: digits only after an
 * optional +, 2–17 national digits, at most 250 characters of raw text.
 * libphonenumber-js turns it into E.164 on the server (models/forms/phone.server.ts).
 */
export function phoneNumber(options: { required: boolean }) {
  const base = z
    .string(requiredMessage(M.phoneRequired))
    .max(PHONE_LIMITS.maxRawLength, { error: M.phoneInvalid, abort: true })
    .trim();
  const checked = base.superRefine((value, ctx) => {
    if (!value) {
      if (options.required) ctx.addIssue({ code: "custom", message: M.phoneRequired });
      return;
    }
    const compact = value.replace(/[\s().-]/g, "");
    if (!/^\+?\d+$/.test(compact)) {
      ctx.addIssue({ code: "custom", message: M.phoneInvalid });
      return;
    }
    const digits = compact.replace(/^\+/, "");
    // With a +, up to 3 leading digits are the country calling code.
    const national = compact.startsWith("+") ? digits.length - 1 : digits.length;
    if (national < PHONE_LIMITS.minNationalDigits || digits.length > PHONE_LIMITS.maxNationalDigits + 3) {
      ctx.addIssue({ code: "custom", message: M.phoneLength });
    }
  });
  return options.required ? checked : checked.optional().default("");
}

/**
 * Checkbox: "on" (a form), true or "true", false or "false", or absent (false).
 * Written as a preprocess into an optional boolean with a default, not a
 * transform: Conform reads a transform as required, and a browser then refuses
 * to send the form until the optional box is ticked.
 */
export const checkbox = z.preprocess(
  (value) => (value === "on" || value === "true" ? true : value === "false" ? false : value),
  z.boolean().optional().default(false),
);
