// What a refused body is answered with: JSON for the REST API, plain text for
// pages. The messages are the same wherever the body was read.

export const BODY_MESSAGES = {
  tooLarge: "This form is larger than we accept. Please shorten it and try again.",
  nul: "The request contains a NUL character (\\0), which is not accepted in any field, path or query.",
  malformedForm:
    "The form data could not be read: the request body is not valid multipart or URL-encoded form data.",
  invalidJson: "The request body must be a JSON object.",
  wrongContentType: "Content-Type must be application/json.",
} as const;

const isApi = (request: Request) => {
  const { pathname } = new URL(request.url);
  return pathname === "/api" || pathname.startsWith("/api/");
};

/** A refusal of the request's input with `status`, in the shape its caller reads. */
export function refuseInput(request: Request, status: number, message: string): Response {
  if (isApi(request)) return Response.json({ error: message }, { status });
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** 400: the input is not what it says it is (malformed, or holds a NUL). */
export const badInput = (request: Request, message: string) => refuseInput(request, 400, message);

/** 413: the body is past its route's limit. */
export const bodyTooLarge = (request: Request) => refuseInput(request, 413, BODY_MESSAGES.tooLarge);

const hasNul = (text: string) => text.includes("\0");

/** A JSON value with a NUL in any string or key, at any depth. */
export function jsonHasNul(value: unknown): boolean {
  if (typeof value === "string") return hasNul(value);
  if (Array.isArray(value)) return value.some(jsonHasNul);
  if (value && typeof value === "object")
    return Object.entries(value).some(([key, item]) => hasNul(key) || jsonHasNul(item));
  return false;
}

/** A form's text fields and file names (file contents are bytes and may hold anything). */
export const formDataHasNul = (formData: FormData) =>
  [...formData].some(([key, value]) => hasNul(key) || hasNul(typeof value === "string" ? value : value.name));

/** The path and query as the app will decode them; invalid percent-encoding is left as written. */
export function urlHasNul(url: URL): boolean {
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    /* the route matcher keeps such a segment as written */
  }
  return hasNul(path) || [...url.searchParams].some(([key, value]) => hasNul(key) || hasNul(value));
}
