import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData as parseFormDataStream,
} from "@remix-run/form-data-parser";
import { discardSpooled, spoolUpload, sweepIncoming } from "~models/platform/uploads.server";
import { DRAIN_LIMIT_BYTES, FORM_OVERHEAD_BYTES, readFormData } from "./form-data.server";

// Multipart bodies, read as they stream in (docs/decisions/0035-streaming-uploads.md).
// @remix-run/form-data-parser splits the parts; each file is written to
// DATA_DIR/uploads/incoming as soon as its part ends, so the form holds files
// backed by the disk. In front of the parser, `limitParts` counts the body's
// bytes and cuts every part short past its limit, so no part, and never the
// body, is held whole in memory beyond the limits below:
// - a body past `maxBodyBytes` keeps nothing (the form is refused as too large);
// - a file past `maxFileBytes` is counted, not kept, and the other fields are
//   (issue 18, item 9; docs/decisions/0031-data-dir-lock-and-kept-input.md);
// - text fields past `maxFieldBytes` in total refuse the form.
// A refused body is still read to its end, up to DRAIN_LIMIT_BYTES: a server
// that answers before the upload ends makes browsers report a reset connection
// instead of showing our message.

/** Part headers longer than this are not a browser's. */
const MAX_HEADER_BYTES = 16 * 1024;
/**
 * Bytes of a part (its headers and content) beyond its file limit that still
 * pass to the parser: a part cut short then still shows a size over the limit.
 */
const PART_FRAMING_BYTES = MAX_HEADER_BYTES + 256;
const MAX_FILES = 20;
const MAX_PARTS = 1000;

export type UploadFormResult =
  { ok: true; formData: FormData; oversizedFiles: string[] } | { ok: false; tooLarge: true };

export type MultipartLimits = {
  /** A file larger than this is left out and named in `oversizedFiles`. */
  maxFileBytes: number;
  /** The text fields' names and values, in total. */
  maxFieldBytes: number;
  /** The whole body, framing included. */
  maxBodyBytes: number;
  /** false: files are not written anywhere; the form keeps empty files with their names. */
  keepFiles?: boolean;
  /** false: a refused body is not read on (a check that reads a clone, where the handler answers). */
  drain?: boolean;
};

/** The boundary of a multipart/form-data Content-Type, or null for any other body. */
function multipartBoundary(contentType: string): string | null {
  if (!/^multipart\/form-data\b/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/** The body is past the bytes it may be read to. */
class BodyTooLarge extends Error {}

/**
 * The body, passed on with every part cut to `maxPartBytes` and nothing after
 * the closing delimiter; `state.tooLarge` is set, and nothing more passes, once
 * it is over `maxBodyBytes`; past `stopAt` the stream fails. Only the delimiters are looked for: the parser
 * reads the parts.
 */
function limitParts(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  limits: { maxPartBytes: number; maxBodyBytes: number; stopAt: number },
  state: { tooLarge: boolean },
): ReadableStream<Uint8Array> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let carry = Buffer.alloc(0);
  let partBytes = 0;
  let total = 0;
  let closed = false;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength;
        if (total > limits.stopAt) {
          state.tooLarge = true;
          throw new BodyTooLarge();
        }
        if (total > limits.maxBodyBytes) state.tooLarge = true;
        if (state.tooLarge || closed) return;
        const pass = (bytes: Buffer) => {
          const room = limits.maxPartBytes - partBytes;
          partBytes += bytes.length;
          if (room > 0 && bytes.length) controller.enqueue(Uint8Array.from(bytes.subarray(0, room)));
        };
        const data = carry.length ? Buffer.concat([carry, chunk]) : Buffer.from(chunk);
        carry = Buffer.alloc(0);
        let at = 0;
        for (;;) {
          const found = data.indexOf(delimiter, at);
          // Hold back what may be the start of a delimiter, or one without the
          // two bytes that say whether it closes the body.
          if (found < 0 || found + delimiter.length + 2 > data.length) {
            const held = found < 0 ? Math.max(at, data.length - (delimiter.length - 1)) : found;
            pass(data.subarray(at, held));
            carry = Buffer.from(data.subarray(held));
            return;
          }
          pass(data.subarray(at, found));
          const end = found + delimiter.length;
          closed = data[end] === 0x2d && data[end + 1] === 0x2d;
          controller.enqueue(Uint8Array.from(data.subarray(found, closed ? end + 2 : end)));
          partBytes = 0;
          if (closed) return;
          at = end;
        }
      },
      flush(controller) {
        if (!state.tooLarge && !closed && carry.length) controller.enqueue(Uint8Array.from(carry));
      },
    }),
  );
}

const isLimitError = (error: unknown) =>
  error instanceof MaxFileSizeExceededError ||
  error instanceof MaxFilesExceededError ||
  error instanceof MaxHeaderSizeExceededError ||
  error instanceof MaxPartsExceededError ||
  error instanceof MaxTotalSizeExceededError;

const isMalformed = (error: unknown) =>
  error instanceof FormDataParseError ||
  error instanceof MultipartParseError ||
  // A text field that is not UTF-8.
  (error instanceof TypeError && (error as { code?: string }).code === "ERR_ENCODING_INVALID_ENCODED_DATA");

/** Reads what is left of a refused body, passing nothing on. */
async function drain(body: ReadableStream<Uint8Array>): Promise<void> {
  try {
    const reader = body.getReader();
    while (!(await reader.read()).done);
  } catch {
    /* past DRAIN_LIMIT_BYTES, or the client went away */
  }
}

/**
 * A multipart/form-data body as FormData, within `limits` (see above). Throws
 * a TypeError when the body is not valid multipart form data.
 */
export async function readMultipart(request: Request, limits: MultipartLimits): Promise<UploadFormResult> {
  const contentType = request.headers.get("Content-Type") ?? "";
  const boundary = multipartBoundary(contentType);
  if (!boundary || !request.body) throw new TypeError("Not a multipart body.");
  const declared = Number(request.headers.get("Content-Length") ?? "NaN");
  if (declared > DRAIN_LIMIT_BYTES) return { ok: false, tooLarge: true };

  const keepFiles = limits.keepFiles ?? true;
  if (keepFiles) await sweepIncoming();
  const maxPartBytes = Math.min(limits.maxFileBytes, limits.maxBodyBytes) + PART_FRAMING_BYTES;
  const state = { tooLarge: false };
  const stopAt = (limits.drain ?? true) ? DRAIN_LIMIT_BYTES : limits.maxBodyBytes;
  const body = limitParts(
    request.body,
    boundary,
    { maxPartBytes, maxBodyBytes: limits.maxBodyBytes, stopAt },
    state,
  );
  const oversizedFiles: string[] = [];
  const kept: File[] = [];
  const refuse = async (): Promise<UploadFormResult> => {
    state.tooLarge = true;
    if (limits.drain ?? true) await drain(body);
    else await body.cancel().catch(() => {});
    await Promise.all(kept.map(discardSpooled));
    return { ok: false, tooLarge: true };
  };

  let formData: FormData;
  try {
    formData = await parseFormDataStream(
      new Request(request.url, {
        method: "POST",
        headers: { "Content-Type": contentType },
        body,
        duplex: "half",
      } as RequestInit),
      {
        maxFileSize: maxPartBytes,
        maxTotalSize: limits.maxBodyBytes,
        maxHeaderSize: MAX_HEADER_BYTES,
        maxFiles: MAX_FILES,
        maxParts: MAX_PARTS,
      },
      async (upload) => {
        if (state.tooLarge) return null;
        if (upload.size > limits.maxFileBytes) {
          oversizedFiles.push(upload.fieldName);
          return null;
        }
        if (!keepFiles) return new File([], upload.name, { type: upload.type });
        const file = await spoolUpload(upload);
        kept.push(file);
        return file;
      },
    );
  } catch (error) {
    if (state.tooLarge || isLimitError(error)) return refuse();
    await Promise.all(kept.map(discardSpooled));
    if (isMalformed(error)) throw new TypeError("Malformed multipart body.", { cause: error });
    throw error;
  }
  if (state.tooLarge) return refuse();
  let fieldBytes = 0;
  for (const [name, value] of formData)
    if (typeof value === "string") fieldBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
  if (fieldBytes > limits.maxFieldBytes) return refuse();
  return { ok: true, formData, oversizedFiles };
}

/**
 * An upload form's body, read so that a file over the limit costs the visitor
 * only that file: the form's fields and the files within `maxFileBytes`; names
 * of the file fields that were larger. Text fields over `maxFieldBytes` in
 * total, or a body over DRAIN_LIMIT_BYTES, refuse the whole form.
 */
export async function readUploadForm(
  request: Request,
  { maxFileBytes, maxFieldBytes = FORM_OVERHEAD_BYTES }: { maxFileBytes: number; maxFieldBytes?: number },
): Promise<UploadFormResult> {
  if (!multipartBoundary(request.headers.get("Content-Type") ?? "") || !request.body) {
    const read = await readFormData(request, maxFileBytes + maxFieldBytes);
    return read.ok ? { ...read, oversizedFiles: [] } : read;
  }
  return readMultipart(request, { maxFileBytes, maxFieldBytes, maxBodyBytes: DRAIN_LIMIT_BYTES });
}
