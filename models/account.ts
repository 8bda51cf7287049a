import { z } from "zod";
import { ACCOUNT_MESSAGES } from "./accounts";
import { COUNTRY_CODES, DEFAULT_COUNTRY } from "./countries";
import { checkbox, phoneNumber } from "./forms/common";
import { progressFor, type ProjectStatus } from "./projects";

// Manage account (/manageaccount, spec 001 §2 and §3 "Account profile"): the
// tabs, the forms' schemas and messages, and the pure rules the tabs show.
// Shared by the pages, the browser and the tests.

export const MANAGE_ACCOUNT_PATH = "/manageaccount";

/** The four tabs (spec 001 §2), nested routes so that they work without JavaScript. */
export const ACCOUNT_TABS = [
  { label: "Dashboard", to: MANAGE_ACCOUNT_PATH, end: true },
  { label: "Profile Settings", to: `${MANAGE_ACCOUNT_PATH}/profile`, end: false },
  { label: "Project Management", to: `${MANAGE_ACCOUNT_PATH}/projects`, end: false },
  { label: "Billing & Payments", to: `${MANAGE_ACCOUNT_PATH}/billing`, end: false },
] as const;

/** User-facing strings of Manage account. The first is spec 001 §8, word for word. */
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
  emailChangeSent: (email: string) => `We sent a link to ${email}. Open it within 24 hours to confirm your new email address; until then, your current one stays.`,
  emailChanged: (email: string) => `Your email address is now ${email}.`,
  emailLinkInvalid: "This link is invalid or has expired. Ask for a new one under Manage account → Profile Settings.",
  otherSessionsSignedOut: (n: number) => (n ? `Signed out of ${n} other session${n === 1 ? "" : "s"}.` : "There were no other sessions to sign out."),
  deletePasswordRequired: "Please enter your password to delete your account.",
  ratingRequired: "Please choose a rating from 1 to 5 stars.",
  ratingSaved: "Thank you for rating this project.",
  ratingNotAllowed: "You can rate a project once it is completed.",
  projectNotFound: "Project not found",
} as const;

const M = MANAGE_ACCOUNT_MESSAGES;
const missing = (message: string) => ({ error: (issue: { input: unknown }) => (issue.input === undefined ? message : undefined) });
const optionalText = (max: number) => z.string().trim().max(max, { error: M.tooLong(max) }).optional().default("");

/**
 * Profile Settings' main form: personal info, notification toggles and privacy
 * toggles, saved together by Save Changes (spec 001 §3 "Account profile": fullName,
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
  phoneCountry: z.enum(COUNTRY_CODES, { error: ACCOUNT_MESSAGES.countryInvalid }).optional().default(DEFAULT_COUNTRY),
  phone: phoneNumber({ required: false }),
  company: optionalText(120),
  address: optionalText(300),
  notifications: z
    .object({ email: checkbox, sms: checkbox, projectUpdates: checkbox, marketing: checkbox })
    .optional()
    .default({ email: false, sms: false, projectUpdates: false, marketing: false }),
  privacy: z.object({ showcaseWork: checkbox, listAsClient: checkbox }).optional().default({ showcaseWork: false, listAsClient: false }),
});
export type AccountProfileInput = z.infer<typeof AccountProfileSchema>;

const currentPassword = z.string(missing(M.currentPasswordRequired)).min(1, { error: M.currentPasswordRequired }).max(200, { error: M.currentPasswordWrong });

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
  password: z.string(missing(M.deletePasswordRequired)).min(1, { error: M.deletePasswordRequired }).max(200, { error: M.currentPasswordWrong }),
});

/** A 1–5 star rating of a finished project, with an optional comment. */
export const RatingSchema = z.object({
  projectId: z.uuid({ error: M.projectNotFound }),
  rating: z.number({ error: M.ratingRequired }).int({ error: M.ratingRequired }).min(1, { error: M.ratingRequired }).max(5, { error: M.ratingRequired }),
  comment: optionalText(500),
});

/** The Project Management filter (spec 001 §2): all, in-progress, completed, under-review. */
export const PROJECT_FILTERS = [
  { value: "all", label: "All projects" },
  { value: "in-progress", label: "In progress" },
  { value: "completed", label: "Completed" },
  { value: "under-review", label: "Under review" },
] as const;
export type ProjectFilter = (typeof PROJECT_FILTERS)[number]["value"];
export const ProjectFilterSchema = z.object({
  status: z.enum(PROJECT_FILTERS.map((f) => f.value) as [ProjectFilter, ...ProjectFilter[]]).catch("all").default("all"),
});

/**
 * Which statuses each filter shows. In progress and under review together are
 * the active projects (the Dashboard's stat); cancelled ones show under "all" only.
 */
export const FILTER_STATUSES: Record<Exclude<ProjectFilter, "all">, readonly ProjectStatus[]> = {
  "in-progress": ["draft", "in_progress", "revision_requested"],
  "under-review": ["in_review"],
  completed: ["published", "completed"],
};

export const matchesFilter = (status: ProjectStatus, filter: ProjectFilter) => filter === "all" || FILTER_STATUSES[filter].includes(status);

/** Finished work: what the Completed stat counts and what may be rated. */
export const isFinished = (status: ProjectStatus) => status === "published" || status === "completed";

/** Project Management's summary: counts and the average progress, from the projects themselves. */
export function summariseProjects(projects: { status: ProjectStatus; step: number }[]) {
  const open = projects.filter((p) => p.status !== "cancelled");
  const progress = open.map((p) => progressFor(p.status, p.step));
  return {
    total: projects.length,
    completed: projects.filter((p) => matchesFilter(p.status, "completed")).length,
    inProgress: projects.filter((p) => matchesFilter(p.status, "in-progress")).length,
    underReview: projects.filter((p) => matchesFilter(p.status, "under-review")).length,
    /** Cancelled projects are left out: they never progress. 0 when there is nothing to average. */
    averageProgress: progress.length ? Math.round(progress.reduce((a, b) => a + b, 0) / progress.length) : 0,
  };
}

/** The average of the client's ratings to one decimal (4.9), or null before the first rating. */
export function averageRating(ratings: number[]): number | null {
  if (!ratings.length) return null;
  return Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10;
}

/** "Ada Lovelace King" → first "Ada", last "Lovelace King"; joined back it is the same name. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const clean = fullName.trim().replace(/\s+/g, " ");
  const space = clean.indexOf(" ");
  return space === -1 ? { firstName: clean, lastName: "" } : { firstName: clean.slice(0, space), lastName: clean.slice(space + 1) };
}

export const fullNameOf = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`.trim();

/** The avatar's initials: the first letters of the first and last name, else of the username. */
export function initialsOf(user: { firstName: string; lastName: string; username: string }): string {
  const name = fullNameOf(user);
  if (name) {
    const parts = name.split(" ");
    return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? (parts.at(-1)?.[0] ?? "") : "")).toUpperCase();
  }
  return user.username.slice(0, 2).toUpperCase();
}

/** "Chrome on Windows" from a User-Agent header, for the sessions list. */
export function describeUserAgent(userAgent: string): string {
  const ua = userAgent || "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Chrome\/|Chromium\/|HeadlessChrome\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : /curl|node|undici|python|Go-http/i.test(ua)
              ? "A script"
              : "A browser";
  const os = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad|iPod/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(ua)
          ? "macOS"
          : /Linux|X11/.test(ua)
            ? "Linux"
            : null;
  return os ? `${browser} on ${os}` : browser;
}

/** Storage used against the quota, in whole percent (at most 100). */
export function storagePercent(usedBytes: number, quotaBytes: number): number {
  if (quotaBytes <= 0) return 0;
  return Math.min(100, Math.round((usedBytes / quotaBytes) * 100));
}
