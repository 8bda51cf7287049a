import { data, Form, Link, redirect } from "react-router";
import {
  parseProposalForm,
  PROPOSAL_MESSAGES,
  PROPOSAL_STATUS_LABELS,
  PROPOSAL_STATUS_TONES,
  proposalFormValues,
} from "~models/projects/proposals";
import {
  clientOrganisations,
  getStaffProposal,
  reviseProposal,
  updateProposalDraft,
} from "~models/projects/proposals.server";
import { sendProposalAsStaff } from "~models/back-office/proposals-admin.server";
import { ProposalForm } from "~/components/admin/proposal-form";
import { ActionMessage, Badge, cell, DataTable, PageHeader, smallButton } from "~/components/admin/ui";
import { ConfirmStep } from "~/components/projects/confirm-step";
import { ProposalBody } from "~/components/proposals/proposal-body";
import { notFoundResponse } from "~/lib/auth.server";
import { adminMeta } from "~/lib/admin-meta";
import { requireForm } from "~/lib/body/form.server";
import { formIntent } from "~/lib/form-intent";
import { formatDateTime } from "~/lib/format";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/proposal";

// One proposal version for staff (decision 0084): edit it while it is a draft,
// preview it as the client will see it, send it (confirmed), write its next
// version, and read the signature's evidence and the deposit.

export const meta: Route.MetaFunction = ({ data }) => adminMeta(data?.proposal.title ?? "Proposal");

const NOTICES: Record<string, string> = {
  saved: PROPOSAL_MESSAGES.saved,
  sent: "Proposal sent. The client has an email and a notification.",
  revised: "A new version was started from this one. Edit it, then send it: it replaces the one before.",
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await staffOf({ request, context });
  const proposal = await getStaffProposal(params.id);
  if (!proposal) throw notFoundResponse();
  const url = new URL(request.url);
  return {
    proposal,
    values: proposalFormValues(proposal),
    organisations: proposal.status === "draft" ? await clientOrganisations(proposal.clientEmail) : [],
    notice: NOTICES[url.searchParams.get("done") ?? ""] ?? null,
    confirm: url.searchParams.get("confirm"),
  };
}

const INTENTS = ["save", "send", "revise"] as const;

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await staffOf({ request, context });
  const formData = await requireForm(request);
  const intent = formIntent(formData, INTENTS);
  const id = params.id;
  if (intent === "save") {
    const parsed = parseProposalForm(formData);
    if (!parsed.ok)
      return data(
        {
          values: parsed.values,
          errors: parsed.errors,
          message: null,
          organisations: await clientOrganisations(parsed.values.client_email),
        },
        { status: 400 },
      );
    const saved = await updateProposalDraft(id, parsed.value, actor);
    if (!saved.ok) {
      if (saved.status === 404) throw notFoundResponse();
      const errors = saved.field ? { [saved.field]: saved.message } : {};
      return data(
        {
          values: parsed.values,
          errors,
          message: saved.field ? null : saved.message,
          organisations: await clientOrganisations(parsed.values.client_email),
        },
        { status: saved.status },
      );
    }
    throw redirect(`/admin/proposals/${id}?done=saved`, 303);
  }
  if (intent === "send") {
    const sent = await sendProposalAsStaff(id, actor);
    if (!sent.ok) {
      if (sent.status === 404) throw notFoundResponse();
      return data({ values: null, errors: {}, message: sent.message }, { status: sent.status });
    }
    throw redirect(`/admin/proposals/${id}?done=sent`, 303);
  }
  if (intent === "revise") {
    const revised = await reviseProposal(id, actor);
    if (!revised.ok) {
      if (revised.status === 404) throw notFoundResponse();
      return data({ values: null, errors: {}, message: revised.message }, { status: revised.status });
    }
    throw redirect(`/admin/proposals/${revised.proposal.id}?done=revised`, 303);
  }
  return data({ values: null, errors: {}, message: "Unknown action." }, { status: 400 });
}

export default function StaffProposal({ loaderData, actionData }: Route.ComponentProps) {
  const { proposal, notice, confirm } = loaderData;
  const draft = proposal.status === "draft";
  const revisable = ["sent", "declined"].includes(proposal.status);
  return (
    <div className="flex max-w-5xl flex-col gap-8">
      <Link
        to="/admin/proposals"
        className="self-start text-sm font-semibold text-text-muted hover:text-text"
      >
        ← Proposals
      </Link>
      <PageHeader
        title={proposal.title}
        description={
          <>
            Version {proposal.version} for {proposal.clientName} ({proposal.clientEmail}) ·{" "}
            <Badge tone={PROPOSAL_STATUS_TONES[proposal.displayStatus]}>
              {PROPOSAL_STATUS_LABELS[proposal.displayStatus]}
            </Badge>
            {proposal.sourceType && proposal.sourceId ? (
              <>
                {" "}
                ·{" "}
                <Link to={`/admin/inbox/${proposal.sourceType}/${proposal.sourceId}`} className="underline">
                  the inbox item it answers
                </Link>
              </>
            ) : null}
          </>
        }
      >
        <a href={`/admin/proposals/${proposal.id}/pdf`} className={smallButton} download>
          {draft ? "Preview the PDF" : "The PDF as sent"}
        </a>
        {proposal.signedAt ? (
          <a
            href={`/admin/proposals/${proposal.id}/signed.pdf`}
            className={smallButton}
            download
            data-testid="staff-signed-pdf"
          >
            Signed PDF
          </a>
        ) : null}
        {proposal.projectId ? (
          <Link to={`/admin/projects/${proposal.projectId}`} className={smallButton}>
            The project
          </Link>
        ) : null}
        {revisable ? (
          <Form method="post">
            <button type="submit" name="intent" value="revise" className={smallButton}>
              Write a new version
            </button>
          </Form>
        ) : null}
      </PageHeader>
      <ActionMessage message={notice ?? undefined} tone="success" />
      <ActionMessage message={actionData?.message ?? undefined} tone="error" />

      {draft ? (
        <section
          aria-labelledby="send-title"
          className="flex flex-col gap-3 rounded-2xl border border-yellow/40 p-5"
        >
          <h2 id="send-title" className="font-display text-lg font-semibold">
            Send it
          </h2>
          <p className="text-sm text-text-muted">
            Read the preview below first. Once sent, this version is fixed: its PDF is stored and its SHA-256
            is what the client signs. {proposal.version > 1 ? "Sending it replaces the version before." : ""}
          </p>
          <div className="self-start">
            <ConfirmStep
              open={confirm === "send"}
              copy={{
                step: "send",
                button: "Send to the client",
                heading: `Send “${proposal.title}” to ${proposal.clientEmail}?`,
                consequence:
                  "The client gets an email and a notification, and can sign it until its validity date. This version can no longer be edited.",
                confirm: "Send the proposal",
              }}
            />
          </div>
        </section>
      ) : null}

      {proposal.signedAt ? (
        <section aria-labelledby="evidence-title" className="flex flex-col gap-3">
          <h2 id="evidence-title" className="font-display text-lg font-semibold">
            Signature
          </h2>
          <dl className="grid gap-x-6 gap-y-2 rounded-2xl border border-border bg-surface p-5 text-sm sm:grid-cols-[14rem_1fr]">
            <dt className="text-text-muted">Signed by</dt>
            <dd data-testid="staff-signer">
              {proposal.signerName} ({proposal.signerEmail})
            </dd>
            <dt className="text-text-muted">When</dt>
            <dd>{formatDateTime(proposal.signedAt)}</dd>
            <dt className="text-text-muted">IP address</dt>
            <dd>{proposal.signerIp}</dd>
            <dt className="text-text-muted">Browser</dt>
            <dd className="break-words">{proposal.signerUserAgent}</dd>
            <dt className="text-text-muted">SHA-256 of the PDF signed</dt>
            <dd className="font-mono text-xs break-all">{proposal.signedSha256}</dd>
            <dt className="text-text-muted">Deposit</dt>
            <dd>
              {proposal.paidAt ? `Paid ${formatDateTime(proposal.paidAt)}` : "Due"}
              {proposal.depositPaymentId ? (
                <>
                  {" "}
                  ·{" "}
                  <Link to={`/admin/payments/${proposal.depositPaymentId}`} className="underline">
                    the payment
                  </Link>
                </>
              ) : null}
              . The balance is invoiced on delivery.
            </dd>
          </dl>
        </section>
      ) : null}

      {proposal.declineReason ? (
        <section aria-labelledby="declined-title" className="rounded-2xl border border-red/40 p-5">
          <h2 id="declined-title" className="font-display text-lg font-semibold">
            Declined {proposal.declinedAt ? formatDateTime(proposal.declinedAt) : ""}
          </h2>
          <p className="mt-2 whitespace-pre-wrap">{proposal.declineReason}</p>
        </section>
      ) : null}

      <section aria-labelledby="preview-title" className="flex flex-col gap-4">
        <h2 id="preview-title" className="font-display text-lg font-semibold">
          As the client sees it
        </h2>
        <ProposalBody proposal={proposal.preview} />
      </section>

      {draft ? (
        <section aria-labelledby="edit-title" className="flex flex-col gap-3">
          <h2 id="edit-title" className="font-display text-lg font-semibold">
            Edit the draft
          </h2>
          <ProposalForm
            values={actionData?.values ?? loaderData.values}
            errors={actionData?.errors ?? {}}
            intent="save"
            submitLabel="Save the draft"
            organisations={
              actionData && "organisations" in actionData
                ? actionData.organisations
                : loaderData.organisations
            }
          />
        </section>
      ) : null}

      <section aria-labelledby="versions-title" className="flex flex-col gap-3">
        <h2 id="versions-title" className="font-display text-lg font-semibold">
          Versions
        </h2>
        <DataTable caption="Versions" columns={["Version", "Status", "Total", "Sent"]}>
          {proposal.versions.map((v) => (
            <tr key={v.id}>
              <td className={cell}>
                {v.id === proposal.id ? (
                  <span className="font-semibold">Version {v.version} (this one)</span>
                ) : (
                  <Link to={`/admin/proposals/${v.id}`} className="underline">
                    Version {v.version}
                  </Link>
                )}
              </td>
              <td className={cell}>
                <Badge tone={PROPOSAL_STATUS_TONES[v.status]}>{PROPOSAL_STATUS_LABELS[v.status]}</Badge>
              </td>
              <td className={cell}>{v.totalLabel}</td>
              <td className={cell}>{v.sentAt ? formatDateTime(v.sentAt) : "—"}</td>
            </tr>
          ))}
        </DataTable>
      </section>
    </div>
  );
}
