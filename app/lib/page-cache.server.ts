// Cache headers of the anonymous marketing pages; see
// docs/decisions/0009-marketing-page-caching.md.

/** Session cookie names (auth.server.ts): plain http and the https __Host- form. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?ascendra_session=/;

/** Whether a Cookie header carries a session cookie (valid or not: either way, not a shared page). */
export const hasSessionCookieHeader = (cookie: string | null | undefined) => SESSION_COOKIE.test(cookie ?? "");
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
    Vary: "Cookie",
  };
}
