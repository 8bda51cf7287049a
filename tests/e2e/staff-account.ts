/**
 * The staff account the end-to-end server starts with: playwright.config.ts
 * creates it with `scripts/create-staff.ts` (the documented command) before the
 * server boots, on the run's fresh data dir.
 */
export const E2E_STAFF = {
  username: "e2e-lead",
  email: "lead@e2e.ascendra.test",
  password: "staff-e2e-secret",
} as const;
