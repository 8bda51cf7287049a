import { getCheckoutReceipt } from "~models/billing/completed-checkout.server";
import { RECEIPT_CSP, renderCheckoutReceiptHtml } from "~models/billing/receipts.server";
import { getSiteShell } from "~models/content/site-content.server";
import { memberOf } from "~/lib/membership.server";
import { refusalFor, refusedResponse } from "~/lib/member-summary.server";
import type { Route } from "./+types/checkout-receipt";

// /manageaccount/checkouts/:id/receipt: a shop checkout's receipt (paid in
// tokens), printable, linked from the order page. Another client's is "not found".

export async function loader({ request, params }: Route.LoaderArgs) {
  const member = await memberOf(request);
  const refused = refusalFor(member, "billing", "see receipts");
  if (refused) return refusedResponse(refused);
  const order = await getCheckoutReceipt(member.accountId, params.id);
  if (!order)
    throw new Response("Receipt not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const { site } = await getSiteShell();
  const html = renderCheckoutReceiptHtml(order, {
    seller: { name: site.name, addressLines: [...site.office.lines], email: site.emails.support },
    buyer: { name: member.organisation.name, email: member.person.email },
  });
  return new Response(html, {
    headers: {
      "Cache-Control": "private, no-store",
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": RECEIPT_CSP,
    },
  });
}
