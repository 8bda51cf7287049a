import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData as parseMultipartStream,
} from "@remix-run/form-data-parser";
import { discardSpooled, spoolUpload, sweepIncoming } from "~models/platform/uploads.server";
import { BodyTooLargeError, declaredLength, discardRest } from "./bytes.server";

// Multipart bodies, read as they stream in (docs/decisions/0035-streaming-uploads.md).
// @remix-run/form-data-parser splits the parts; each file is written to
// DATA_DIR/uploads/incoming as soon as its part ends, so the form holds files
// backed by the disk. In front of the parser, `limitParts` counts the body's
// bytes and cuts every part short past its limit, so no part, and never the
// body, is held whole in memory:
// - a body past `maxBodyBytes` is refused at once and keeps nothing; the rest
//   of it is thrown away in the background (bytes.server.ts);
// - a file past `maxFileBytes` is counted, not kept, and the other fields are
//   (docs/decisions/0031-data-dir-lock-and-kept-input.md);
// - text fields past `maxFieldBytes` in total refuse the form.

/** Part headers longer than this are not a browser's. */
const MAX_HEADER_BYTES = 16 * 1024;
/**
 * Bytes of a part (its headers and content) beyond its file limit that still
 * pass to the parser: a part cut short then still shows a size over the limit.
 */
const PART_FRAMING_BYTES = MAX_HEADER_BYTES + 256;
const MAX_FILES = 20;
const MAX_PARTS = 1000;

export type MultipartRead =
  { ok: true; formData: FormData; oversizedFiles: string[] } | { ok: false; tooLarge: true };

export type MultipartLimits = {
  /** A file larger than this is left out and named in `oversizedFiles`. */
  maxFileBytes: number;
  /** The text fields' names and values, in total. */
  maxFieldBytes: number;
  /** The whole body, framing included. */
  maxBodyBytes: number;
};

/** The boundary of a multipart/form-data Content-Type, or null for any other body. */
export function multipartBoundary(contentType: string): string | null {
  if (!/^multipart\/form-data\b/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/**
 * The body, passed on with every part cut to `maxPartBytes` and nothing after
 * the closing delimiter. Once it is over `maxBodyBytes` the stream fails with
 * BodyTooLargeError and the rest of the body is thrown away; `release`
 * throws away whatever is left once the parser is done or has given up. Only the delimiters are looked for: the parser reads the parts.
 */
function limitParts(
  source: ReadableStream<Uint8Array>,
  boundary: string,
  limits: { maxPartBytes: number; maxBodyBytes: number },
): { stream: ReadableStream<Uint8Array>; release: () => void } {
  const reader = source.getReader();
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let carry = Buffer.alloc(0);
  let partBytes = 0;
  let total = 0;
  let closed = false;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    discardRest(reader, total);
  };

  // Splits one chunk at the delimiters; returns whether anything was passed on.
  const split = (chunk: Uint8Array, controller: ReadableStreamDefaultController<Uint8Array>) => {
    let passed = false;
    const pass = (bytes: Buffer) => {
      const room = limits.maxPartBytes - partBytes;
      partBytes += bytes.length;
      if (room > 0 && bytes.length) {
        controller.enqueue(Uint8Array.from(bytes.subarray(0, room)));
        passed = true;
      }
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
        return passed;
      }
      pass(data.subarray(at, found));
      const end = found + delimiter.length;
      closed = data[end] === 0x2d && data[end + 1] === 0x2d;
      controller.enqueue(Uint8Array.from(data.subarray(found, closed ? end + 2 : end)));
      passed = true;
      partBytes = 0;
      if (closed) return passed;
      at = end;
    }
  };

  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          if (!closed && carry.length) controller.enqueue(Uint8Array.from(carry));
          controller.close();
          return;
        }
        total += value.byteLength;
        if (total > limits.maxBodyBytes) {
          release();
          controller.error(new BodyTooLargeError());
          return;
        }
        // After the closing delimiter only an epilogue may follow: read on, pass nothing.
        if (!closed && split(value, controller)) return;
      }
    },
    cancel() {
      release();
    },
  });
  return { stream, release };
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

/** A cause anywhere in the chain (the parser wraps the stream's own error). */
function causedBy(error: unknown, type: new (...args: never[]) => Error): boolean {
  for (let at = error, depth = 0; at && depth < 5; at = (at as { cause?: unknown }).cause, depth++)
    if (at instanceof type) return true;
  return false;
}

/**
 * A multipart/form-data body as FormData, within `limits` (see above). Throws
 * a TypeError when the body is not valid multipart form data.
 */
export async function readMultipart(request: Request, limits: MultipartLimits): Promise<MultipartRead> {
  const contentType = request.headers.get("Content-Type") ?? "";
  const boundary = multipartBoundary(contentType);
  if (!boundary || !request.body) throw new TypeError("Not a multipart body.");
  const declared = declaredLength(request);
  if (declared !== null && declared > limits.maxBodyBytes) {
    discardRest(request.body.getReader(), 0);
    return { ok: false, tooLarge: true };
  }

  await sweepIncoming();
  const maxPartBytes = Math.min(limits.maxFileBytes, limits.maxBodyBytes) + PART_FRAMING_BYTES;
  const { stream: body, release } = limitParts(request.body, boundary, {
    maxPartBytes,
    maxBodyBytes: limits.maxBodyBytes,
  });
  const oversizedFiles: string[] = [];
  const kept: File[] = [];
  const refuse = async (): Promise<MultipartRead> => {
    release();
    await Promise.all(kept.map(discardSpooled));
    return { ok: false, tooLarge: true };
  };

  let formData: FormData;
  try {
    formData = await parseMultipartStream(
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
        if (upload.size > limits.maxFileBytes) {
          oversizedFiles.push(upload.fieldName);
          return null;
        }
        const file = await spoolUpload(upload);
        kept.push(file);
        return file;
      },
    );
  } catch (error) {
    if (causedBy(error, BodyTooLargeError) || isLimitError(error)) return refuse();
    release();
    await Promise.all(kept.map(discardSpooled));
    if (isMalformed(error)) throw new TypeError("Malformed multipart body.", { cause: error });
    throw error;
  }
  release();
  let fieldBytes = 0;
  for (const [name, value] of formData)
    if (typeof value === "string") fieldBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
  if (fieldBytes > limits.maxFieldBytes) return refuse();
  return { ok: true, formData, oversizedFiles };
}
