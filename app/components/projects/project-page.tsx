import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { CommentFormSchema, FileFormSchema } from "~models/projects/project-forms";
import { fileDownloadPath } from "~models/projects/projects";
import { formatFileSize, PROJECT_FILE_RULES } from "~models/platform/uploads";
import { Field, SubmitButton, TextareaField } from "~/components/forms";
import { useZodForm } from "~/lib/use-zod-form";

// The pieces the staff project page (/admin/projects/:id) and the client's
// (/project/:id, /profile) have in common: the comment form, the upload form
// and the list of files. Each page keeps its own wording.

type FormResult = SubmissionResult<string[]> | undefined;

/**
 * A message in a project's conversation (intent "comment"). `projectId` is
 * for pages that are not the project's own (its id travels with the form);
 * `ownPending` makes the button show its pending label only while this form
 * is the one submitting, not while another form of the page is.
 */
export function CommentForm({
  label,
  hint,
  placeholder,
  submitLabel,
  id = "comment",
  projectId,
  ownPending = false,
  lastResult,
}: {
  label: string;
  hint?: string;
  placeholder?: string;
  submitLabel: string;
  id?: string;
  projectId?: string;
  ownPending?: boolean;
  lastResult: FormResult;
}) {
  const [form, fields] = useZodForm(CommentFormSchema, { id, lastResult });
  return (
    <Form method="post" className="flex flex-col gap-3" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="comment" />
      {projectId ? <input type="hidden" name="projectId" value={projectId} /> : null}
      <TextareaField
        label={label}
        hint={hint}
        textareaProps={{ ...getTextareaProps(fields.text), rows: 3, placeholder }}
        errors={fields.text.errors}
      />
      <SubmitButton
        className="self-start"
        pendingLabel="Sending…"
        intent={ownPending ? "comment" : undefined}
      >
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}

const extensions = PROJECT_FILE_RULES.extensions;

/** Attaches a file to the project (intent "upload"), with the project files' rules as its hint. */
export function UploadForm({
  label,
  ownPending = false,
  lastResult,
}: {
  label: string;
  ownPending?: boolean;
  lastResult: FormResult;
}) {
  const [form, fields] = useZodForm(FileFormSchema, { id: "upload", lastResult });
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="flex flex-col gap-3 rounded-2xl border border-dashed border-border p-4 sm:flex-row sm:items-start"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value="upload" />
      <Field
        className="flex-1"
        labelProps={{ children: label }}
        inputProps={{
          ...getInputProps(fields.files, { type: "file" }),
          accept: extensions.map((e) => `.${e}`).join(","),
        }}
        hint={`${extensions.map((e) => e.toUpperCase()).join(", ")}; up to ${formatFileSize(PROJECT_FILE_RULES.maxBytes)}.`}
        errors={fields.files.errors}
      />
      <SubmitButton className="sm:mt-7" pendingLabel="Uploading…" intent={ownPending ? "upload" : undefined}>
        Upload
      </SubmitButton>
    </Form>
  );
}

type ProjectFile = { id: string; name: string; size: number };

/**
 * The project's "Files" section: each file with its size (and what `details`
 * adds) and a download link, or `emptyText`; the upload form goes in `children`.
 */
export function ProjectFiles<Item extends ProjectFile>({
  projectId,
  files,
  emptyText,
  downloadClassName,
  details,
  children,
}: {
  projectId: string;
  files: Item[];
  emptyText: string;
  downloadClassName: string;
  details?: (file: Item) => ReactNode;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="files" className="flex flex-col gap-3">
      <h2 id="files" className="font-display text-lg font-semibold">
        Files
      </h2>
      {files.length ? (
        <ul className="flex flex-col gap-2">
          {files.map((file) => (
            <li
              key={file.id}
              className="flex items-center justify-between gap-3 rounded-xl border border-border bg-surface px-4 py-3"
              data-testid="project-file"
            >
              <span className="min-w-0">
                <span className="block truncate font-medium">{file.name}</span>
                <span className="text-sm text-text-muted">
                  {formatFileSize(file.size)}
                  {details ? <> · {details(file)}</> : null}
                </span>
              </span>
              <a href={fileDownloadPath(projectId, file.id)} className={downloadClassName} download>
                Download<span className="sr-only"> {file.name}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-text-muted">{emptyText}</p>
      )}
      {children}
    </section>
  );
}

/** The project's "Details" card: term and value rows; `breakAll` lets long values (an email) wrap anywhere. */
export function ProjectDetails({
  rows,
  breakAll = false,
}: {
  rows: ReadonlyArray<readonly [string, string]>;
  breakAll?: boolean;
}) {
  return (
    <section
      aria-labelledby="details"
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5"
    >
      <h2 id="details" className="font-display text-base font-semibold">
        Details
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-text-muted">{term}</dt>
            <dd className={breakAll ? "text-right font-medium break-all" : "text-right font-medium"}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
