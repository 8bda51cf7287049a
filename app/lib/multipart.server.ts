import { DRAIN_LIMIT_BYTES, FORM_OVERHEAD_BYTES, readFormData } from "./form-data.server";

// An upload form's body, read so that a file over the limit costs the visitor
// only that file: the parts are split as they stream in, a file part past
// `maxFileBytes` is counted but not kept, and every other field is kept
// (issue 18, item 9; docs/decisions/0031-data-dir-lock-and-kept-input.md).
// The kept parts are handed to the platform's own multipart parser, so field
// names, file names and charsets are decoded exactly as request.formData() does.

export type UploadFormResult =
  { ok: true; formData: FormData; oversizedFiles: string[] } | { ok: false; tooLarge: true };

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");
/** Part headers longer than this are not a browser's. */
const MAX_HEADER_BYTES = 16 * 1024;

type Part = {
  headers: Buffer;
  name: string;
  isFile: boolean;
  chunks: Buffer[];
  size: number;
  dropped: boolean;
};

function boundaryOf(contentType: string): string | null {
  if (!/^multipart\/form-data\b/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

function describePart(headers: Buffer): { name: string; isFile: boolean } {
  const text = headers.toString("latin1");
  const disposition = /^content-disposition:(.*)$/im.exec(text)?.[1] ?? "";
  return {
    name: /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? "",
    isFile: /\bfilename\*?=/i.test(disposition),
  };
}

/**
 * The form's fields and the files within `maxFileBytes`; names of the file
 * fields that were larger. Text fields over `maxFieldBytes` in total, or a body
 * over 64 MB, refuse the whole form as readFormData does.
 */
export async function readUploadForm(
  request: Request,
  { maxFileBytes, maxFieldBytes = FORM_OVERHEAD_BYTES }: { maxFileBytes: number; maxFieldBytes?: number },
): Promise<UploadFormResult> {
  const contentType = request.headers.get("Content-Type") ?? "";
  const boundary = boundaryOf(contentType);
  if (!boundary || !request.body) {
    const read = await readFormData(request, maxFileBytes + maxFieldBytes);
    return read.ok ? { ...read, oversizedFiles: [] } : read;
  }
  const declared = Number(request.headers.get("Content-Length") ?? "NaN");
  if (declared > DRAIN_LIMIT_BYTES) return { ok: false, tooLarge: true };

  const opening = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const kept: Buffer[] = [];
  const oversizedFiles: string[] = [];
  // Changed inside step(), so TypeScript must not narrow it here.
  let state = "preamble" as "preamble" | "after-delimiter" | "headers" | "body" | "done";
  let pending = Buffer.alloc(0);
  let part: Part | null = null;
  let fieldBytes = 0;
  let total = 0;
  let tooLarge = false;

  const take = (bytes: Buffer) => {
    if (!part || bytes.length === 0) return;
    part.size += bytes.length;
    if (part.isFile) {
      if (part.size > maxFileBytes) {
        part.dropped = true;
        part.chunks = [];
      } else part.chunks.push(bytes);
    } else {
      fieldBytes += bytes.length;
      if (fieldBytes > maxFieldBytes) tooLarge = true;
      else part.chunks.push(bytes);
    }
  };
  const finish = () => {
    if (!part) return;
    if (part.dropped) oversizedFiles.push(part.name);
    else kept.push(opening, CRLF, part.headers, HEADER_END, ...part.chunks, CRLF);
    part = null;
  };

  // Splits what has arrived; returns false when it needs more bytes.
  const step = (): boolean => {
    switch (state) {
      case "preamble": {
        const at = pending.indexOf(opening);
        if (at < 0) {
          pending = pending.subarray(Math.max(0, pending.length - opening.length));
          return false;
        }
        pending = pending.subarray(at + opening.length);
        state = "after-delimiter";
        return true;
      }
      case "after-delimiter": {
        if (pending.length < 2) return false;
        if (pending[0] === 0x2d && pending[1] === 0x2d) state = "done";
        else if (pending[0] === 0x0d && pending[1] === 0x0a) {
          pending = pending.subarray(2);
          state = "headers";
        } else throw new TypeError("Malformed multipart body.");
        return state !== "done";
      }
      case "headers": {
        const at = pending.indexOf(HEADER_END);
        if (at < 0) {
          if (pending.length > MAX_HEADER_BYTES) throw new TypeError("Malformed multipart body.");
          return false;
        }
        const headers = Buffer.from(pending.subarray(0, at));
        part = { headers, ...describePart(headers), chunks: [], size: 0, dropped: false };
        if (!part.isFile) fieldBytes += headers.length;
        pending = pending.subarray(at + HEADER_END.length);
        state = "body";
        return true;
      }
      case "body": {
        const at = pending.indexOf(delimiter);
        if (at < 0) {
          // Keep a tail that may be the start of the delimiter.
          const safe = Math.max(0, pending.length - (delimiter.length - 1));
          take(Buffer.from(pending.subarray(0, safe)));
          pending = pending.subarray(safe);
          return false;
        }
        take(Buffer.from(pending.subarray(0, at)));
        finish();
        pending = pending.subarray(at + delimiter.length);
        state = "after-delimiter";
        return true;
      }
      case "done":
        return false;
    }
  };

  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > DRAIN_LIMIT_BYTES) {
      await reader.cancel();
      return { ok: false, tooLarge: true };
    }
    // Past the end, or past the field limit: read on to the end (see
    // form-data.server.ts), keep nothing.
    if (state === "done" || tooLarge) continue;
    pending = pending.length ? Buffer.concat([pending, value]) : Buffer.from(value);
    while (step());
  }
  if (tooLarge) return { ok: false, tooLarge: true };
  if (state !== "done") throw new TypeError("Malformed multipart body.");

  const body = Buffer.concat([...kept, opening, Buffer.from("--\r\n")]);
  const copy = new Request(request.url, { method: "POST", headers: { "Content-Type": contentType }, body });
  return { ok: true, formData: await copy.formData(), oversizedFiles };
}
