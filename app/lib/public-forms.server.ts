import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { HONEYPOT_FIELD, isFilled } from "~models/forms/honeypot";
import type { FormOutcome, SubmissionContext } from "~models/forms/submission-steps.server";
import { UPLOAD_MESSAGES } from "~models/platform/uploads";
import { apiError, fieldErrors, methodNotAllowed, withApiErrors } from "./api.server";
import { clientAddress } from "./auth.server";
import { findMember } from "./membership.server";
import { readForm, readUploadForm } from "./body/form.server";
import { readJson } from "./body/json.server";
import { BODY_LIMITS, FORM_OVERHEAD_BYTES } from "./body/limits";
import { BODY_MESSAGES } from "./body/refusals";

// Page actions and /api routes of the public forms share this: the same zod
// schema, the same model function, the same honeypot and size limits.

/** A form's model function (models/forms): the validated input in, the outcome out. */
export type Submit<T> = (input: T, context: SubmissionContext) => Promise<FormOutcome>;

async function contextFor(request: Request): Promise<SubmissionContext> {
  const member = await findMember(request);
  return { clientAddress: clientAddress(request), userId: member?.person.id ?? null };
}

/**
 * A page action for one public form. Answers { form, result, success? } where
 * result is Conform's reply (errors next to their fields, the input kept; on
 * success the form is cleared).
 */
export async function handleFormPage<Schema extends z.ZodType>(
  request: Request,
  options: { form: string; schema: Schema; submit: Submit<z.infer<Schema>>; formData?: FormData },
) {
  const { form, schema } = options;
  let formData = options.formData;
  if (!formData) {
    const read = await readForm(request);
    if (!read.ok)
      return data(
        {
          form,
          result: parseWithZod(new FormData(), { schema }).reply({ formErrors: [BODY_MESSAGES.tooLarge] }),
          success: null,
        },
        { status: 413 },
      );
    formData = read.formData;
  }
  const submission = parseWithZod(formData, { schema });
  // A bot filled the hidden field: look successful, store nothing.
  if (isFilled(formData.get(HONEYPOT_FIELD))) {
    return {
      form,
      result: submission.reply({ resetForm: true }),
      success: "Thank you! We have received your message.",
    };
  }
  if (submission.status !== "success")
    return data({ form, result: submission.reply(), success: null }, { status: 400 });
  const outcome = await options.submit(submission.value, await contextFor(request));
  if (outcome.status === "ok")
    return {
      form,
      result: submission.reply({ resetForm: true }),
      success: outcome.message,
      extra: outcome.extra ?? {},
    };
  if (outcome.status === "invalid")
    return data(
      { form, result: submission.reply({ fieldErrors: outcome.fieldErrors }), success: null },
      { status: 400 },
    );
  return data(
    { form, result: submission.reply({ formErrors: [outcome.message] }), success: null },
    { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
  );
}

/**
 * A page action for a form with a file. A file over its rules' `maxBytes` is
 * skipped while the body streams in (app/lib/multipart.server.ts): the visitor
 * gets back every value they typed and one error, on the file.
 */
export async function handleUploadFormPage<Schema extends z.ZodType>(
  request: Request,
  options: {
    form: string;
    schema: Schema;
    submit: Submit<z.infer<Schema>>;
    fileField: string;
    fileRules: { maxBytes: number };
  },
) {
  const { maxBytes } = options.fileRules;
  const tooLargeMessage = UPLOAD_MESSAGES.tooLarge(maxBytes);
  const read = await readUploadForm(request, {
    maxFileBytes: maxBytes,
    maxBodyBytes: BODY_LIMITS.publicUpload,
  });
  if (!read.ok) {
    const reply = parseWithZod(new FormData(), { schema: options.schema }).reply({
      fieldErrors: { [options.fileField]: [tooLargeMessage] },
    });
    return data({ form: options.form, result: reply, success: null }, { status: 413 });
  }
  if (read.oversizedFiles.length) {
    // The typed values come back; the skipped file's field gets its own message
    // (not "Please upload your CV."), and nothing is submitted.
    const submission = parseWithZod(read.formData, { schema: options.schema });
    const fieldErrors = Object.fromEntries(read.oversizedFiles.map((name) => [name, [tooLargeMessage]]));
    return data(
      { form: options.form, result: submission.reply({ fieldErrors }), success: null },
      { status: 400 },
    );
  }
  return handleFormPage(request, { ...options, formData: read.formData });
}

/** The multipart body of an API call with a file, as a plain object (File values kept), or a 413. */
export async function readMultipartBody(
  request: Request,
  maxBytes: number,
): Promise<Record<string, unknown> | Response> {
  const read = await readForm(request, maxBytes + FORM_OVERHEAD_BYTES);
  if (!read.ok) return apiError(413, UPLOAD_MESSAGES.tooLarge(maxBytes));
  return Object.fromEntries(read.formData);
}

/**
 * POST /api/contact/…: JSON in (multipart where a file may come), 201
 * {id, message} out; validation errors as per-field arrays plus a summary under
 * `error` (or `details`, which the collaboration client reads).
 */
export function handleFormApi<Schema extends z.ZodType>(
  request: Request,
  options: {
    schema: Schema;
    submit: Submit<z.infer<Schema>>;
    defaultError: string;
    summaryKey?: "error" | "details";
    body?: () => Promise<Record<string, unknown> | Response>;
  },
): Promise<Response> {
  return withApiErrors(options.defaultError, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, ["POST"]);
    const body = options.body ? await options.body() : await readJson(request);
    if (body instanceof Response) return body;
    if (isFilled(body[HONEYPOT_FIELD]))
      return Response.json({ id: null, message: "Thank you!" }, { status: 201 });
    const parsed = options.schema.safeParse(body);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      const first = Object.values(errors)[0]?.[0] ?? options.defaultError;
      return Response.json({ ...errors, [options.summaryKey ?? "error"]: first }, { status: 400 });
    }
    const outcome = await options.submit(parsed.data, await contextFor(request));
    if (outcome.status === "ok")
      return Response.json({ id: outcome.id, message: outcome.message, ...outcome.extra }, { status: 201 });
    if (outcome.status === "invalid") {
      const first = Object.values(outcome.fieldErrors)[0]?.[0] ?? options.defaultError;
      return Response.json(
        { ...outcome.fieldErrors, [options.summaryKey ?? "error"]: first },
        { status: 400 },
      );
    }
    return apiError(429, outcome.message, { "Retry-After": String(outcome.retryAfterSeconds) });
  });
}
