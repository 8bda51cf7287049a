import { pipelineTables } from "~models/views/reports-operations";
import { readPipelineReport } from "~models/views/reports-operations.server";
import { parseReportPeriod, periodLabel, periodQuery } from "~models/views/reports/period";
import { formatCell } from "~models/views/reports/table";
import { BarChart } from "~/components/reports/bar-chart";
import { Figures, ReportHeading } from "~/components/reports/report-parts";
import { adminMeta } from "~/lib/admin-meta";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/pipeline";

// Pipeline: projects per status, the public forms' submissions per week, and
// quote requests that became projects (docs/decisions/0076-operations-reports.md).

export const meta: Route.MetaFunction = () => adminMeta("Pipeline report");

export async function loader({ request, context }: Route.LoaderArgs) {
  await staffOf({ request, context });
  const period = parseReportPeriod(new URL(request.url));
  const [statuses, submissions, conversion] = pipelineTables(await readPipelineReport(period));
  return {
    label: periodLabel(period),
    query: periodQuery(period),
    statuses: statuses!,
    submissions: submissions!,
    conversion: conversion!,
  };
}

export default function PipelineReport({ loaderData }: Route.ComponentProps) {
  const { label, query, statuses, submissions, conversion } = loaderData;
  const all = submissions.columns.length - 1;
  const figure = (totals: typeof statuses.totals, index: number, format: "count" | "percent" = "count") =>
    formatCell(totals?.[index] ?? null, format);
  return (
    <section className="flex flex-col gap-6">
      <ReportHeading
        title={`Pipeline, ${label}`}
        description="Projects per status as they stand now (and those submitted in the period), what arrived through each public form each week, and the quote requests whose sender (signed in, or an account with the request's email) submitted a project within 30 days."
        csv={`/admin/reports/pipeline.csv?${query}`}
      />
      <Figures
        label="Pipeline figures"
        figures={[
          {
            label: "Projects now",
            value: figure(statuses.totals, 1),
            hint: `${figure(statuses.totals, 2)} submitted in the period`,
          },
          { label: "Form submissions", value: figure(submissions.totals, all) },
          { label: "Quote requests", value: figure(conversion.totals, 1) },
          {
            label: "Became a project",
            value: figure(conversion.totals, 3, "percent"),
            hint: `${figure(conversion.totals, 2)} requests; ${figure(conversion.totals, 4)} still within 30 days`,
          },
        ]}
      />
      <BarChart
        table={statuses}
        title="Projects per status"
        description="Bars for each status: the projects in it now (green) and those of them submitted in the period (blue)."
        series={[
          { column: 1, colour: "green" },
          { column: 2, colour: "blue" },
        ]}
      />
      <BarChart
        table={submissions}
        kind="line"
        title="Submissions per week, all forms"
        description={`A line over the weeks of ${label}: submissions on every public form together.`}
        series={[{ column: all, colour: "yellow" }]}
      />
      <BarChart
        table={conversion}
        title="Quote requests and those that became a project"
        description={`Bars for each month of ${label}: quote requests (blue) and those that became a project within 30 days (green).`}
        series={[
          { column: 1, colour: "blue" },
          { column: 2, colour: "green" },
        ]}
      />
    </section>
  );
}
