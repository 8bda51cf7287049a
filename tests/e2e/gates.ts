// Assertions the quality gates share.
import { expect } from "@playwright/test";

/** The headers every HTML document carries (docs/decisions, security baseline). */
export function expectHtmlSecurityHeaders(headers: Record<string, string>, where: string) {
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, `CSP on ${where}`).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(csp, `CSP on ${where}`).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp, `CSP on ${where}`).toMatch(/frame-ancestors 'none'/);
  expect(headers["content-security-policy-report-only"], where).toBeUndefined();
  expect(headers["x-content-type-options"], where).toBe("nosniff");
  expect(headers["x-frame-options"], where).toBe("DENY");
  expect(headers["referrer-policy"], where).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"], where).toBeTruthy();
  expect(headers["x-powered-by"], where).toBeUndefined();
}
