import { z } from "zod";
import site from "../../seeds/site.json";
import { choice, optionalText, requiredEmail, requiredText, optionValues } from "../platform/form-fields";
import { CAREER_ROLES } from "../content/career-roles";
import { fileExtension, MEGABYTE, UPLOAD_MESSAGES, type FileKind } from "../platform/uploads";

export { CAREER_ROLES };

// Careers application and collaboration pitch (docs/product.md, "Public forms", "Error messages").

/** why_join_<agency name>: the field name carries the agency's name (docs/decisions/0004-agency-name-and-shell-content.md). */
export const WHY_JOIN_FIELD: `why_join_${string}` = `why_join_${site.name.toLowerCase()}`;

export const COLLABORATION_TYPES = [
  { value: "project_partnership", label: "Project partnership" },
  { value: "technology_collaboration", label: "Technology collaboration" },
  { value: "content_collaboration", label: "Content collaboration" },
  { value: "research_development", label: "Research & development" },
  { value: "marketing_partnership", label: "Marketing partnership" },
  { value: "resource_sharing", label: "Resource sharing" },
  { value: "skill_exchange", label: "Skill exchange" },
  { value: "joint_venture", label: "Joint venture" },
  { value: "other", label: "Other" },
] as const;

export const EXPECTED_TIMELINES = [
  { value: "immediate", label: "Immediately" },
  { value: "1_3_months", label: "In 1–3 months" },
  { value: "3_6_months", label: "In 3–6 months" },
  { value: "6_12_months", label: "In 6–12 months" },
  { value: "flexible", label: "Flexible" },
] as const;

export const BUDGET_RANGES = [
  { value: "not_sure", label: "Not sure yet" },
  { value: "under_50k", label: "Under ₹50,000" },
  { value: "50k_2l", label: "₹50,000 – ₹2 lakh" },
  { value: "2l_10l", label: "₹2–10 lakh" },
  { value: "above_10l", label: "Above ₹10 lakh" },
] as const;

export const CV_RULES = { extensions: ["pdf", "doc", "docx"] as FileKind[], maxBytes: 10 * MEGABYTE };
export const ATTACHMENT_RULES = {
  extensions: ["pdf", "doc", "docx", "ppt", "pptx", "jpg", "jpeg", "png"] as FileKind[],
  maxBytes: 10 * MEGABYTE,
};

export const APPLICATION_MESSAGES = {
  // The product's wording (docs/product.md, "Error messages"), word for word.
  cvRequired: "Please upload your CV.",
  jobSuccess: "Thank you for your interest! We'll be in touch soon.",
  collaborationSuccess: "Thank you for your collaboration idea! We'll be in touch soon.",
  // Ours.
  fullName: "Full name is required.",
  emailAddress: "Email address is required.",
  role: "Please choose the role you are interested in.",
  whyJoin: `Please tell us why you want to join ${site.name}.`,
  name: "Name is required.",
  nameTooShort: "Name must be at least 2 characters long.",
  email: "Email is required.",
  ideaTooShort: "Please describe your idea in at least 100 characters.",
  collaborationType: "Please choose a collaboration type.",
  attachmentNotAFile: "Please attach a file, or leave the attachment empty.",
} as const;

const M = APPLICATION_MESSAGES;
const emptyFile = (value: unknown) => !(value instanceof File) || value.size === 0 || value.name === "";

/**
 * The file's extension and size against its rules. Part of the schema so that,
 * with JavaScript on, the browser flags a wrong or too-big file before
 * uploading it; the server checks again, and also the file's first bytes.
 */
const withinRules =
  (rules: { extensions: readonly string[]; maxBytes: number }) => (file: unknown, ctx: z.RefinementCtx) => {
    if (emptyFile(file)) return;
    const { name, size } = file as File;
    if (!rules.extensions.includes(fileExtension(name)))
      ctx.addIssue({ code: "custom", message: UPLOAD_MESSAGES.wrongType(rules.extensions) });
    else if (size > rules.maxBytes)
      ctx.addIssue({ code: "custom", message: UPLOAD_MESSAGES.tooLarge(rules.maxBytes) });
  };

/**
 * The application as the schema gives it. The motivation field's name ends
 * with the agency's name (WHY_JOIN_FIELD), so its type names it by its prefix.
 */
export type JobApplicationInput = {
  full_name: string;
  email_address: string;
  role_of_interest: (typeof CAREER_ROLES)[number]["value"];
  cv_resume: File;
} & Record<typeof WHY_JOIN_FIELD, string>;

/** The motivation field; typed by its name's prefix (a computed key alone would widen to every string). */
const whyJoinShape: Record<typeof WHY_JOIN_FIELD, z.ZodString> = {
  [WHY_JOIN_FIELD]: requiredText(M.whyJoin, 3000),
};

export const JobApplicationSchema: z.ZodType<JobApplicationInput, JobApplicationInput> = z.object({
  full_name: requiredText(M.fullName, 120),
  email_address: requiredEmail(M.emailAddress),
  role_of_interest: choice(optionValues(CAREER_ROLES), M.role),
  ...whyJoinShape,
  cv_resume: z
    .custom<File>((value) => !emptyFile(value), { error: M.cvRequired })
    .superRefine(withinRules(CV_RULES)),
});

export const CollaborationSchema = z.object({
  name: z
    .string({ error: (issue) => (issue.input === undefined ? M.name : undefined) })
    .trim()
    .min(1, { error: M.name, abort: true })
    .min(2, { error: M.nameTooShort, abort: true })
    .max(120),
  email: requiredEmail(M.email),
  organization: optionalText(200),
  collaboration_idea: z
    .string({ error: (issue) => (issue.input === undefined ? M.ideaTooShort : undefined) })
    .trim()
    .min(100, { error: M.ideaTooShort })
    .max(5000),
  collaboration_type: choice(optionValues(COLLABORATION_TYPES), M.collaborationType)
    .optional()
    .default("other"),
  // The product requirements give no list for these two (docs/product.md, "Public forms"): the page offers ours, the API takes
  // any short text (issue 18, item 12).
  expected_timeline: optionalText(100),
  budget_range: optionalText(100),
  attached_file: z
    .custom<File | undefined>((value) => value === undefined || value === "" || value instanceof File, {
      error: M.attachmentNotAFile,
    })
    .optional()
    .transform((value) => (value instanceof File && !emptyFile(value) ? value : undefined))
    .superRefine(withinRules(ATTACHMENT_RULES)),
});

export type CollaborationInput = z.infer<typeof CollaborationSchema>;
