import { canSeeMoney } from "~models/back-office/staff";
import { toCsv } from "~models/back-office/csv";
import { exportInvoices } from "~models/billing/invoices.server";
import { BACK_OFFICE_HEADERS } from "~/lib/admin.server";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/invoices-export";

/** GET /admin/invoices.csv?year=2026-27 : a financial year's invoices and credit notes for the accountant, audited. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, actor } = await staffOf({ request, context });
  if (!canSeeMoney(user))
    return new Response("Tax invoices are for staff with full access.", {
      status: 403,
      headers: { ...BACK_OFFICE_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
    });
  const asked = new URL(request.url).searchParams.get("year") ?? "";
  const year = /^\d{4}-\d{2}$/.test(asked) ? asked : null;
  const { header, rows } = await exportInvoices(year, actor);
  return new Response(toCsv(header, rows), {
    headers: {
      ...BACK_OFFICE_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="tax-invoices-${year ?? "all"}.csv"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
