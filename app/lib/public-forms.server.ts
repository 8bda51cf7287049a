import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { HONEYPOT_FIELD, isFilled } from "~models/forms/honeypot";
import type { FormOutcome, SubmissionContext } from "~models/forms/submission-steps.server";
import { UPLOAD_MESSAGES } from "~models/platform/uploads";
import { apiError, fieldErrors, methodNotAllowed, withApiErrors } from "./api.server";
import { clientAddress, getUser } from "./auth.server";
import { FORM_OVERHEAD_BYTES, readFormData as readBoundedFormData } from "./form-data.server";
import { readUploadForm } from "./multipart.server";

// Page actions and /api routes of the public forms share this: the same zod
// schema, the same model function, the same honeypot and size limits.

/** Text-only forms are small; anything bigger is refused before it is read. */
const MAX_FORM_BYTES = 64 * 1024;

const FORM_MESSAGES = {
  tooLarge: "This form is larger than we accept. Please shorten it and try again.",
  wrongContentType: "Content-Type must be application/json.",
  invalidJson: "The request body must be a JSON object.",
} as const;

/** A form's model function (models/forms): the validated input in, the outcome out. */
export type Submit<T> = (input: T, context: SubmissionContext) => Promise<FormOutcome>;

async function contextFor(request: Request): Promise<SubmissionContext> {
  const user = await getUser(request);
  return { clientAddress: clientAddress(request), userId: user?.id ?? null };
}

const declaredLength = (request: Request) => Number(request.headers.get("Content-Length") ?? 0);

/**
 * The body's bytes, stopping as soon as they pass `limit` (413), whether or
 * not the client declared a Content-Length.
 */
export async function readBodyWithLimit(request: Request, limit: number): Promise<Uint8Array> {
  if (declaredLength(request) > limit) throw new Response(FORM_MESSAGES.tooLarge, { status: 413 });
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  if (!reader) return new Uint8Array();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new Response(FORM_MESSAGES.tooLarge, { status: 413 });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The form's fields, refusing a body larger than `limit` with a 413 (see form-data.server.ts). */
export async function readFormData(request: Request, limit = MAX_FORM_BYTES): Promise<FormData> {
  const read = await readBoundedFormData(request, limit);
  if (!read.ok) throw new Response(FORM_MESSAGES.tooLarge, { status: 413 });
  return read.formData;
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
    try {
      formData = await readFormData(request);
    } catch (error) {
      if (!(error instanceof Response) || error.status !== 413) throw error;
      return data(
        {
          form,
          result: parseWithZod(new FormData(), { schema }).reply({ formErrors: [FORM_MESSAGES.tooLarge] }),
          success: null,
        },
        { status: 413 },
      );
    }
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

/** Room for a 10 MB upload plus the text fields and multipart framing. */
export const MAX_UPLOAD_FORM_BYTES = 10 * 1024 * 1024 + FORM_OVERHEAD_BYTES;

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
  const read = await readUploadForm(request, { maxFileBytes: maxBytes });
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
  tooLargeMessage: string,
): Promise<Record<string, unknown> | Response> {
  const read = await readBoundedFormData(request, MAX_UPLOAD_FORM_BYTES);
  if (!read.ok) return apiError(413, tooLargeMessage);
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
    const body = options.body ? await options.body() : await readJsonBody(request);
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

/** A JSON object body of at most MAX_FORM_BYTES, or the error response. */
export async function readJsonBody(request: Request): Promise<Record<string, unknown> | Response> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.toLowerCase().startsWith("application/json"))
    return apiError(415, FORM_MESSAGES.wrongContentType);
  let text: string;
  try {
    text = new TextDecoder().decode(await readBodyWithLimit(request, MAX_FORM_BYTES));
  } catch (error) {
    if (error instanceof Response) return apiError(error.status, FORM_MESSAGES.tooLarge);
    throw error;
  }
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === "object" && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    /* fall through */
  }
  return apiError(400, FORM_MESSAGES.invalidJson);
}
