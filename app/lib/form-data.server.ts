import { MEGABYTE } from "~models/platform/uploads";
import { readMultipart } from "./multipart.server";
import { badInput, INPUT_MESSAGES, parseFormData } from "./request-input.server";

/** Room for the text fields and multipart framing on top of the largest file. */
export const FORM_OVERHEAD_BYTES = 1 * MEGABYTE;

/**
 * Past this we stop reading and let the connection go: the browser may show a
 * network error, but the server never buffers more.
 */
export const DRAIN_LIMIT_BYTES = 64 * MEGABYTE;

export type FormDataResult = { ok: true; formData: FormData } | { ok: false; tooLarge: true };

/**
 * request.formData() with a ceiling. A body over maxBytes is read to its end
 * but thrown away (a server that answers before the upload ends makes browsers
 * report a reset connection instead of showing our message), and the caller
 * answers with a clear message. Multipart bodies stream through
 * app/lib/multipart.server.ts, their files to the data dir; other bodies
 * (URL-encoded forms, which are small) are read up to maxBytes. A body that is
 * not form data is the client's error: a 400 Response is thrown.
 */
export async function readFormData(request: Request, maxBytes: number): Promise<FormDataResult> {
  const declared = Number(request.headers.get("Content-Length") ?? "NaN");
  if (declared > DRAIN_LIMIT_BYTES) return { ok: false, tooLarge: true };
  if (!request.body) return { ok: true, formData: await parseFormData(request) };
  if ((request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    try {
      const read = await readMultipart(request, {
        maxFileBytes: maxBytes,
        maxFieldBytes: maxBytes,
        maxBodyBytes: maxBytes,
      });
      return read.ok ? { ok: true, formData: read.formData } : read;
    } catch (error) {
      if (error instanceof TypeError) throw badInput(request, INPUT_MESSAGES.malformedForm);
      throw error;
    }
  }

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > DRAIN_LIMIT_BYTES) {
      await reader.cancel();
      break;
    }
    if (total <= maxBytes) chunks.push(value);
  }
  if (total > maxBytes) return { ok: false, tooLarge: true };
  const body = new Blob(chunks as BlobPart[]);
  const copy = new Request(request.url, { method: request.method, headers: request.headers, body });
  return { ok: true, formData: await parseFormData(copy) };
}
