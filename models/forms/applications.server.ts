import { collaborationRequests, jobApplications } from "../schema";
import { formatFileSize } from "../platform/uploads";
import { storeUpload } from "../platform/uploads.server";
import {
  APPLICATION_MESSAGES,
  ATTACHMENT_RULES,
  CV_RULES,
  WHY_JOIN_FIELD,
  type CollaborationInput,
  type JobApplicationInput,
} from "./applications";
import { fieldLabel, labelledFields } from "./submission-registry";
import { formSubmitter, ready, type SubmissionContext } from "./submission-steps.server";

/** Careers: the CV is checked (extension, real file type, 10 MB) and stored before the row. */
export const submitJobApplication = formSubmitter({
  name: "job_application",
  table: jobApplications,
  row: async (input: JobApplicationInput, context: SubmissionContext) => {
    const stored = await storeUpload(input.cv_resume, CV_RULES);
    if (!stored.ok) return { status: "invalid", fieldErrors: { cv_resume: [stored.message] } };
    const cv = stored.upload;
    return ready({
      userId: context.userId ?? null,
      fullName: input.full_name,
      emailAddress: input.email_address,
      roleOfInterest: input.role_of_interest,
      whyJoin: input[WHY_JOIN_FIELD] ?? "",
      cvStorageKey: cv.storageKey,
      cvName: cv.name,
      cvSize: cv.size,
      cvContentType: cv.contentType,
    });
  },
  email: {
    mailbox: "careers",
    notice: (input, row) => ({
      sender: { name: input.full_name, email: input.email_address },
      subject: "Job application",
      confirmation: APPLICATION_MESSAGES.jobSuccess,
      summary: [
        ...labelledFields("job_applications", row, ["roleOfInterest", "whyJoin"]),
        [fieldLabel("job_applications", "cvName"), `${row.cvName} (${formatFileSize(row.cvSize)})`],
      ],
    }),
  },
  message: APPLICATION_MESSAGES.jobSuccess,
});

/** Collaboration pitch, with an optional attachment checked like every upload. */
export const submitCollaboration = formSubmitter({
  name: "collaboration",
  table: collaborationRequests,
  row: async (input: CollaborationInput, context: SubmissionContext) => {
    let attachment = null;
    if (input.attached_file) {
      const stored = await storeUpload(input.attached_file, ATTACHMENT_RULES);
      if (!stored.ok) return { status: "invalid", fieldErrors: { attached_file: [stored.message] } };
      attachment = stored.upload;
    }
    return ready({
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
    });
  },
  email: {
    mailbox: "projects",
    notice: (input, row) => ({
      sender: { name: input.name, email: input.email },
      subject: "Collaboration idea",
      confirmation: APPLICATION_MESSAGES.collaborationSuccess,
      summary: [
        ...labelledFields("collaboration_requests", row, [
          "organization",
          "collaborationType",
          "expectedTimeline",
          "budgetRange",
        ]),
        [
          fieldLabel("collaboration_requests", "attachmentName"),
          row.attachmentName === null
            ? ""
            : `${row.attachmentName} (${formatFileSize(row.attachmentSize ?? 0)})`,
        ],
        ...labelledFields("collaboration_requests", row, ["collaborationIdea"]),
      ],
    }),
  },
  message: APPLICATION_MESSAGES.collaborationSuccess,
});
