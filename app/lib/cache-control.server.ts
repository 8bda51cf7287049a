// Cache headers of the anonymous marketing pages; see
// docs/decisions/0009-marketing-page-caching.md.

/** Session cookie names (auth.server.ts): plain http and the https __Host- form. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?ascendra_session=/;

/** Whether a Cookie header carries a session cookie (valid or not: either way, not a shared page). */
export const hasSessionCookieHeader = (cookie: string | null | undefined) =>
  SESSION_COOKIE.test(cookie ?? "");
export const hasSessionCookie = (request: Request) => hasSessionCookieHeader(request.headers.get("Cookie"));

/** Anonymous pages: browsers keep them 5 minutes, shared caches an hour, then serve stale while they refresh. */
export const PUBLIC_PAGE_CACHE = "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400";
/** Anything a signed-in visitor sees (the navbar names them): never stored. */
export const PRIVATE_PAGE_CACHE = "private, no-store";

/** Headers for a marketing page's loader: public without a session cookie, private with one. */
export function marketingCacheHeaders(request: Request): HeadersInit {
  return {
    "Cache-Control": hasSessionCookie(request) ? PRIVATE_PAGE_CACHE : PUBLIC_PAGE_CACHE,
    // The same URL is a different page with a session cookie.
    Vary: "Cookie, Authorization",
  };
}

// Private by default (docs/decisions/0030-private-caching-and-odd-input.md):
// every response to a request that carried a session cookie or an API token,
// or whose handling read one (or a secret token in its URL), is marked
// `private, no-store` by the root middleware, whatever the route said. Only an
// anonymous request may keep the public caching its route chose.

/** The Vary of every page and API answer that depends on who asks. */
const PRIVATE_VARY = ["Cookie", "Authorization"];

const privateRequests = new WeakSet<Request>();

/** Marks a request whose answer depends on who asks (a session or token was read) or holds a secret. */
export function markPrivate(request: Request): void {
  privateRequests.add(request);
}

/** Whether the request carries credentials: a session cookie or an Authorization header. */
const hasCredentials = (request: Request) =>
  hasSessionCookie(request) || request.headers.has("Authorization");

const isPublic = (cacheControl: string | null) => /(^|,)\s*public\s*(,|$)/i.test(cacheControl ?? "");

/**
 * The response with the private default applied: a credentialed request is
 * never cached publicly; an anonymous request that read the session keeps a
 * public Cache-Control its route set on purpose, and is `no-store` otherwise.
 */
export function withPrivateCaching(request: Request, response: Response): Response {
  const credentialed = hasCredentials(request);
  if (!credentialed && !privateRequests.has(request)) return response;
  if (!credentialed && isPublic(response.headers.get("Cache-Control"))) return response;
  let headers = response.headers;
  try {
    headers.set("Cache-Control", PRIVATE_PAGE_CACHE);
  } catch {
    // Immutable headers (Response.redirect, a fetched response): answer with a copy.
    response = new Response(response.body, response);
    headers = response.headers;
    headers.set("Cache-Control", PRIVATE_PAGE_CACHE);
  }
  const vary = new Set(
    (headers.get("Vary") ?? "")
      .split(",")
      .map((v) => v.trim())
      .filter(Boolean),
  );
  for (const name of PRIVATE_VARY) vary.add(name);
  headers.set("Vary", [...vary].join(", "));
  return response;
}
