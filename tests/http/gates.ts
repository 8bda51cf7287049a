// Assertions the HTTP gates share.
import { expect } from "vitest";
import type { Visitor } from "./client";
import { patternRegex } from "../harness/policy";
import type { Owned } from "./identities";
import { paramsOf } from "../harness/routes";

/** The headers every HTML document carries (the security baseline). */
export function expectHtmlSecurityHeaders(headers: Headers, where: string) {
  const csp = headers.get("content-security-policy") ?? "";
  expect(csp, `CSP on ${where}`).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(csp, `CSP on ${where}`).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp, `CSP on ${where}`).toMatch(/frame-ancestors 'none'/);
  expect(headers.get("content-security-policy-report-only"), where).toBeNull();
  expect(headers.get("x-content-type-options"), where).toBe("nosniff");
  expect(headers.get("x-frame-options"), where).toBe("DENY");
  // A page whose URL holds a secret token sends no Referer to other sites at all, stricter than the baseline.
  expect(headers.get("referrer-policy"), where).toMatch(/^(strict-origin-when-cross-origin|same-origin)$/);
  expect(headers.get("permissions-policy"), where).toBeTruthy();
  expect(headers.get("x-powered-by"), where).toBeNull();
}

/**
 * A real record's page for a route with parameters, as `who` finds it: the
 * first link matching the pattern on the nearest page above it (the inbox for
 * an inbox item, the client list for a client). Null when there is none.
 */
export async function linkedUrl(
  who: Visitor,
  pattern: string,
  headers: Record<string, string> = {},
): Promise<string | null> {
  const regex = patternRegex(pattern);
  const segments = pattern.split("/");
  for (let n = segments.length - 1; n >= 1; n--) {
    const parent = segments.slice(0, n).join("/") || "/";
    if (parent.includes(":")) continue;
    const response = await who.get(parent, headers);
    const html = await response.text();
    if (!response.ok || !(response.headers.get("content-type") ?? "").startsWith("text/html")) continue;
    const found = [...html.matchAll(/href="([^"#?]+)/g)].map((m) => m[1]!).find((href) => regex.test(href));
    if (found) return found;
  }
  return null;
}

const NOBODYS_ID = "00000000-0000-4000-8000-000000000000";

/** Concrete parameters: A's records where a route takes them, otherwise values that exist for nobody. */
export function paramsFor(pattern: string, owned: Owned): Record<string, string | undefined> {
  const owners: Record<string, Record<string, string | undefined>> = {
    "/project/:id": { id: owned.projectId },
    "/api/projects/:id": { id: owned.projectId },
    "/project/:id/files/:fileId": { id: owned.projectId, fileId: owned.fileId },
    "/api/notifications/:id/mark-read": { id: owned.notificationId },
    "/api/download/:purchaseId": { purchaseId: owned.purchaseId },
    "/download/:purchaseId/file": { purchaseId: owned.purchaseId },
    "/api/cart-item/:id": { id: owned.cartItemId },
  };
  const values: Record<string, string | undefined> = {
    form: "office-visit",
    token: "not-a-real-token",
    kind: "confirm",
    ...owners[pattern],
  };
  for (const param of paramsOf(pattern)) {
    if (values[param.name] === undefined && !param.optional) values[param.name] = NOBODYS_ID;
  }
  return values;
}
