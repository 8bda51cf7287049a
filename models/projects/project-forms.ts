import { z } from "zod";
import { BUDGET_VALUES, CATEGORY_VALUES, PROJECT_MESSAGES, TIMELINE_VALUES, TIMELINES } from "./projects";
import { fileExtension, PROJECT_FILE_RULES, UPLOAD_MESSAGES, type FileKind } from "../platform/uploads";

// The project forms' zod schemas: one per form, shared by the page (Conform,
// in the browser and in the action) and the /api route. Pure.

const missing = (message: string) => ({
  error: (issue: { input: unknown }) =>
    issue.input === undefined || issue.input === "" ? message : undefined,
});
const emptyAsUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

/** The form's slider sends 0..3; the API sends the value itself. Both are accepted. */
function timelineInput(value: unknown) {
  if (typeof value === "number" || (typeof value === "string" && /^[0-3]$/.test(value)))
    return TIMELINES[Number(value)]?.value;
  return emptyAsUndefined(value);
}

const booleanInput = (value: unknown) =>
  value === true || value === "true" || value === "on" || value === "1";

/** An empty file input submits a nameless, empty file: that is no file. */
const fileInput = (value: unknown) =>
  value instanceof File && value.size === 0 && !value.name ? undefined : emptyAsUndefined(value);

/** One project file: an allowed extension and at most 10 MB (its real type is checked on the server). */
const projectFile = z
  .instanceof(File, { error: UPLOAD_MESSAGES.notAFile })
  .refine((file) => PROJECT_FILE_RULES.extensions.includes(fileExtension(file.name) as FileKind), {
    error: UPLOAD_MESSAGES.wrongType(PROJECT_FILE_RULES.extensions),
    abort: true,
  })
  .refine((file) => file.size <= PROJECT_FILE_RULES.maxBytes, {
    error: UPLOAD_MESSAGES.tooLarge(PROJECT_FILE_RULES.maxBytes),
  });

/** Create project: the page (multipart) and POST /api/projects/ (JSON or multipart) share it. */
export const ProjectFormSchema = z.object({
  title: z
    .string(missing(PROJECT_MESSAGES.titleRequired))
    .trim()
    .min(1, { error: PROJECT_MESSAGES.titleRequired, abort: true })
    .max(200, { error: PROJECT_MESSAGES.titleTooLong }),
  description: z
    .string(missing(PROJECT_MESSAGES.descriptionRequired))
    .trim()
    .min(1, { error: PROJECT_MESSAGES.descriptionRequired, abort: true })
    .max(5000, { error: PROJECT_MESSAGES.descriptionTooLong }),
  category: z.preprocess(
    emptyAsUndefined,
    z.enum(CATEGORY_VALUES, { error: PROJECT_MESSAGES.categoryRequired }),
  ),
  budget: z.preprocess(emptyAsUndefined, z.enum(BUDGET_VALUES, { error: PROJECT_MESSAGES.budgetRequired })),
  timeline: z.preprocess(
    timelineInput,
    z.enum(TIMELINE_VALUES, { error: PROJECT_MESSAGES.timelineRequired }),
  ),
  use_tokens: z.preprocess(booleanInput, z.boolean()),
  files: z.preprocess(fileInput, projectFile.optional()),
});
export type ProjectInput = z.infer<typeof ProjectFormSchema>;

export const CommentFormSchema = z.object({
  // A blank comment is ignored (docs/product.md, "Projects"): the action answers without saving.
  text: z.string().trim().max(2000, { error: PROJECT_MESSAGES.commentTooLong }).optional().default(""),
});

/** What a POST to /project/:id does. */
export const ProjectIntentSchema = z.object({
  intent: z.enum(["comment", "upload", "approve", "request_revision", "cancel"]),
});

/** Request Revision asks why. */
export const RevisionFormSchema = z.object({
  reason: z
    .string(missing(PROJECT_MESSAGES.reasonRequired))
    .trim()
    .min(1, { error: PROJECT_MESSAGES.reasonRequired, abort: true })
    .max(2000, { error: PROJECT_MESSAGES.reasonTooLong }),
});

/** Attach a file on /project/:id: the same rules as on the create form. */
export const FileFormSchema = z.object({
  files: z.preprocess(fileInput, projectFile),
});

// /profile: requests about the latest project

export const REQUEST_MESSAGES = {
  preferredTimeRequired: "Please choose a preferred time.",
  preferredTimeInvalid: "Please choose a valid date and time.",
  preferredTimePast: "Please choose a time in the future.",
  meetingRequested: "Meeting requested. We will confirm the time by email.",
  updateRequested: "Update requested. Your project manager will reply in the conversation.",
  noteTooLong: "Please keep the note under 500 characters.",
} as const;

/** Preferred times are typed in the agency's time zone (IST, UTC+05:30), as the form says. */
const MEETING_TIME_ZONE_OFFSET = "+05:30";

export const MeetingRequestSchema = z.object({
  preferredTime: z
    .string(missing(REQUEST_MESSAGES.preferredTimeRequired))
    .trim()
    .min(1, { error: REQUEST_MESSAGES.preferredTimeRequired, abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: REQUEST_MESSAGES.preferredTimeInvalid, abort: true })
    .transform((value) => new Date(`${value}:00${MEETING_TIME_ZONE_OFFSET}`))
    .refine((date) => !Number.isNaN(date.getTime()), {
      error: REQUEST_MESSAGES.preferredTimeInvalid,
      abort: true,
    })
    .refine((date) => date.getTime() > Date.now(), { error: REQUEST_MESSAGES.preferredTimePast }),
  note: z.string().trim().max(500, { error: REQUEST_MESSAGES.noteTooLong }).optional().default(""),
});
