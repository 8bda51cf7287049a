import { renderSignedProposalPdf } from "~models/billing/proposal-pdf.server";
import { signedProposalParts, storedProposalPdf } from "~models/projects/proposals.server";
import { notFoundResponse } from "~/lib/auth.server";
import { memberOf } from "~/lib/membership.server";
import type { Route } from "./+types/pdf";

// /proposals/:id/pdf: the proposal as sent, the very file whose SHA-256 the page shows and a signature
// records; /proposals/:id/signed.pdf: the signed copy with its certificate page (decision 0084).
// The organisation's own only; another's is "not found", like a missing one.

export async function loader({ request, params }: Route.LoaderArgs) {
  const member = await memberOf(request);
  const signed = new URL(request.url).pathname.endsWith("/signed.pdf");
  const viewer = { accountId: member.accountId };
  const headers = { "Cache-Control": "private, no-store", "Content-Type": "application/pdf" };
  if (signed) {
    const parts = await signedProposalParts(params.id, viewer);
    if (!parts) throw notFoundResponse();
    return new Response(renderSignedProposalPdf(parts.document, parts.signature), {
      headers: {
        ...headers,
        "Content-Disposition": `attachment; filename="proposal-${parts.document.id.slice(0, 8)}-v${parts.document.version}-signed.pdf"`,
      },
    });
  }
  const stored = await storedProposalPdf(params.id, viewer);
  if (!stored) throw notFoundResponse();
  return new Response(new Uint8Array(stored.bytes), {
    headers: {
      ...headers,
      "Content-Disposition": `attachment; filename="proposal-${stored.row.id.slice(0, 8)}-v${stored.row.version}.pdf"`,
    },
  });
}
