import { Link } from "react-router";
import { PROPOSAL_STATUS_LABELS } from "~models/projects/proposal-words";
import { listClientProposals } from "~models/projects/proposals.server";
import { formatDate } from "~/lib/format";
import { memberOf } from "~/lib/membership.server";
import type { Route } from "./+types/proposals";

// The organisation's proposals (decision 0084): every version the studio sent, newest first.

export const meta: Route.MetaFunction = () => [{ title: "Proposals — Ascendra" }];

export async function loader({ request }: Route.LoaderArgs) {
  const member = await memberOf(request);
  return { proposals: await listClientProposals(member.accountId) };
}

export default function Proposals({ loaderData }: Route.ComponentProps) {
  const { proposals } = loaderData;
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-semibold">Proposals</h1>
        <p className="text-text-muted">
          What the studio proposes, to read, sign and start with a deposit. A newer version replaces the one
          before it.
        </p>
      </header>
      {proposals.length ? (
        <ul className="flex flex-col gap-3">
          {proposals.map((p) => (
            <li
              key={p.id}
              className="rounded-2xl border border-border bg-surface p-5"
              data-testid="proposal-card"
            >
              <Link
                to={`/proposals/${p.id}`}
                className="font-display text-lg font-semibold underline-offset-4 hover:underline"
              >
                {p.title}
              </Link>
              <p className="mt-1 text-sm text-text-muted">
                Version {p.version} · {p.totalLabel} · {PROPOSAL_STATUS_LABELS[p.status]}
                {p.sentAt ? ` · sent ${formatDate(p.sentAt)}` : ""} · valid until {p.validUntilLabel}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-2xl border border-border bg-surface p-5 text-text-muted">
          No proposals yet. When the studio answers a quote request with a proposal, it appears here.
        </p>
      )}
    </div>
  );
}
