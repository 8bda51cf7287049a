import { Link } from "react-router";
import {
  PROPOSAL_STATUS_LABELS,
  PROPOSAL_STATUS_TONES,
  PROPOSAL_STATUSES,
  type ProposalStatus,
} from "~models/projects/proposals";
import { listStaffProposals } from "~models/projects/proposals.server";
import {
  Badge,
  cell,
  DataTable,
  EmptyState,
  FilterForm,
  PageHeader,
  primarySmallButton,
  SelectFilter,
} from "~/components/admin/ui";
import { adminMeta } from "~/lib/admin-meta";
import { formatDateTime } from "~/lib/format";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/proposals";

// Proposals for staff (decision 0084): every version, most recently changed first, by status.

export const meta: Route.MetaFunction = () => adminMeta("Proposals");

export async function loader({ request, context }: Route.LoaderArgs) {
  await staffOf({ request, context });
  const status = new URL(request.url).searchParams.get("status") ?? "";
  const known = (PROPOSAL_STATUSES as readonly string[]).includes(status)
    ? (status as ProposalStatus)
    : undefined;
  return { status: known ?? "", proposals: await listStaffProposals({ status: known }) };
}

export default function Proposals({ loaderData }: Route.ComponentProps) {
  const { proposals, status } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Proposals" description="Drafts, sent versions and what clients did with them.">
        <Link to="/admin/proposals/new" className={primarySmallButton}>
          New proposal
        </Link>
      </PageHeader>
      <FilterForm label="Filter proposals">
        <SelectFilter
          name="status"
          label="Status"
          value={status}
          options={[
            { value: "", label: "All" },
            ...PROPOSAL_STATUSES.map((s) => ({ value: s, label: PROPOSAL_STATUS_LABELS[s] })),
          ]}
        />
      </FilterForm>
      {proposals.length ? (
        <DataTable
          caption="Proposals"
          columns={["Proposal", "Client", "Total", "Status", "Valid until", "Changed"]}
        >
          {proposals.map((p) => (
            <tr key={p.id} data-testid="staff-proposal-row">
              <td className={cell}>
                <Link to={`/admin/proposals/${p.id}`} className="font-semibold underline underline-offset-4">
                  {p.title}
                </Link>{" "}
                <span className="text-text-muted">v{p.version}</span>
              </td>
              <td className={cell}>{p.clientEmail}</td>
              <td className={cell}>{p.totalLabel}</td>
              <td className={cell}>
                <Badge tone={PROPOSAL_STATUS_TONES[p.status]}>{PROPOSAL_STATUS_LABELS[p.status]}</Badge>
              </td>
              <td className={cell}>{p.validUntilLabel}</td>
              <td className={cell}>{formatDateTime(p.updatedAt)}</td>
            </tr>
          ))}
        </DataTable>
      ) : (
        <EmptyState>No proposals match. Write one from an inbox item or with “New proposal”.</EmptyState>
      )}
    </div>
  );
}
