import { renderInvoicePdf } from "~models/billing/invoice-pdf.server";
import { getAccountInvoice } from "~models/billing/invoices.server";
import { roleRefusal, TAX_INVOICES_ACTION } from "~models/identity/role-messages";
import { can } from "~models/identity/roles";
import { memberOf } from "~/lib/membership.server";
import type { Route } from "./+types/invoice-pdf";

// /dashboard2/billing/invoices/:id/pdf: one of the organisation's tax invoices or
// credit notes (decision 0082), for members who may see billing (others: the role's
// refusal, 403). Another organisation's, or a missing one, is "not found".

const notFound = () =>
  new Response("Invoice not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });

export async function loader({ request, params }: Route.LoaderArgs) {
  const { accountId, role } = await memberOf(request);
  if (!can(role, "billing"))
    throw new Response(roleRefusal(role, "billing", TAX_INVOICES_ACTION), {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const document = await getAccountInvoice(accountId, params.id);
  if (!document) throw notFound();
  return new Response(renderInvoicePdf(document), {
    headers: {
      "Cache-Control": "private, no-store",
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${document.number.replaceAll("/", "-")}.pdf"`,
    },
  });
}
