import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { PROJECT_FILE_RULES, UPLOAD_MESSAGES } from "~models/platform/uploads";
import { CommentFormSchema, FileFormSchema } from "~models/projects/project-forms";
import { addComment, addProjectFile } from "~models/projects/project-conversation.server";
import { type Viewer } from "~models/projects/projects.server";
import { readForm } from "./body/form.server";
import { BODY_LIMITS } from "./body/limits";

// The comment and upload posts that the staff project page and the client's
// project page both take. Each page checks who is asking before it calls
// postProjectForm, and answers "not found" in its own way when it returns null.

/** What a project page's action answers: which form it concerns, and its result or message. */
export type ProjectActionData<Form extends string> = {
  form: Form;
  result?: SubmissionResult<string[]>;
  message?: string;
  tone?: "success" | "error";
};

/** A project page's post, files included; a body over the upload limit is a 413 on the upload form. */
export async function readProjectPost(request: Request) {
  const read = await readForm(request, BODY_LIMITS.projectUpload);
  if (read.ok) return { formData: read.formData, tooLarge: null };
  return {
    formData: null,
    tooLarge: data<ProjectActionData<"upload">>(
      { form: "upload", message: UPLOAD_MESSAGES.tooLarge(PROJECT_FILE_RULES.maxBytes), tone: "error" },
      { status: 413 },
    ),
  };
}

/** What each page says after a post, and who posted from where (for the audit log). */
type PostOptions = {
  actorIp?: string;
  /** The site's address, for the link in the email a studio message sends. */
  siteUrl?: string;
  /** The success message for a saved comment; without it a comment answers with no message. */
  commentSent?: string;
  fileAdded: (name: string) => string;
};

/**
 * The "comment" and "upload" intents of a project page. Null when the viewer
 * may not see the project; the page answers that its own way.
 */
export function postProjectForm(
  intent: "comment" | "upload",
  formData: FormData,
  projectId: string | undefined,
  viewer: Viewer,
  options: PostOptions,
) {
  return intent === "comment"
    ? postComment(formData, projectId, viewer, options)
    : postProjectFile(formData, projectId, viewer, options);
}

/** A blank comment is ignored: it answers like a saved one, without the message. */
async function postComment(
  formData: FormData,
  projectId: string | undefined,
  viewer: Viewer,
  options: PostOptions,
) {
  const submission = parseWithZod(formData, { schema: CommentFormSchema });
  if (submission.status !== "success")
    return data<ProjectActionData<"comment">>(
      { form: "comment", result: submission.reply() },
      { status: 400 },
    );
  const added = await addComment(projectId, viewer, submission.value.text, {
    actorIp: options.actorIp,
    siteUrl: options.siteUrl,
  });
  if (!added.ok) return null;
  const result = submission.reply({ resetForm: true });
  return data<ProjectActionData<"comment">>(
    options.commentSent === undefined
      ? { form: "comment", result }
      : {
          form: "comment",
          result,
          message: added.comment ? options.commentSent : undefined,
          tone: "success",
        },
  );
}

/** A file the upload rules refuse is an error on the field. */
async function postProjectFile(
  formData: FormData,
  projectId: string | undefined,
  viewer: Viewer,
  options: PostOptions,
) {
  const submission = parseWithZod(formData, { schema: FileFormSchema });
  if (submission.status !== "success")
    return data<ProjectActionData<"upload">>({ form: "upload", result: submission.reply() }, { status: 400 });
  const added = await addProjectFile(projectId, viewer, submission.value.files, { actorIp: options.actorIp });
  if (!added.ok && added.reason === "not_found") return null;
  if (!added.ok)
    return data<ProjectActionData<"upload">>(
      { form: "upload", result: submission.reply({ fieldErrors: { files: [added.message] } }) },
      { status: 400 },
    );
  return data<ProjectActionData<"upload">>({
    form: "upload",
    result: submission.reply({ resetForm: true }),
    message: options.fileAdded(added.file.name),
    tone: "success",
  });
}
