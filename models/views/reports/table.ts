import { toCsv } from "../../back-office/csv";
import { formatMinor } from "../../platform/money";

// A report's table: what the page shows beside its chart, and what its CSV
// export holds, from the same rows (docs/decisions/0074-business-reports.md).
// Cells hold raw values (minor units for money); the page formats them, the
// CSV writes plain numbers a spreadsheet can sum.

/**
 * How a column's values read: `text` as is; `count` a whole number; `money`
 * minor units of the table's currency; `percent` a 0–100 number; `days` and
 * `hours` durations.
 */
export type ColumnFormat = "text" | "count" | "money" | "percent" | "days" | "hours";

export type ReportColumn = { label: string; format: ColumnFormat };

export type ReportCell = string | number | null;

export type ReportTableData = {
  /** Unique on the page: the table's and its chart's ids derive from it. */
  id: string;
  caption: string;
  columns: ReportColumn[];
  rows: ReportCell[][];
  /** A last row of totals, set apart (<tfoot>). */
  totals?: ReportCell[];
  /** The currency of its money columns. */
  currency?: string;
  /** Shown when there are no rows. */
  empty?: string;
};

const numbers = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 1 });

/** A cell as people read it: "₹1,250", "1,024", "42.5%", "3.2 days", "—" for nothing. */
export function formatCell(value: ReportCell, format: ColumnFormat, currency?: string): string {
  if (value === null || value === "") return "—";
  if (typeof value === "string" || format === "text") return String(value);
  switch (format) {
    case "money":
      return formatMinor(value, currency ?? "INR", "auto");
    case "percent":
      return `${numbers.format(value)}%`;
    case "days":
      return `${numbers.format(value)} ${value === 1 ? "day" : "days"}`;
    case "hours":
      return `${numbers.format(value)} h`;
    default:
      return numbers.format(value);
  }
}

/** A cell in the CSV: money in major units with two decimals ("1250.00"), numbers plain, nothing empty. */
function csvValue(value: ReportCell, format: ColumnFormat): string | number {
  if (value === null) return "";
  if (typeof value === "string") return value;
  if (format === "money") return (value / 100).toFixed(2);
  return Number.isInteger(value) ? value : Number(value.toFixed(2));
}

/** A column's CSV header: money columns say their currency ("Received (INR)"). */
const csvHeader = (column: ReportColumn, currency?: string) =>
  column.format === "money" && currency ? `${column.label} (${currency})` : column.label;

/** The header and rows of one table, totals last. */
function tableCsvRows(table: ReportTableData): {
  header: string[];
  rows: Array<Array<string | number>>;
} {
  const rows = table.totals ? [...table.rows, table.totals] : table.rows;
  return {
    header: table.columns.map((column) => csvHeader(column, table.currency)),
    rows: rows.map((row) =>
      row.map((value, index) => csvValue(value, table.columns[index]?.format ?? "text")),
    ),
  };
}

/**
 * A report's CSV file: each table under a line naming it, a blank line
 * between tables (formula-safe: models/back-office/csv.ts).
 */
export function reportCsv(tables: readonly ReportTableData[]): string {
  const lines: Array<Array<string | number>> = [];
  tables.forEach((table, index) => {
    const { header, rows } = tableCsvRows(table);
    if (index > 0) lines.push([]);
    lines.push([table.caption], header, ...rows);
  });
  const [first, ...rest] = lines;
  return toCsv((first ?? []).map(String), rest);
}
