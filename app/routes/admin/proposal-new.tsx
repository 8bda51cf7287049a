import { data, Link, redirect } from "react-router";
import { parseProposalForm } from "~models/projects/proposals";
import { clientOrganisations, createProposalDraft } from "~models/projects/proposals.server";
import { proposalPrefill } from "~models/back-office/proposals-admin.server";
import { ProposalForm } from "~/components/admin/proposal-form";
import { PageHeader } from "~/components/admin/ui";
import { adminMeta } from "~/lib/admin-meta";
import { requireForm } from "~/lib/body/form.server";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/proposal-new";

// A new proposal (decision 0084): blank, or for an inbox item (?source=service_quote:<id>), its
// client's email and what they asked for filled in. Saved as a draft; sending is the next step.

export const meta: Route.MetaFunction = () => adminMeta("New proposal");

export async function loader({ request, context }: Route.LoaderArgs) {
  await staffOf({ request, context });
  const params = new URL(request.url).searchParams;
  const prefill = await proposalPrefill(params.get("source"), new Date(), params.get("client"));
  const organisations = await clientOrganisations(prefill.values.client_email);
  const organisation = params.get("organisation") ?? "";
  return {
    ...prefill,
    values: organisations.some((o) => o.id === organisation)
      ? { ...prefill.values, organisation_id: organisation }
      : prefill.values,
    organisations,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await staffOf({ request, context });
  const formData = await requireForm(request);
  const parsed = parseProposalForm(formData);
  if (!parsed.ok)
    return data(
      {
        values: parsed.values,
        errors: parsed.errors,
        organisations: await clientOrganisations(parsed.values.client_email),
      },
      { status: 400 },
    );
  const { source } = await proposalPrefill(String(formData.get("source") ?? "") || null);
  const saved = await createProposalDraft(parsed.value, actor, source);
  if (!saved.ok)
    return data(
      {
        values: parsed.values,
        errors: { [saved.field ?? "client_email"]: saved.message },
        organisations: await clientOrganisations(parsed.values.client_email),
      },
      { status: saved.status },
    );
  throw redirect(`/admin/proposals/${saved.proposal.id}?done=saved`, 303);
}

export default function NewProposal({ loaderData, actionData }: Route.ComponentProps) {
  const { source } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <Link
        to="/admin/proposals"
        className="self-start text-sm font-semibold text-text-muted hover:text-text"
      >
        ← Proposals
      </Link>
      <PageHeader
        title="New proposal"
        description={
          source ? (
            <>
              Answering the {source.label.toLowerCase()} from {source.name} (
              <Link to={`/admin/inbox/${source.type}/${source.id}`} className="underline">
                open it
              </Link>
              ).
            </>
          ) : (
            "For a client account. It is saved as a draft: you preview it before sending."
          )
        }
      />
      <ProposalForm
        values={values}
        errors={actionData?.errors ?? {}}
        intent="create"
        submitLabel="Save the draft"
        hidden={source ? { source: `${source.type}:${source.id}` } : {}}
        organisations={actionData?.organisations ?? loaderData.organisations}
      />
    </div>
  );
}
