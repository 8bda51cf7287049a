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

/** The documented command's arguments after the Node binary, for that account. */
export const CREATE_E2E_STAFF = [
  "--import",
  "tsx",
  "scripts/create-staff.ts",
  "--email",
  E2E_STAFF.email,
  "--username",
  E2E_STAFF.username,
  "--password",
  E2E_STAFF.password,
];
