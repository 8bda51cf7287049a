// Assertions the quality gates share.
import { expect } from "@playwright/test";
import type { Identity } from "./identities";
import { patternRegex } from "../harness/policy";

/** The headers every HTML document carries (docs/decisions, security baseline). */
export function expectHtmlSecurityHeaders(headers: Record<string, string>, where: string) {
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, `CSP on ${where}`).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(csp, `CSP on ${where}`).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp, `CSP on ${where}`).toMatch(/frame-ancestors 'none'/);
  expect(headers["content-security-policy-report-only"], where).toBeUndefined();
  expect(headers["x-content-type-options"], where).toBe("nosniff");
  expect(headers["x-frame-options"], where).toBe("DENY");
  // A page whose URL holds a secret token sends no Referer at all, stricter than the baseline.
  expect(headers["referrer-policy"], where).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
  expect(headers["permissions-policy"], where).toBeTruthy();
  expect(headers["x-powered-by"], where).toBeUndefined();
}

/**
 * A real record's page for a route with parameters, as `who` finds it: the
 * first link matching the pattern on the nearest page above it (the inbox for
 * an inbox item, the client list for a client). Null when there is none.
 */
export async function linkedUrl(who: Identity, pattern: string): Promise<string | null> {
  const regex = patternRegex(pattern);
  const segments = pattern.split("/");
  for (let n = segments.length - 1; n >= 1; n--) {
    const parent = segments.slice(0, n).join("/") || "/";
    if (parent.includes(":")) continue;
    const response = await who.api.get(parent, { maxRedirects: 0 });
    if (!response.ok() || !(response.headers()["content-type"] ?? "").startsWith("text/html")) continue;
    const links = [...(await response.text()).matchAll(/href="([^"#?]+)/g)].map((m) => m[1]!);
    const found = links.find((href) => regex.test(href));
    if (found) return found;
  }
  return null;
}
