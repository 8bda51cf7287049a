import { canSeeMoney } from "~models/back-office/staff";
import { renderInvoicePdf } from "~models/billing/invoice-pdf.server";
import { getInvoice } from "~models/billing/invoices.server";
import { BACK_OFFICE_HEADERS } from "~/lib/admin.server";
import { notFoundResponse } from "~/lib/auth.server";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/invoice-pdf";

/** GET /admin/invoices/:id/pdf : any tax invoice or credit note, as issued, for staff with full access. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await staffOf({ request, context });
  if (!canSeeMoney(user))
    return new Response("Tax invoices are for staff with full access.", {
      status: 403,
      headers: { ...BACK_OFFICE_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
    });
  const document = await getInvoice(params.id);
  if (!document) throw notFoundResponse();
  return new Response(renderInvoicePdf(document), {
    headers: {
      ...BACK_OFFICE_HEADERS,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${document.number.replaceAll("/", "-")}.pdf"`,
    },
  });
}
