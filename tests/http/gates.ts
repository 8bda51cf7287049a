// Assertions the HTTP gates share.
import { expect } from "vitest";

/** The headers every HTML document carries (the security baseline). */
export function expectHtmlSecurityHeaders(headers: Headers, where: string) {
  const csp = headers.get("content-security-policy") ?? "";
  expect(csp, `CSP on ${where}`).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(csp, `CSP on ${where}`).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp, `CSP on ${where}`).toMatch(/frame-ancestors 'none'/);
  expect(headers.get("content-security-policy-report-only"), where).toBeNull();
  expect(headers.get("x-content-type-options"), where).toBe("nosniff");
  expect(headers.get("x-frame-options"), where).toBe("DENY");
  expect(headers.get("referrer-policy"), where).toBe("strict-origin-when-cross-origin");
  expect(headers.get("permissions-policy"), where).toBeTruthy();
  expect(headers.get("x-powered-by"), where).toBeNull();
}
