import { data } from "react-router";
import { canSeeMoney } from "~models/back-office/staff";
import { parseReportPeriod, periodLabel, periodQuery, type ReportPeriod } from "~models/views/reports/period";
import { staffOf } from "~/lib/staff-gate.server";

/**
 * A money report page's loader (docs/decisions/0074, 0075): the period from
 * the URL, and the report only for staff who may see money figures; the
 * others get the period's label and a note instead.
 */
export async function loadMoneyReport<Report>(
  args: Parameters<typeof staffOf>[0],
  read: (period: ReportPeriod) => Promise<Report>,
) {
  const { user } = await staffOf(args);
  const period = parseReportPeriod(new URL(args.request.url));
  const label = periodLabel(period);
  if (!canSeeMoney(user)) return { allowed: false as const, label };
  return { allowed: true as const, label, query: periodQuery(period), report: await read(period) };
}

/** What staff with Studio access read where a page shows or moves money. */
export const MONEY_REFUSED =
  "Payments and refunds are for staff with Full access. Ask a colleague with Full access to change yours on the Staff page.";

/**
 * Payments and refunds (decision 0075): staff with Studio access are refused
 * with a 403 the back-office's error page explains, for pages and posts alike.
 */
export function requireMoneyAccess(user: { role: string; staffAccess: string }): void {
  if (!canSeeMoney(user)) throw data(MONEY_REFUSED, { status: 403, statusText: "Forbidden" });
}
