import { recordAudit, type AuditActor } from "../../platform/audit.server";
import { readLiabilityReport, readRecurringReport, readRevenueReport } from "./money.server";
import { periodMonths, type ReportPeriod } from "./period";
import { reportCsv, type ReportTableData } from "./table";

// A report's CSV export (docs/decisions/0074-business-reports.md): the tables
// its page shows, as one file, and an audit entry saying who took which
// figures (decision 0075: money reports only for staff with full access).

/** The money reports: their exports are refused to studio staff. */
export const MONEY_REPORTS = {
  revenue: {
    label: "Revenue report",
    read: async (period: ReportPeriod) => {
      const report = await readRevenueReport(period);
      return [report.byMonth, report.byProduct, report.shop];
    },
  },
  recurring: {
    label: "Recurring revenue report",
    read: async (period: ReportPeriod) => {
      const report = await readRecurringReport(period);
      return [report.byMonth, report.byPlan];
    },
  },
  liability: {
    label: "Token liability report",
    read: async (period: ReportPeriod) => {
      const report = await readLiabilityReport(period);
      return [report.byOrigin, report.byExpiry];
    },
  },
} as const satisfies Record<string, ExportableReport>;

export type ExportableReport = {
  label: string;
  read: (period: ReportPeriod) => Promise<ReportTableData[]>;
};

/** The file of one report for a period, written to the audit log as exported by `actor`. */
export async function exportReport(
  name: string,
  report: ExportableReport,
  period: ReportPeriod,
  actor: AuditActor,
): Promise<{ csv: string; filename: string }> {
  const tables = await report.read(period);
  const { from, to } = periodMonths(period);
  await recordAudit({
    actor,
    action: "report.export",
    target: { type: "report", id: name, label: report.label },
    after: {
      from,
      to,
      currency: period.currency,
      rows: tables.reduce((sum, table) => sum + table.rows.length, 0),
    },
  });
  return { csv: reportCsv(tables), filename: `${name}-${from}-to-${to}-${period.currency}.csv` };
}
