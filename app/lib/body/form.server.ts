import { BodyTooLargeError, readBytes } from "./bytes.server";
import { BODY_LIMITS, FORM_OVERHEAD_BYTES } from "./limits";
import { type MultipartRead, multipartBoundary, readMultipart } from "./multipart.server";
import { BODY_MESSAGES, badInput, bodyTooLarge, formDataHasNul } from "./refusals";

// Form bodies: URL-encoded (read whole, within the limit) or multipart
// (streamed, files spooled to the data dir). A body that is not form data, or
// whose fields hold a NUL (which PostgreSQL cannot store), is the client's
// error: a 400 Response is thrown. How a body past its limit is answered is
// the caller's choice: `readForm` says so, `requireForm` throws the 413.

export type FormRead = { ok: true; formData: FormData } | { ok: false; tooLarge: true };

function checked(request: Request, formData: FormData): FormData {
  if (formDataHasNul(formData)) throw badInput(request, BODY_MESSAGES.nul);
  return formData;
}

/** A form of at most `limit` bytes; files in it may take all of that. */
export async function readForm(request: Request, limit: number = BODY_LIMITS.form): Promise<FormRead> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (multipartBoundary(contentType) && request.body) {
    const read = await readUploadForm(request, {
      maxFileBytes: limit,
      maxFieldBytes: limit,
      maxBodyBytes: limit,
    });
    return read.ok ? { ok: true, formData: read.formData } : read;
  }
  let bytes: Uint8Array;
  try {
    bytes = await readBytes(request, limit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { ok: false, tooLarge: true };
    throw error;
  }
  let formData: FormData;
  try {
    // The platform's own parser, on bytes already bounded (charset and `+` handled as browsers send them).
    formData = await new Request(request.url, {
      method: "POST",
      headers: { "Content-Type": contentType },
      body: bytes as BodyInit,
    }).formData();
  } catch {
    throw badInput(request, BODY_MESSAGES.malformedForm);
  }
  return { ok: true, formData: checked(request, formData) };
}

/** A form of at most `limit` bytes; past it the 413 is thrown, for an action that has no better answer. */
export async function requireForm(request: Request, limit: number = BODY_LIMITS.form): Promise<FormData> {
  const read = await readForm(request, limit);
  if (!read.ok) throw bodyTooLarge(request);
  return read.formData;
}

/**
 * An upload form, read so that a file over `maxFileBytes` costs the visitor
 * only that file: the form's fields and the files within the limit; names of
 * the file fields that were larger. Text fields past `maxFieldBytes` in total,
 * or a body past `maxBodyBytes`, refuse the whole form.
 */
export async function readUploadForm(
  request: Request,
  {
    maxFileBytes,
    maxFieldBytes = FORM_OVERHEAD_BYTES,
    maxBodyBytes = BODY_LIMITS.publicUpload,
  }: { maxFileBytes: number; maxFieldBytes?: number; maxBodyBytes?: number },
): Promise<MultipartRead> {
  if (!multipartBoundary(request.headers.get("Content-Type") ?? "") || !request.body) {
    const read = await readForm(request, Math.min(maxBodyBytes, maxFileBytes + maxFieldBytes));
    return read.ok ? { ...read, oversizedFiles: [] } : read;
  }
  let read: MultipartRead;
  try {
    read = await readMultipart(request, { maxFileBytes, maxFieldBytes, maxBodyBytes });
  } catch (error) {
    if (error instanceof TypeError) throw badInput(request, BODY_MESSAGES.malformedForm);
    throw error;
  }
  return read.ok ? { ...read, formData: checked(request, read.formData) } : read;
}
