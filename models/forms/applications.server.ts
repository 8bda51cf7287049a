import { db } from "../platform/db.server";
import { collaborationRequests, jobApplications } from "../schema";
import { formatFileSize } from "../platform/uploads";
import { storeUpload } from "../platform/uploads.server";
import {
  APPLICATION_MESSAGES,
  ATTACHMENT_RULES,
  BUDGET_RANGES,
  CAREER_ROLES,
  COLLABORATION_TYPES,
  CV_RULES,
  EXPECTED_TIMELINES,
  WHY_JOIN_FIELD,
  type CollaborationInput,
  type JobApplicationInput,
} from "./applications";
import {
  notifySubmission,
  withFormRateLimit,
  type FormOutcome,
  type SubmissionContext,
} from "./submission-steps.server";

const label = (list: readonly { value: string; label: string }[], value: string) =>
  list.find((item) => item.value === value)?.label ?? value;

/** Careers: the CV is checked (extension, real file type, 10 MB) and stored before the row. */
export function submitJobApplication(
  input: JobApplicationInput,
  context: SubmissionContext,
): Promise<FormOutcome> {
  return withFormRateLimit("job_application", context, async () => {
    const stored = await storeUpload(input.cv_resume, CV_RULES);
    if (!stored.ok) return { status: "invalid", fieldErrors: { cv_resume: [stored.message] } };
    const cv = stored.upload;
    const whyJoin = input[WHY_JOIN_FIELD] ?? "";
    const [row] = await db()
      .insert(jobApplications)
      .values({
        userId: context.userId ?? null,
        fullName: input.full_name,
        emailAddress: input.email_address,
        roleOfInterest: input.role_of_interest,
        whyJoin,
        cvStorageKey: cv.storageKey,
        cvName: cv.name,
        cvSize: cv.size,
        cvContentType: cv.contentType,
      })
      .returning({ id: jobApplications.id });
    await notifySubmission({
      kind: "job_application",
      mailbox: "careers",
      sender: { name: input.full_name, email: input.email_address },
      subject: "Job application",
      confirmation: APPLICATION_MESSAGES.jobSuccess,
      summary: [
        ["Role", label(CAREER_ROLES, input.role_of_interest)],
        ["Why us", whyJoin],
        ["CV", `${cv.name} (${formatFileSize(cv.size)})`],
      ],
    });
    return { status: "ok", id: row!.id, message: APPLICATION_MESSAGES.jobSuccess };
  });
}

/** Collaboration pitch, with an optional attachment checked like every upload. */
export function submitCollaboration(
  input: CollaborationInput,
  context: SubmissionContext,
): Promise<FormOutcome> {
  return withFormRateLimit("collaboration", context, async () => {
    let attachment = null;
    if (input.attached_file) {
      const stored = await storeUpload(input.attached_file, ATTACHMENT_RULES);
      if (!stored.ok) return { status: "invalid", fieldErrors: { attached_file: [stored.message] } };
      attachment = stored.upload;
    }
    const [row] = await db()
      .insert(collaborationRequests)
      .values({
        userId: context.userId ?? null,
        name: input.name,
        email: input.email,
        organization: input.organization,
        collaborationIdea: input.collaboration_idea,
        collaborationType: input.collaboration_type,
        expectedTimeline: input.expected_timeline,
        budgetRange: input.budget_range,
        attachmentStorageKey: attachment?.storageKey ?? null,
        attachmentName: attachment?.name ?? null,
        attachmentSize: attachment?.size ?? null,
        attachmentContentType: attachment?.contentType ?? null,
      })
      .returning({ id: collaborationRequests.id });
    await notifySubmission({
      kind: "collaboration",
      mailbox: "projects",
      sender: { name: input.name, email: input.email },
      subject: "Collaboration idea",
      confirmation: APPLICATION_MESSAGES.collaborationSuccess,
      summary: [
        ["Organization", input.organization],
        ["Type", label(COLLABORATION_TYPES, input.collaboration_type)],
        ["Timeline", input.expected_timeline ? label(EXPECTED_TIMELINES, input.expected_timeline) : ""],
        ["Budget", input.budget_range ? label(BUDGET_RANGES, input.budget_range) : ""],
        ["Attachment", attachment ? `${attachment.name} (${formatFileSize(attachment.size)})` : ""],
        ["Idea", input.collaboration_idea],
      ],
    });
    return { status: "ok", id: row!.id, message: APPLICATION_MESSAGES.collaborationSuccess };
  });
}
