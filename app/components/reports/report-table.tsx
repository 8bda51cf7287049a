import { formatCell, type ReportTableData } from "~models/views/reports/table";

// A report's table (docs/decisions/0074-business-reports.md): plain HTML with
// a visible caption, numbers right-aligned, a totals row in <tfoot>. It is the
// chart's data, readable without JavaScript or sight of the chart; the CSV
// export holds the same rows.

const head = "px-3 py-2.5 font-semibold";
const body = "px-3 py-2.5 align-top tabular-nums";

export function ReportTable({ table }: { table: ReportTableData }) {
  const numeric = table.columns.map((column) => column.format !== "text");
  const align = (index: number) => (numeric[index] ? "text-right" : "text-left");
  return (
    // Focusable and named, so a wide table scrolls sideways from the keyboard on phones.
    <div
      className="relative min-w-0 overflow-x-auto rounded-2xl border border-border"
      tabIndex={0}
      role="region"
      aria-labelledby={`${table.id}-caption`}
    >
      <table id={`${table.id}-table`} className="w-full border-collapse text-sm">
        <caption id={`${table.id}-caption`} className="px-3 pt-3 text-left text-sm font-semibold">
          {table.caption}
        </caption>
        <thead className="bg-surface text-xs tracking-wide text-text-muted uppercase">
          <tr>
            {table.columns.map((column, index) => (
              <th key={column.label} scope="col" className={`${head} ${align(index)}`}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {table.rows.length === 0 ? (
            <tr>
              <td colSpan={table.columns.length} className={`${body} text-center text-text-muted`}>
                {table.empty ?? "Nothing in this period."}
              </td>
            </tr>
          ) : (
            table.rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((value, index) => {
                  const text = formatCell(value, table.columns[index]?.format ?? "text", table.currency);
                  return index === 0 ? (
                    <th key={index} scope="row" className={`${body} text-left font-medium`}>
                      {text}
                    </th>
                  ) : (
                    <td key={index} className={`${body} ${align(index)}`}>
                      {text}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
        {table.totals ? (
          <tfoot className="border-t-2 border-border font-semibold">
            <tr>
              {table.totals.map((value, index) => {
                const text = formatCell(value, table.columns[index]?.format ?? "text", table.currency);
                return index === 0 ? (
                  <th key={index} scope="row" className={`${body} text-left`}>
                    {text}
                  </th>
                ) : (
                  <td key={index} className={`${body} ${align(index)}`}>
                    {text}
                  </td>
                );
              })}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
