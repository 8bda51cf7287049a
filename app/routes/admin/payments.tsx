import { Form, Link } from "react-router";
import { type Currency } from "~models/billing/payments";
import { formatMinor } from "~models/platform/money";
import { listPaymentsPage } from "~models/back-office/payments.server";
import { integerParam } from "~models/platform/integers";
import { PagedTable } from "~/components/admin/paged-table";
import { cell, PageHeader } from "~/components/admin/ui";
import { listQuery } from "~/lib/admin-list.server";
import { adminMeta } from "~/lib/admin-meta";
import { formatDateTime } from "~/lib/format";
import { requireMoneyAccess } from "~/lib/money-report.server";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/payments";

// Payments for staff: the newest, or one found by its receipt number; each links to its refund page.

export const meta: Route.MetaFunction = () => adminMeta("Payments");

export async function loader({ request, context }: Route.LoaderArgs) {
  requireMoneyAccess((await staffOf({ request, context })).user);
  const { params, page: requested } = listQuery(request);
  const receipt = integerParam(params.get("receipt")?.replace(/^#/, ""));
  const { rows, page } = await listPaymentsPage(receipt, requested);
  return { receipt: receipt === null ? "" : String(receipt), rows, page };
}

export default function Payments({ loaderData }: Route.ComponentProps) {
  const { rows, receipt, page } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Payments" description="Successful payments, newest first. Open one to refund it." />
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm">
          Receipt number
          <input
            name="receipt"
            defaultValue={receipt}
            inputMode="numeric"
            className="rounded-xl border border-border bg-canvas px-3 py-2"
          />
        </label>
        <button type="submit" className="rounded-full border border-border px-4 py-2 text-sm font-semibold">
          Find
        </button>
      </Form>
      <PagedTable
        rows={rows}
        caption="Payments"
        columns={["Receipt", "Client", "What", "Amount", "Refunded", "Paid"]}
        empty="No payments found."
        page={page}
        noun={["payment", "payments"]}
      >
        {(row) => (
          <tr key={row.id}>
            <td className={cell}>
              <Link to={`/admin/payments/${row.id}`} className="font-semibold underline underline-offset-4">
                #{row.number}
              </Link>
            </td>
            <td className={cell}>{row.email ?? "—"}</td>
            <td className={cell}>{row.description}</td>
            <td className={cell}>{formatMinor(row.amountMinor, row.currency as Currency)}</td>
            <td className={cell}>
              {row.refundedMinor ? formatMinor(row.refundedMinor, row.currency as Currency) : "—"}
            </td>
            <td className={cell}>{row.completedAt ? formatDateTime(row.completedAt) : "—"}</td>
          </tr>
        )}
      </PagedTable>
    </div>
  );
}
