import { formatMinor } from "~models/platform/money";
import { readLiabilityReport } from "~models/views/reports/money.server";
import { BarChart } from "~/components/reports/bar-chart";
import { ReportTable } from "~/components/reports/report-table";
import { Figures, MoneyHidden, ReportHeading } from "~/components/reports/report-parts";
import { adminMeta } from "~/lib/admin-meta";
import { formatDateTime } from "~/lib/format";
import { loadMoneyReport } from "~/lib/money-report.server";
import type { Route } from "./+types/liability";

// Token liability (docs/decisions/0074-business-reports.md): as of now, whatever the period.

export const meta: Route.MetaFunction = () => adminMeta("Token liability report");

export function loader(args: Route.LoaderArgs) {
  return loadMoneyReport(args, readLiabilityReport);
}

export default function LiabilityReport({ loaderData }: Route.ComponentProps) {
  if (!loaderData.allowed) return <MoneyHidden />;
  const { report, query } = loaderData;
  const money = (minor: number) => formatMinor(minor, report.currency);
  return (
    <section className="flex flex-col gap-6">
      <ReportHeading
        title="Token liability"
        description={`Work the agency owes: tokens clients paid for and have neither spent nor lost to expiry, valued at what they paid for them (a lot's price × tokens left ÷ tokens in the lot), in ${report.currency}, and gift cards sold but not yet redeemed. Free tokens (referral rewards, staff grants) carry no liability value. Measured now (${formatDateTime(new Date(report.asOf))}); the period does not change it.`}
        csv={`/admin/reports/liability.csv?${query}`}
      />
      <Figures
        label="Token liability figures"
        figures={[
          { label: "Liability", value: money(report.value) },
          { label: "Paid tokens outstanding", value: report.tokens.toLocaleString("en-IN") },
          { label: "Expiring within 30 days", value: money(report.value30) },
          {
            label: "Free tokens outstanding",
            value: report.freeTokens.toLocaleString("en-IN"),
            hint: "No liability value",
          },
        ]}
      />
      <ReportTable table={report.byOrigin} />
      <BarChart
        table={report.byExpiry}
        title={`Value of paid tokens by month of expiry, ${report.currency}`}
        description={`Bars for the next 12 months: the value in ${report.currency} of paid tokens that expire in each month if they are not spent.`}
        series={[{ column: 2, colour: "yellow" }]}
      />
    </section>
  );
}
