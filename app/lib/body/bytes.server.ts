import { DRAIN_LIMIT_BYTES } from "./limits";

// The one place a request body's bytes are read. A body is counted as it
// arrives and never held past its limit; past it the reader gives up at once
// and the rest is thrown away in the background (see DRAIN_LIMIT_BYTES), so
// the refusal is answered while the client may still be sending. No request
// is cloned: a clone's second half would have to buffer what the first reads.

/** A body past its limit. The readers turn it into a 413 in their callers' shape. */
export class BodyTooLargeError extends Error {
  constructor() {
    super("The request body is larger than this route accepts.");
    this.name = "BodyTooLargeError";
  }
}

/** The Content-Length the client declared, or null when it sent none (a chunked body). */
export function declaredLength(request: Request): number | null {
  const header = request.headers.get("Content-Length");
  if (header === null || header.trim() === "") return null;
  const length = Number(header);
  return Number.isSafeInteger(length) && length >= 0 ? length : null;
}

/**
 * Reads what is left of a refused body and keeps none of it, up to
 * DRAIN_LIMIT_BYTES in all; past that the stream is cancelled, which closes
 * the connection. Not awaited: the refusal does not wait for it.
 */
export function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number): void {
  void (async () => {
    let total = alreadyRead;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        total += value.byteLength;
        if (total > DRAIN_LIMIT_BYTES) {
          await reader.cancel();
          return;
        }
      }
    } catch {
      /* the client went away */
    }
  })();
}

/**
 * The body's bytes, at most `limit` of them: a declared length past it is
 * refused before a byte is read, and a body without one (chunked) as soon as
 * the bytes read pass it. Throws BodyTooLargeError.
 */
export async function readBytes(request: Request, limit: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const declared = declaredLength(request);
  if (declared !== null && declared > limit) {
    discardRest(reader, 0);
    throw new BodyTooLargeError();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      discardRest(reader, size);
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
