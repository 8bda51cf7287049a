import { Link, NavLink, Outlet, useLocation } from "react-router";
import {
  parseReportPeriod,
  periodMonths,
  periodPresets,
  periodQuery,
  REPORT_CURRENCIES,
  REPORT_TIME_ZONE,
} from "~models/views/reports/period";
import { inputClass } from "~/components/forms";
import { primarySmallButton } from "~/components/admin/ui";
import { adminMeta } from "~/lib/admin-meta";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/layout";

// The business reports (docs/decisions/0074-business-reports.md): one period
// and currency for all of them, chosen in a GET form whose state is the URL,
// so every report is a link and works without JavaScript. Each report is its
// own page under this layout; its CSV export is the same path with ".csv".

/** The reports, in the order of the tabs; `money` ones are hidden from studio staff (decision 0075). */
export const REPORTS = [
  { label: "Overview", to: "/admin/reports", end: true, money: false },
  { label: "Revenue", to: "/admin/reports/revenue", end: true, money: true },
  { label: "Recurring revenue", to: "/admin/reports/recurring", end: true, money: true },
  { label: "Token liability", to: "/admin/reports/liability", end: true, money: true },
  { label: "Delivery", to: "/admin/reports/delivery", end: true, money: false },
  { label: "Pipeline", to: "/admin/reports/pipeline", end: true, money: false },
  { label: "Assistant", to: "/admin/reports/assistant", end: true, money: false },
] as const;

export const meta: Route.MetaFunction = () => adminMeta("Reports");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await staffOf({ request, context });
  const period = parseReportPeriod(new URL(request.url));
  return {
    moneyAllowed: user.staffAccess === "full",
    ...periodMonths(period),
    currency: period.currency,
    query: periodQuery(period),
    notes: period.notes,
    presets: periodPresets(),
  };
}

export default function ReportsLayout({ loaderData }: Route.ComponentProps) {
  const { from, to, currency, query, notes, presets, moneyAllowed } = loaderData;
  const { pathname } = useLocation();
  // The form and the presets stay on the report being read.
  const here = pathname.replace(/\/$/, "");
  const field = `${inputClass} py-2`;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-2xl font-semibold sm:text-3xl">Reports</h1>
        <p className="text-text-muted">
          Whole months in India time ({REPORT_TIME_ZONE}). Money is shown in one currency at a time, never
          added across currencies.
        </p>
      </header>
      <nav aria-label="Reports" className="-mx-5 overflow-x-auto px-5 lg:mx-0 lg:px-0">
        <ul className="flex gap-2">
          {REPORTS.filter((report) => moneyAllowed || !report.money).map((report) => (
            <li key={report.to}>
              <NavLink
                to={`${report.to}?${query}`}
                end={report.end}
                className={({ isActive }) =>
                  `block rounded-full border px-4 py-2 text-sm font-medium whitespace-nowrap ${isActive ? "border-text bg-text text-canvas" : "border-border text-text-muted hover:text-text"}`
                }
              >
                {report.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <form
        method="get"
        action={here}
        role="search"
        aria-label="Report period"
        className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4"
      >
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            From (month)
            <input type="month" name="from" defaultValue={from} key={`from-${from}`} className={field} />
          </label>
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            To (month)
            <input type="month" name="to" defaultValue={to} key={`to-${to}`} className={field} />
          </label>
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            Currency
            <select name="currency" defaultValue={currency} key={`currency-${currency}`} className={field}>
              {REPORT_CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={primarySmallButton}>
            Show
          </button>
        </div>
        <ul className="flex flex-wrap gap-2 text-sm" aria-label="Quick periods">
          {presets.map((preset) => {
            const current = preset.from === from && preset.to === to;
            return (
              <li key={preset.label}>
                <Link
                  to={`${here}?${new URLSearchParams({ from: preset.from, to: preset.to, currency }).toString()}`}
                  aria-current={current ? "true" : undefined}
                  className={`inline-block rounded-full border px-3 py-1.5 font-medium ${current ? "border-yellow text-yellow" : "border-border text-text-muted hover:text-text"}`}
                >
                  {preset.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </form>
      {notes.length ? (
        <div role="status" className="rounded-2xl border border-yellow/40 bg-yellow/10 p-4 text-sm">
          <ul className="flex flex-col gap-1">
            {notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Outlet />
    </div>
  );
}
