import { canSeeMoney } from "~models/back-office/staff";
import { exportReport, MONEY_REPORTS, type ExportableReport } from "~models/views/reports/export.server";
import { parseReportPeriod } from "~models/views/reports/period";
import { OPERATIONS_REPORTS } from "~models/views/reports-operations.server";
import { BACK_OFFICE_HEADERS } from "~/lib/admin.server";
import { notFoundResponse } from "~/lib/auth.server";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/export";

// GET /admin/reports/<name>.csv?from=&to=&currency= : a report's tables as a
// spreadsheet, the same figures as its page (docs/decisions/0074). Every
// export is in the audit log; a money report is refused (403) to staff
// without full access (decision 0075).

/** Every report that has an export, by the name in its path. */
const REPORTS: Record<string, { report: ExportableReport; money: boolean }> = Object.fromEntries([
  ...Object.entries(MONEY_REPORTS).map(([name, report]) => [name, { report, money: true }]),
  ...Object.entries(OPERATIONS_REPORTS).map(([name, report]) => [name, { report, money: false }]),
]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, actor } = await staffOf({ request, context });
  const url = new URL(request.url);
  const name = /\/reports\/([a-z]+)\.csv$/.exec(url.pathname)?.[1] ?? "";
  const entry = REPORTS[name];
  if (!entry) throw notFoundResponse();
  if (entry.money && !canSeeMoney(user))
    return new Response("Money reports are for staff with full access.", {
      status: 403,
      headers: { ...BACK_OFFICE_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
    });
  const { csv, filename } = await exportReport(name, entry.report, parseReportPeriod(url), actor);
  return new Response(csv, {
    headers: {
      ...BACK_OFFICE_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
