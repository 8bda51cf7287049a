import { getReceipt } from "~models/views/account-billing.server";
import {
  RECEIPT_CSP,
  renderReceiptHtml,
  renderReceiptPdf,
  type ReceiptParties,
} from "~models/billing/receipts.server";
import { getSiteShell } from "~models/content/site-content.server";
import { memberOf } from "~/lib/membership.server";
import { refusalFor, refusedResponse } from "~/lib/member-summary.server";
import type { Route } from "./+types/receipt";

// /manageaccount/receipts/:id (printable HTML) and /manageaccount/receipts/:id/pdf.
// Another client's receipt is "not found", like a missing one.

export async function loader({ request, params }: Route.LoaderArgs) {
  const member = await memberOf(request);
  const refused = refusalFor(member, "billing", "see receipts");
  if (refused) return refusedResponse(refused);
  const receipt =
    params.format === undefined || params.format === "pdf"
      ? await getReceipt(member.accountId, params.id)
      : null;
  if (!receipt)
    throw new Response("Receipt not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const { site } = await getSiteShell();
  const parties: ReceiptParties = {
    seller: { name: site.name, addressLines: [...site.office.lines], email: site.emails.support },
    buyer: { name: member.organisation.name, email: member.person.email },
  };
  // X-Content-Type-Options comes with every response (server.js): not repeated here.
  const headers = { "Cache-Control": "private, no-store" };
  if (params.format === "pdf") {
    return new Response(renderReceiptPdf(receipt, parties), {
      headers: {
        ...headers,
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="receipt-${receipt.number.replace(/[^A-Za-z0-9-]/g, "")}.pdf"`,
      },
    });
  }
  return new Response(renderReceiptHtml(receipt, parties, `/manageaccount/receipts/${receipt.id}/pdf`), {
    headers: {
      ...headers,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": RECEIPT_CSP,
    },
  });
}
