// Refuses writes that a browser sent on behalf of another site (CSRF), for
// every page action and API route alike. Session cookies are SameSite=Lax as
// well; this is the second lock, and it also covers Bearer-token-less API
// calls a hostile page could make with the visitor's cookies. server.js
// applies it to every request, in development and production, before the app
// runs (403: JSON under /api/, plain text elsewhere); nothing else checks.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type WriteSource = {
  method: string;
  /** The request's own origin (scheme + host it arrived on). */
  requestOrigin: string;
  /** The Origin header, if any. */
  origin: string | null;
  /** The Sec-Fetch-Site header, if any. */
  fetchSite: string | null;
  /** PUBLIC_URL, when the site is reached through another address. */
  publicUrl?: string;
};

/**
 * Whether to refuse this request: an unsafe method whose Origin is another
 * site (or "null"), or, when a browser sent no Origin, whose Sec-Fetch-Site
 * says it came from another site. Clients that are not browsers send
 * neither header and are let through (they authenticate with API tokens).
 */
export function isCrossSiteWrite({
  method,
  requestOrigin,
  origin,
  fetchSite,
  publicUrl,
}: WriteSource): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (origin !== null) {
    if (origin === "null") return true;
    const allowed = [requestOrigin, publicUrl].filter(Boolean).map((url) => new URL(url!).origin);
    try {
      return !allowed.includes(new URL(origin).origin);
    } catch {
      return true;
    }
  }
  return fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none";
}

/**
 * Posts another site makes by design, authenticated by their own signature:
 * Razorpay's hosted checkout posts its signed answer to our callback
 * (docs/decisions/0080). Nothing else is let through.
 */
export const SIGNED_CROSS_SITE_POSTS = /^\/pay\/razorpay\/[0-9a-f-]{36}\/callback$/;

export const CROSS_ORIGIN_MESSAGE = "Cross-site requests are not accepted.";
