// Calls route loaders and actions the way React Router does: with a real
// Request. Page actions may answer with data(...) instead of a Response; both
// come back as { status, headers, body }.
const ORIGIN = "http://127.0.0.1:3000";

type Init = { cookie?: string; ip?: string; headers?: Record<string, string> };

function headersFor(init: Init = {}): Headers {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  // Each request looks like a different client unless a test names one, so
  // rate limits only come into play in the tests about them.
  headers.set("X-Client-Address", init.ip ?? `203.0.113.${Math.floor(Math.random() * 254) + 1}`);
  return headers;
}

export function getRequest(path: string, init?: Init): Request {
  return new Request(new URL(path, ORIGIN), { headers: headersFor(init) });
}

export function formRequest(path: string, fields: Record<string, string>, init?: Init): Request {
  const headers = headersFor(init);
  headers.set("Content-Type", "application/x-www-form-urlencoded");
  return new Request(new URL(path, ORIGIN), { method: "POST", body: new URLSearchParams(fields), headers });
}

export function jsonRequest(path: string, method: string, body: unknown, init?: Init): Request {
  const headers = headersFor(init);
  headers.set("Content-Type", "application/json");
  return new Request(new URL(path, ORIGIN), { method, body: JSON.stringify(body), headers });
}

export type Outcome = { status: number; headers: Headers; body: unknown };

// Route handlers' argument types differ per route; what they read is the same.
type Handler = (args: never) => unknown;

/** What data(body, init) makes: React Router answers it with init's status. */
type DataResult = { type: "DataWithResponseInit"; data: unknown; init?: ResponseInit };
const isDataResult = (value: unknown): value is DataResult =>
  (value as { type?: string } | null)?.type === "DataWithResponseInit";

/** Runs a loader or action; a thrown Response (redirect, 401) is an outcome too. */
export async function call(
  handler: Handler,
  request: Request,
  params: Record<string, string> = {},
): Promise<Outcome> {
  let result: unknown;
  try {
    const args = { request, params, context: undefined, url: new URL(request.url), pattern: "" };
    result = await handler(args as never);
  } catch (thrown) {
    // React Router answers a thrown Response or data() with its status, as a returned one.
    if (thrown instanceof Response || isDataResult(thrown)) result = thrown;
    else throw thrown;
  }
  if (result instanceof Response) {
    const text = await result.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: result.status, headers: result.headers, body };
  }
  if (isDataResult(result)) {
    const { data, init } = result;
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), body: data };
  }
  return { status: 200, headers: new Headers(), body: result };
}

/** The "name=value" part of a Set-Cookie header, to send back as Cookie. */
export function cookieFrom(outcome: Outcome): string {
  const setCookie = outcome.headers.get("Set-Cookie");
  if (!setCookie) throw new Error("The response set no cookie");
  return setCookie.split(";")[0]!;
}

/** Conform's per-field errors from a page action's reply. */
export function formErrors(outcome: Outcome): Record<string, string[] | undefined> {
  return ((outcome.body as { result?: { error?: Record<string, string[]> } })?.result?.error ?? {}) as Record<
    string,
    string[] | undefined
  >;
}
