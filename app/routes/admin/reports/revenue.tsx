import { formatMinor } from "~models/platform/money";
import { readRevenueReport } from "~models/views/reports/money.server";
import { BarChart } from "~/components/reports/bar-chart";
import { ReportTable } from "~/components/reports/report-table";
import { Figures, MoneyHidden, ReportHeading } from "~/components/reports/report-parts";
import { adminMeta } from "~/lib/admin-meta";
import { loadMoneyReport } from "~/lib/money-report.server";
import type { Route } from "./+types/revenue";

// Revenue received and refunded (docs/decisions/0074-business-reports.md).

export const meta: Route.MetaFunction = () => adminMeta("Revenue report");

export function loader(args: Route.LoaderArgs) {
  return loadMoneyReport(args, readRevenueReport);
}

export default function RevenueReport({ loaderData }: Route.ComponentProps) {
  if (!loaderData.allowed) return <MoneyHidden />;
  const { report, label, query } = loaderData;
  const money = (minor: number) => formatMinor(minor, report.currency);
  return (
    <section className="flex flex-col gap-6">
      <ReportHeading
        title={`Revenue, ${label}`}
        description={`Money received from payments that succeeded, and money refunded, in ${report.currency}, by the month it moved (India time). Refunds are shown apart, dated when they were made, and netted only in the Net column. The shop is paid in tokens: its sales are counted below at what the client paid for those tokens, not again as revenue.`}
        csv={`/admin/reports/revenue.csv?${query}`}
      />
      <Figures
        label="Revenue figures"
        figures={[
          { label: "Received", value: money(report.received), hint: `${report.payments} payments` },
          { label: "Refunded", value: money(report.refunded), hint: `${report.refunds} refunds` },
          { label: "Net", value: money(report.net) },
        ]}
      />
      <BarChart
        table={report.byMonth}
        title={`Received and refunded by month, ${report.currency}`}
        description={`Bars for each month of ${label}: money received (green) and refunded (red), in ${report.currency}.`}
        series={[
          { column: 4, colour: "green" },
          { column: 5, colour: "red" },
        ]}
      />
      <ReportTable table={report.byProduct} />
      <BarChart
        table={report.shop}
        title="Tokens spent in the shop by month"
        description={`Bars for each month of ${label}: tokens spent at the shop checkout.`}
        series={[{ column: 2, colour: "purple" }]}
      />
    </section>
  );
}
