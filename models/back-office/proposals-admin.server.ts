import type { AuditActor } from "../platform/audit.server";
import { renderProposalPdf, renderSignedProposalPdf } from "../billing/proposal-pdf.server";
import { MAX_PROPOSAL_LINES, type ProposalFormValues } from "../projects/proposals";
import {
  previewProposalPdf,
  sendProposal,
  signedProposalParts,
  type SendResult,
} from "../projects/proposals.server";
import { PROPOSAL_SOURCE_TYPES } from "./proposals-admin";
import { getSubmission } from "./inbox.server";

// Staff's side of proposals (decision 0084): a new proposal's form filled from
// the inbox item it answers, sending with billing's PDF, and the PDFs staff
// download (a draft's preview, a sent version, the signed copy).

const inDays = (days: number, now: Date) =>
  new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

const emptyLines = () =>
  Array.from({ length: MAX_PROPOSAL_LINES }, () => ({ description: "", quantity: "", amount: "" }));

/** A blank proposal's starting values: 30 days to sign, 30% deposit, 30 days to deliver, in rupees. */
function blankProposalValues(now = new Date()): ProposalFormValues {
  return {
    client_email: "",
    organisation_id: "",
    title: "",
    scope: "",
    pricing: "money",
    currency: "INR",
    category: "strategy",
    deposit_percent: "30",
    valid_until: inDays(30, now),
    delivery_days: "30",
    lines: emptyLines(),
  };
}

export type ProposalSource = { type: string; id: string; label: string; name: string };

/**
 * A new proposal for an inbox item ("service_quote:<id>"): the client's email, a title and the scope
 * started from what they sent. Null source (or an unknown one): a blank proposal, for `clientEmail` when
 * staff start it from a client's page.
 */
export async function proposalPrefill(
  source: string | null,
  now = new Date(),
  clientEmail: string | null = null,
): Promise<{ source: ProposalSource | null; values: ProposalFormValues }> {
  const values = { ...blankProposalValues(now), client_email: (clientEmail ?? "").trim().slice(0, 200) };
  const [type, id] = (source ?? "").split(":");
  if (!type || !id || !(PROPOSAL_SOURCE_TYPES as readonly string[]).includes(type))
    return { source: null, values };
  const submission = await getSubmission(type, id);
  if (!submission) return { source: null, values };
  const company = submission.fields.find(([label]) => /company|organi[sz]ation/i.test(label))?.[1];
  return {
    source: { type, id, label: submission.typeLabel, name: submission.sender.name },
    values: {
      ...values,
      client_email: submission.sender.email,
      title: `Proposal for ${company || submission.sender.name}`,
      scope:
        `What you asked for (${submission.typeLabel.toLowerCase()}):\n\n` +
        submission.fields
          .filter(([, value]) => value)
          .map(([label, value]) => `- **${label}:** ${value.replace(/\s+/g, " ")}`)
          .join("\n") +
        "\n\n## What we will deliver\n\n",
    },
  };
}

/** Sends a draft with its PDF laid out by billing. */
export function sendProposalAsStaff(id: string, actor: AuditActor & { id: string }): Promise<SendResult> {
  return sendProposal(id, actor, { render: renderProposalPdf });
}

/** A version's PDF for staff: a draft's preview (rendered now), a sent version's stored file, or the signed copy. */
export async function staffProposalPdf(id: string | undefined, signed: boolean): Promise<Uint8Array | null> {
  if (signed) {
    const parts = await signedProposalParts(id, "staff");
    return parts ? renderSignedProposalPdf(parts.document, parts.signature) : null;
  }
  return id ? previewProposalPdf(id, renderProposalPdf) : null;
}
