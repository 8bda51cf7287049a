import { CURRENCIES } from "../../schema/values";

// The reports' period and currency (docs/decisions/0074-business-reports.md):
// whole calendar months in the agency's time zone, chosen in the URL
// (?from=YYYY-MM&to=YYYY-MM&currency=INR), so every report is a link that can
// be shared and works without JavaScript. Pure: the same on the server, in
// the CSV export and in tests.

/** Months start and end at midnight here (India has no daylight saving: always +05:30). */
export const REPORT_TIME_ZONE = "Asia/Kolkata";
const OFFSET = "+05:30";
const OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The longest period a report covers. */
export const MAX_REPORT_MONTHS = 36;
/** The default period: this many complete months, ending last month. */
const DEFAULT_MONTHS = 12;
/** The agency's own currency, the default. */
const DEFAULT_REPORT_CURRENCY = "INR";

export type ReportCurrency = (typeof CURRENCIES)[number];
/** The currencies the catalogue sells in: money is never summed across them. */
export const REPORT_CURRENCIES: readonly ReportCurrency[] = CURRENCIES;

export type ReportPeriod = {
  /** The first month's first instant (midnight, agency time). */
  from: Date;
  /** Exclusive: the first instant after the last month. */
  to: Date;
  /** "YYYY-MM" for each month, oldest first. */
  months: string[];
  currency: ReportCurrency;
  /** What was asked for but could not be used, said on the page. */
  notes: string[];
};

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month ("YYYY-MM") an instant falls in, agency time. */
export function monthOf(instant: Date): string {
  return new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 7);
}

/** The month `count` months after `month` (negative: before). */
export function addMonths(month: string, count: number): string {
  const [year, mon] = month.split("-").map(Number) as [number, number];
  const index = year * 12 + (mon - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** Midnight at the start of `month`, agency time. */
export function monthStart(month: string): Date {
  return new Date(`${month}-01T00:00:00${OFFSET}`);
}

function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= to; month = addMonths(month, 1)) months.push(month);
  return months;
}

/** "Nov 2026". */
export function monthLabel(month: string): string {
  return new Date(`${month}-15T00:00:00Z`).toLocaleDateString("en-GB", {
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}

function validMonth(value: string | null): string | null {
  if (!value) return null;
  const match = MONTH.exec(value.trim());
  if (!match) return null;
  const year = Number(match[1]);
  return year >= 2000 && year <= 2100 ? value.trim() : null;
}

function build(from: string, to: string, currency: ReportCurrency, notes: string[]): ReportPeriod {
  return {
    from: monthStart(from),
    to: monthStart(addMonths(to, 1)),
    months: monthsBetween(from, to),
    currency,
    notes,
  };
}

/**
 * The period and currency of a report URL. Missing values take the defaults
 * (the last 12 complete months, rupees); a wrong or out-of-range value takes
 * them too, with a note saying so: a report never fails on its query string.
 * The last month may be the current one (its figures are so far), never later.
 */
export function parseReportPeriod(url: URL | string, now = new Date()): ReportPeriod {
  const params = (typeof url === "string" ? new URL(url, "http://localhost") : url).searchParams;
  const notes: string[] = [];
  const current = monthOf(now);
  const lastComplete = addMonths(current, -1);

  const rawCurrency = params.get("currency")?.trim().toUpperCase() ?? "";
  let currency = DEFAULT_REPORT_CURRENCY as ReportCurrency;
  if (rawCurrency) {
    if ((REPORT_CURRENCIES as readonly string[]).includes(rawCurrency))
      currency = rawCurrency as ReportCurrency;
    else notes.push(`“${rawCurrency.slice(0, 12)}” is not a currency we sell in; showing ${currency}.`);
  }

  const rawFrom = params.get("from");
  const rawTo = params.get("to");
  let to = validMonth(rawTo);
  let from = validMonth(rawFrom);
  if (rawTo && !to) notes.push("The end month was not a month (YYYY-MM); showing the default period.");
  if (rawFrom && !from) notes.push("The start month was not a month (YYYY-MM); showing the default period.");
  if ((rawTo && !to) || (rawFrom && !from)) {
    return build(addMonths(lastComplete, 1 - DEFAULT_MONTHS), lastComplete, currency, notes);
  }
  if (to && to > current) {
    notes.push(`The period cannot end after ${monthLabel(current)}; it ends there.`);
    to = current;
  }
  to ??= from && from > lastComplete ? current : lastComplete;
  from ??= addMonths(to, 1 - DEFAULT_MONTHS);
  if (from > to) {
    notes.push("The start month was after the end month; showing the default period.");
    return build(addMonths(lastComplete, 1 - DEFAULT_MONTHS), lastComplete, currency, notes);
  }
  if (monthsBetween(from, to).length > MAX_REPORT_MONTHS) {
    from = addMonths(to, 1 - MAX_REPORT_MONTHS);
    notes.push(`A report covers at most ${MAX_REPORT_MONTHS} months; it starts in ${monthLabel(from)}.`);
  }
  return build(from, to, currency, notes);
}

/** The first and last month of a period, "YYYY-MM". */
export const periodMonths = (period: ReportPeriod) => ({
  from: period.months[0]!,
  to: period.months[period.months.length - 1]!,
});

/** The query string of a period and currency, for links and the CSV export ("from=…&to=…&currency=…"). */
export function periodQuery(period: ReportPeriod): string {
  const { from, to } = periodMonths(period);
  return new URLSearchParams({ from, to, currency: period.currency }).toString();
}

/** "Dec 2025 – Nov 2026", or "Nov 2026" for one month. */
export function periodLabel(period: ReportPeriod): string {
  const { from, to } = periodMonths(period);
  return from === to ? monthLabel(from) : `${monthLabel(from)} – ${monthLabel(to)}`;
}

export type PeriodPreset = { label: string; from: string; to: string };

/** The form's shortcuts: last month, the last complete calendar quarter, the last 12 months. */
export function periodPresets(now = new Date()): PeriodPreset[] {
  const last = addMonths(monthOf(now), -1);
  const [, mon] = monthOf(now).split("-").map(Number) as [number, number];
  // The quarter before the one `now` is in.
  const quarterEnd = addMonths(monthOf(now), -(((mon - 1) % 3) + 1));
  return [
    { label: "Last month", from: last, to: last },
    { label: "Last quarter", from: addMonths(quarterEnd, -2), to: quarterEnd },
    { label: "Last 12 months", from: addMonths(last, 1 - DEFAULT_MONTHS), to: last },
  ];
}
