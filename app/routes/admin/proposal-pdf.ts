import { staffProposalPdf } from "~models/back-office/proposals-admin.server";
import { notFoundResponse } from "~/lib/auth.server";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/proposal-pdf";

// A proposal's PDF for staff (decision 0084): a draft's preview as it would be sent now, a sent version's
// stored file, or (signed.pdf) the signed copy with its certificate page.

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await staffOf({ request, context });
  const signed = new URL(request.url).pathname.endsWith("/signed.pdf");
  const bytes = await staffProposalPdf(params.id, signed);
  if (!bytes) throw notFoundResponse();
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="proposal-${String(params.id).slice(0, 8)}${signed ? "-signed" : ""}.pdf"`,
    },
  });
}
