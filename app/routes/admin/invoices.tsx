import { Link } from "react-router";
import { invoiceDate, REGIME_LABELS, type TaxRegime } from "~models/billing/invoices";
import { invoiceYears, listInvoices } from "~models/billing/invoices.server";
import { formatMinor } from "~models/platform/money";
import { PagedTable } from "~/components/admin/paged-table";
import { cell, FilterForm, PageHeader, SelectFilter, smallButton } from "~/components/admin/ui";
import { listQuery } from "~/lib/admin-list.server";
import { adminMeta } from "~/lib/admin-meta";
import { requireMoneyAccess } from "~/lib/money-report.server";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/invoices";

// Tax invoices and credit notes for staff (decision 0082): a financial year's,
// by series and number, each as its PDF, and the year as a CSV for the
// accountant. Money figures: staff with full access only (decision 0075).

export const meta: Route.MetaFunction = () => adminMeta("Tax invoices");

const YEAR = /^\d{4}-\d{2}$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireMoneyAccess((await staffOf({ request, context })).user);
  const { params, page: requested } = listQuery(request);
  const asked = params.get("year") ?? "";
  const year = YEAR.test(asked) ? asked : null;
  const [years, { rows, page }] = await Promise.all([invoiceYears(), listInvoices(year, requested)]);
  return {
    year: year ?? "",
    years,
    page,
    rows: rows.map((row) => ({
      id: row.id,
      number: row.number,
      kind: row.kind,
      buyer: row.buyer,
      issuedOn: invoiceDate(row.issuedAt, "short"),
      regime: REGIME_LABELS[row.regime as TaxRegime],
      total: formatMinor(row.totalMinor, row.currency, "cents"),
      tax: formatMinor(row.taxMinor, row.currency, "cents"),
      inr: formatMinor(row.inrTotalMinor, "INR", "cents"),
    })),
  };
}

export default function Invoices({ loaderData }: Route.ComponentProps) {
  const { rows, page, year, years } = loaderData;
  const csv = `/admin/invoices.csv${year ? `?year=${year}` : ""}`;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Tax invoices"
        description="Invoices and credit notes as issued, numbered per financial year (April to March). Issued documents never change."
      >
        <a href={csv} className={smallButton} download>
          Export CSV{year ? ` (${year})` : ""}
        </a>
        <Link to="/admin/settings/invoicing" className={smallButton}>
          Invoicing settings
        </Link>
      </PageHeader>
      <FilterForm label="Filter tax invoices">
        <SelectFilter
          name="year"
          label="Financial year"
          value={year}
          options={[{ value: "", label: "All years" }, ...years.map((y) => ({ value: y, label: y }))]}
        />
      </FilterForm>
      <PagedTable
        rows={rows}
        caption="Tax invoices and credit notes"
        columns={["Number", "Date", "Buyer", "Supply", "Tax", "Total", "Total (INR)", "PDF"]}
        empty="No tax invoices issued in this year."
        page={page}
        noun={["document", "documents"]}
      >
        {(row) => (
          <tr key={row.id} data-testid="admin-tax-invoice">
            <td className={cell}>
              <span className="font-semibold">{row.number}</span>
              {row.kind === "credit_note" ? (
                <span className="block text-xs text-text-muted">Credit note</span>
              ) : null}
            </td>
            <td className={cell}>{row.issuedOn}</td>
            <td className={cell}>{row.buyer}</td>
            <td className={cell}>{row.regime}</td>
            <td className={cell}>{row.tax}</td>
            <td className={cell}>{row.total}</td>
            <td className={cell}>{row.inr}</td>
            <td className={cell}>
              <a
                href={`/admin/invoices/${row.id}/pdf`}
                className="font-semibold underline underline-offset-4"
                download
              >
                PDF<span className="sr-only"> of {row.number}</span>
              </a>
            </td>
          </tr>
        )}
      </PagedTable>
    </div>
  );
}
