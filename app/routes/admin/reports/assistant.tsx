import { assistantTables } from "~models/views/reports-operations";
import { readAssistantReport } from "~models/views/reports-operations.server";
import { parseReportPeriod, periodLabel, periodQuery } from "~models/views/reports/period";
import { formatCell } from "~models/views/reports/table";
import { BarChart } from "~/components/reports/bar-chart";
import { Figures, ReportHeading } from "~/components/reports/report-parts";
import { adminMeta } from "~/lib/admin-meta";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/assistant";

// Assistant: questions asked, answered, declined, handed to a person, rated,
// and the gaps they left (docs/decisions/0076-operations-reports.md).

export const meta: Route.MetaFunction = () => adminMeta("Assistant report");

export async function loader({ request, context }: Route.LoaderArgs) {
  await staffOf({ request, context });
  const period = parseReportPeriod(new URL(request.url));
  const report = await readAssistantReport(period);
  const [months] = assistantTables(report);
  return {
    label: periodLabel(period),
    query: periodQuery(period),
    months: months!,
    openGaps: report.openGaps,
    resolution: report.resolution,
  };
}

export default function AssistantReport({ loaderData }: Route.ComponentProps) {
  const { label, query, months, openGaps, resolution } = loaderData;
  const cell = (index: number) => formatCell(months.totals?.[index] ?? null, "count");
  const rate =
    resolution.rate === null ? "—" : formatCell(Math.round(resolution.rate * 1000) / 10, "percent");
  return (
    <section className="flex flex-col gap-6">
      <ReportHeading
        title={`Assistant, ${label}`}
        description="Questions visitors asked the chat assistant; answered means a reply from the site's pages or the asker's account, declined an “I don't know”. Ratings are counted when they were given. Gaps are the questions left for staff (declined, or rated unhelpful)."
        csv={`/admin/reports/assistant.csv?${query}`}
      />
      <Figures
        label="Assistant figures"
        figures={[
          { label: "Questions asked", value: cell(1), hint: `${cell(2)} answered, ${cell(3)} declined` },
          { label: "Handed to a person", value: cell(4) },
          { label: "Rated helpful", value: cell(5), hint: `${cell(6)} rated unhelpful` },
          {
            label: "Resolved",
            value: rate,
            hint: `${resolution.resolved} of ${resolution.counted} conversations started in the period; ${resolution.open} still open`,
          },
          {
            label: "Open gaps now",
            value: formatCell(openGaps.rows, "count"),
            hint: `${openGaps.questions} distinct questions in the queue`,
          },
        ]}
      />
      <BarChart
        table={months}
        title="Questions by month: answered and declined"
        description={`Bars for each month of ${label}: questions asked (blue), answered (green) and declined (red).`}
        series={[
          { column: 1, colour: "blue" },
          { column: 2, colour: "green" },
          { column: 3, colour: "red" },
        ]}
      />
    </section>
  );
}
