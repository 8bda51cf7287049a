// Route glue for the back-office (/admin and /api/admin). Who may use it is
// decided once per request by the staff gate (staff-gate.server.ts).

/** Never stored by any cache, never indexed. */
export const BACK_OFFICE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
} as const;
