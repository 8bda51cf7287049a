import { formatMinor } from "~models/platform/money";
import { readRecurringReport } from "~models/views/reports/money.server";
import { BarChart } from "~/components/reports/bar-chart";
import { ReportTable } from "~/components/reports/report-table";
import { Figures, MoneyHidden, ReportHeading } from "~/components/reports/report-parts";
import { adminMeta } from "~/lib/admin-meta";
import { loadMoneyReport } from "~/lib/money-report.server";
import type { Route } from "./+types/recurring";

// Monthly recurring revenue (docs/decisions/0074-business-reports.md).

export const meta: Route.MetaFunction = () => adminMeta("Recurring revenue report");

export function loader(args: Route.LoaderArgs) {
  return loadMoneyReport(args, readRecurringReport);
}

export default function RecurringReport({ loaderData }: Route.ComponentProps) {
  if (!loaderData.allowed) return <MoneyHidden />;
  const { report, label, query } = loaderData;
  return (
    <section className="flex flex-col gap-6">
      <ReportHeading
        title={`Recurring revenue, ${label}`}
        description={`Monthly recurring revenue (MRR): for every plan active at a month's end, its last monthly charge in ${report.currency} (a yearly charge would count a twelfth). A plan cancelled to end with its period stays active until that end. New: plans started in the month; Switched plan: a client moving to another plan (not churn); Churned: plans that ended, cancelled or unpaid.`}
        csv={`/admin/reports/recurring.csv?${query}`}
      />
      <Figures
        label="Recurring revenue figures"
        figures={[
          { label: "MRR at the period's end", value: formatMinor(report.mrr, report.currency) },
          { label: "Active plans", value: String(report.active) },
          { label: "New plans", value: String(report.started) },
          { label: "Churned plans", value: String(report.churned) },
        ]}
      />
      <BarChart
        table={report.byMonth}
        title={`MRR at each month's end, ${report.currency}`}
        description={`A line over the months of ${label}: monthly recurring revenue in ${report.currency} at each month's end.`}
        series={[{ column: 2, colour: "purple" }]}
        kind="line"
      />
      <ReportTable table={report.byPlan} />
    </section>
  );
}
