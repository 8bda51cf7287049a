import { Link } from "react-router";
import { canSeeMoney } from "~models/back-office/staff";
import { formatMinor } from "~models/platform/money";
import { readMoneyHeadlines } from "~models/views/reports/money.server";
import { parseReportPeriod, periodLabel, periodQuery } from "~models/views/reports/period";
import { Figures, MoneyHidden } from "~/components/reports/report-parts";
import { adminMeta } from "~/lib/admin-meta";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/index";

// The reports' overview (docs/decisions/0074-business-reports.md): the
// headline figures of the money reports for the period, and where to read more.

export const meta: Route.MetaFunction = () => adminMeta("Reports");

const LINKS = [
  { to: "revenue", label: "Revenue", text: "Received and refunded, per product and month.", money: true },
  { to: "recurring", label: "Recurring revenue", text: "MRR, active, new and churned plans.", money: true },
  {
    to: "liability",
    label: "Token liability",
    text: "Paid tokens not yet spent, and what expires soon.",
    money: true,
  },
  { to: "delivery", label: "Delivery", text: "On time or late, and how long projects take.", money: false },
  { to: "pipeline", label: "Pipeline", text: "Projects per status, submissions, conversion.", money: false },
  { to: "assistant", label: "Assistant", text: "Questions answered, declined, handed over.", money: false },
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await staffOf({ request, context });
  const period = parseReportPeriod(new URL(request.url));
  const base = { label: periodLabel(period), query: periodQuery(period), currency: period.currency };
  if (!canSeeMoney(user)) return { ...base, money: null };
  return { ...base, money: await readMoneyHeadlines(period) };
}

export default function ReportsOverview({ loaderData }: Route.ComponentProps) {
  const { money, label, query, currency } = loaderData;
  const format = (minor: number) => formatMinor(minor, currency);
  return (
    <section className="flex flex-col gap-6" aria-labelledby="overview-title">
      <h2 id="overview-title" className="font-display text-xl font-semibold sm:text-2xl">
        {`Overview, ${label}`}
      </h2>
      {money ? (
        <Figures
          label={`Headline figures in ${currency}`}
          figures={[
            {
              label: "Net revenue",
              value: format(money.net),
              hint: `${format(money.received)} received, ${format(money.refunded)} refunded`,
            },
            {
              label: "MRR at the period's end",
              value: format(money.mrr),
              hint: `${money.active} active plans`,
            },
            { label: "Token liability today", value: format(money.liability) },
            { label: "Liability expiring within 30 days", value: format(money.expiring30) },
          ]}
        />
      ) : (
        <MoneyHidden />
      )}
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {LINKS.filter((link) => money || !link.money).map((link) => (
          <li key={link.to}>
            <Link
              to={`/admin/reports/${link.to}?${query}`}
              className="flex h-full flex-col gap-1 rounded-2xl border border-border p-4 hover:border-text-muted"
            >
              <span className="font-semibold">{link.label}</span>
              <span className="text-sm text-text-muted">{link.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
