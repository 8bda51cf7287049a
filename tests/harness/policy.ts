// Who may use which route: the access policy the quality gates check every
// discovered route against. A route that is neither listed as public here nor
// in the sitemap counts as protected, so a route added without protection
// fails the gates until someone decides it is public and says so here.
import type { DiscoveredRoute } from "./routes";

export type Access = "public" | "client" | "staff";

/** Routes anyone may use that the sitemap does not list (auth, APIs, links from emails, files). */
export const PUBLIC_ROUTES = new Set([
  "/healthz",
  "/sitemap.xml",
  "/robots.txt",
  "/logout",
  "/login",
  "/signup",
  "/forgot-password",
  "/reset-password/:token",
  // The link in a staff invitation: whoever holds an unused one may set a password (decision 0018).
  "/staff-invite/:token",
  // The link in an invitation to an organisation: whoever holds a pending one may sign up or sign in (decision 0077).
  "/invitations/:token",
  "/newsletter",
  "/newsletter/:kind/:token",
  // Manage account: the link sent to a new email address works signed out; the goodbye page after deletion.
  "/verify-email/:token",
  // The link that confirms a new account's address works signed out too (decision 0053).
  "/confirm-email/:token",
  "/account-deleted",
  "/api/auth/login",
  "/api/auth/signup",
  "/api/contact/:form",
  "/api/newsletter",
  // The chat assistant answers visitors; its page is noindex, so not in the sitemap.
  "/chat",
  "/api/chat",
  "/api/chat/:action",
  "/aizre-query-public",
  // The catalogue: what tokens and plans cost is public, as on /creative-tokens and /solutions.
  "/api/token-packages",
  "/api/subscription-plans",
  // Stripe's webhooks: no session; each request is authenticated by its signature (decision 0036).
  "/api/webhooks/stripe",
]);

/**
 * Routes whose access follows from their prefix, named so that moving one out
 * of it is noticed (tests/http/journeys-calendar.test.ts checks each).
 */
export const DECLARED_ACCESS: Record<string, Access> = {
  // Calendar invites (decision 0050): staff confirm meetings and read the agenda and the outbox's
  // files; a client lists and downloads only their own meetings.
  "/admin/agenda": "staff",
  "/admin/meetings/:source/:id": "staff",
  "/admin/outbox/:id/attachments/:index": "staff",
  "/dashboard2/meetings": "client",
  "/dashboard2/meetings/:id/invite.ics": "client",
};

/** Back-office: staff only; everyone else gets a plain 404, as if it did not exist. */
export const STAFF_PREFIXES = ["/admin", "/api/admin"];

/** A regular expression matching the concrete paths of a route pattern. */
export const patternRegex = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, "\\$&")
      .replace(/\/:\w+\?/g, "(?:/[^/]+)?")
      .replace(/:\w+/g, "[^/]+")}/?$`,
  );

export function accessOf(route: Pick<DiscoveredRoute, "pattern">, sitemapPaths: string[]): Access {
  const { pattern } = route;
  if (STAFF_PREFIXES.some((prefix) => pattern === prefix || pattern.startsWith(`${prefix}/`))) return "staff";
  if (PUBLIC_ROUTES.has(pattern)) return "public";
  const regex = patternRegex(pattern);
  if (sitemapPaths.some((p) => regex.test(p))) return "public";
  return "client";
}

/** Whether a URL pattern is part of the JSON API (answers 401 rather than redirecting to sign-in). */
export const isApi = (pattern: string) => pattern === "/api" || pattern.startsWith("/api/");

/** Paths of a sitemap document. */
export function sitemapPaths(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

const isRedirectToLogin = (status: number, location?: string) =>
  [302, 303].includes(status) && (location ?? "").startsWith("/login");

/**
 * What an anonymous GET of a route must answer, given its access: null when
 * the answer is as designed, otherwise why not.
 */
export function anonymousGetProblem(
  access: Access,
  pattern: string,
  status: number,
  location?: string,
): string | null {
  if (access === "public") return status < 500 ? null : `a public route failed with ${status}`;
  if (access === "staff")
    return status === 404 ? null : `a back-office route answered ${status} instead of 404`;
  if (isApi(pattern))
    return status === 401 || status === 405
      ? null
      : `a protected API route answered ${status} instead of 401`;
  if (isRedirectToLogin(status, location) || status === 401 || status === 404) return null;
  return `a protected route answered ${status}${location ? ` → ${location}` : ""}: it must redirect to /login (or answer 401/404), or be declared public in tests/harness/policy.ts`;
}

/** What an anonymous write to a non-public route must answer: null when refused. */
export function anonymousWriteProblem(status: number, location?: string): string | null {
  if ([401, 403, 404, 405].includes(status) || isRedirectToLogin(status, location)) return null;
  return `an anonymous write was accepted with ${status}`;
}
