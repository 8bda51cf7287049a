import { deliveryTables } from "~models/views/reports-operations";
import { readDeliveryReport } from "~models/views/reports-operations.server";
import { parseReportPeriod, periodLabel, periodQuery } from "~models/views/reports/period";
import { BarChart } from "~/components/reports/bar-chart";
import { ReportTable } from "~/components/reports/report-table";
import { Figures, ReportHeading } from "~/components/reports/report-parts";
import { formatCell } from "~models/views/reports/table";
import { adminMeta } from "~/lib/admin-meta";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/delivery";

// Delivery: on time or late by the delivery clock, how long projects take, and
// how long they wait on their clients (docs/decisions/0076-operations-reports.md).

export const meta: Route.MetaFunction = () => adminMeta("Delivery report");

export async function loader({ request, context }: Route.LoaderArgs) {
  await staffOf({ request, context });
  const period = parseReportPeriod(new URL(request.url));
  const report = await readDeliveryReport(period);
  const [months, waits, late] = deliveryTables(report);
  return {
    label: periodLabel(period),
    query: periodQuery(period),
    months: months!,
    waits: waits!,
    late: late!,
  };
}

export default function DeliveryReport({ loaderData }: Route.ComponentProps) {
  const { label, query, months, waits, late } = loaderData;
  const total = months.totals ?? [];
  const cell = (index: number) => formatCell(total[index] ?? null, months.columns[index]?.format ?? "count");
  return (
    <section className="flex flex-col gap-6">
      <ReportHeading
        title={`Delivery, ${label}`}
        description="Projects delivered in the period (the client approved or staff completed them), on time when delivered by the due date of the delivery clock, which moves with every day the project waited on its client. Acceptance is when the clock started; time waiting on clients is every pause of the clock, counted in the month it fell in."
        csv={`/admin/reports/delivery.csv?${query}`}
      />
      <Figures
        label="Delivery figures"
        figures={[
          {
            label: "Delivered",
            value: cell(1),
            hint: `${cell(2)} on time, ${cell(3)} late, ${cell(4)} no fixed date`,
          },
          { label: "On time", value: cell(5), hint: "of the deliveries with a promised date" },
          { label: "Submission to delivery", value: cell(6), hint: `acceptance after ${cell(9)} on average` },
          { label: "Waiting on clients", value: cell(10), hint: "in the period, all projects" },
        ]}
      />
      <BarChart
        table={months}
        title="Deliveries by month: on time, late and without a date"
        description={`Bars for each month of ${label}: projects delivered on time (green), late (red) and on a flexible timeline (blue).`}
        series={[
          { column: 2, colour: "green" },
          { column: 3, colour: "red" },
          { column: 4, colour: "blue" },
        ]}
      />
      <ReportTable table={waits} />
      <ReportTable table={late} />
    </section>
  );
}
