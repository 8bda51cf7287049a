import { readMultipart } from "./multipart.server";
import { MAX_UPLOAD_FORM_BYTES, readBodyWithLimit } from "./public-forms.server";

// Odd input is refused once, before any loader or action runs (root
// middleware): PostgreSQL cannot store a NUL character in text, so a NUL in
// the path, the query or a text field would otherwise fail deep inside a
// query as a 500; and a multipart body that cannot be parsed is the client's
// mistake (400), not ours. See docs/decisions/0030-private-caching-and-odd-input.md.

export const INPUT_MESSAGES = {
  nul: "The request contains a NUL character (\\0), which is not accepted in any field, path or query.",
  malformedForm:
    "The form data could not be read: the request body is not valid multipart or URL-encoded form data.",
} as const;

const hasNul = (text: string) => text.includes("\0");

/** A JSON value with a NUL in any string or key, at any depth. */
function jsonHasNul(value: unknown): boolean {
  if (typeof value === "string") return hasNul(value);
  if (Array.isArray(value)) return value.some(jsonHasNul);
  if (value && typeof value === "object")
    return Object.entries(value).some(([key, item]) => hasNul(key) || jsonHasNul(item));
  return false;
}

/** The path and query as the app will decode them; invalid percent-encoding is left as written. */
function urlHasNul(url: URL): boolean {
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    /* the route matcher keeps such a segment as written */
  }
  return hasNul(path) || [...url.searchParams].some(([key, value]) => hasNul(key) || hasNul(value));
}

/** A form's text fields (file contents are bytes and may hold anything). */
const formDataHasNul = (formData: FormData) =>
  [...formData].some(([key, value]) => hasNul(key) || hasNul(typeof value === "string" ? value : value.name));

/** The answer to refused input: JSON for the API, plain text otherwise. */
export function badInput(request: Request, message: string): Response {
  const { pathname } = new URL(request.url);
  if (pathname.startsWith("/api/") || pathname === "/api")
    return Response.json({ error: message }, { status: 400 });
  return new Response(message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * request.formData() where a body that is not form data is the client's
 * error: a 400 Response is thrown (API handlers and actions pass it on).
 */
export async function parseFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw badInput(request, INPUT_MESSAGES.malformedForm);
  }
}

/** The body's bytes up to `limit`, or null past it (the handler's own limit then answers). */
async function readUpTo(request: Request, limit: number): Promise<Uint8Array | null> {
  try {
    return await readBodyWithLimit(request, limit);
  } catch (thrown) {
    if (thrown instanceof Response) return null;
    throw thrown;
  }
}

/**
 * Why this request's input is refused, or null. The body is read from a
 * clone, so the handler still reads it as before; bodies over the largest
 * form any route accepts are left to that route's own limit (413).
 */
export async function refusedInput(request: Request): Promise<string | null> {
  if (urlHasNul(new URL(request.url))) return INPUT_MESSAGES.nul;
  if (request.method === "GET" || request.method === "HEAD" || !request.body) return null;
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  const isMultipart = type.startsWith("multipart/form-data");
  const isUrlEncoded = type.startsWith("application/x-www-form-urlencoded");
  const isJson = type.startsWith("application/json");
  if (!isMultipart && !isUrlEncoded && !isJson) return null;
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_UPLOAD_FORM_BYTES) return null;

  const copy = request.clone();
  if (isMultipart) {
    // Streamed, files kept only by name: the fields and file names are what may hold a NUL.
    try {
      const read = await readMultipart(copy, {
        maxFileBytes: MAX_UPLOAD_FORM_BYTES,
        maxFieldBytes: MAX_UPLOAD_FORM_BYTES,
        maxBodyBytes: MAX_UPLOAD_FORM_BYTES,
        keepFiles: false,
        drain: false,
      });
      return read.ok && formDataHasNul(read.formData) ? INPUT_MESSAGES.nul : null;
    } catch (error) {
      if (error instanceof TypeError) return INPUT_MESSAGES.malformedForm;
      throw error;
    }
  }
  const bytes = await readUpTo(copy, MAX_UPLOAD_FORM_BYTES);
  if (!bytes) return null;
  if (isJson) {
    try {
      return jsonHasNul(JSON.parse(new TextDecoder().decode(bytes))) ? INPUT_MESSAGES.nul : null;
    } catch {
      return null; // the handler answers malformed JSON with its own message
    }
  }
  try {
    const formData = await new Request(request.url, {
      method: "POST",
      headers: request.headers,
      body: bytes as BodyInit,
    }).formData();
    return formDataHasNul(formData) ? INPUT_MESSAGES.nul : null;
  } catch {
    return INPUT_MESSAGES.malformedForm;
  }
}
