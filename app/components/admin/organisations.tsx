import { Link } from "react-router";
import { ROLE_LABELS } from "~models/identity/roles";
import type { StaffOrganisation } from "~models/back-office/organisations.server";
import { formatDate } from "~/lib/format";

// Client organisations in the back-office (issue #40): each with its members and their roles.

type Organisation = Omit<StaffOrganisation, "createdAt"> & { createdAt: Date | string };

export function OrganisationCard({ organisation }: { organisation: Organisation }) {
  return (
    <article
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5"
      data-testid="organisation-card"
      aria-label={organisation.name}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-display font-semibold">{organisation.name}</h3>
        <span className="text-sm text-text-muted">
          since {formatDate(new Date(organisation.createdAt))} ·{" "}
          {organisation.accountIsPerson
            ? "data held by its first owner's account"
            : "data held by its own account"}
        </span>
      </header>
      <ul className="flex flex-col gap-1 text-sm">
        {organisation.members.map((member) => (
          <li key={member.id} className="flex flex-wrap gap-x-2" data-testid="organisation-member">
            <Link
              to={`/admin/clients/${member.id}`}
              className="font-semibold underline-offset-4 hover:underline"
            >
              {member.username}
            </Link>
            <span className="break-all text-text-muted">{member.email}</span>
            <span>· {ROLE_LABELS[member.role]}</span>
          </li>
        ))}
        {organisation.members.length ? null : <li className="text-text-muted">No members.</li>}
      </ul>
      {organisation.members[0] ? (
        <p className="text-sm">
          {/* Addressed to this organisation even when its first member belongs to others (decision 0085). */}
          <Link
            to={`/admin/proposals/new?${new URLSearchParams({ client: organisation.members[0].email, organisation: organisation.id })}`}
            className="font-semibold underline underline-offset-4"
          >
            Write a proposal<span className="sr-only"> for {organisation.name}</span>
          </Link>
        </p>
      ) : null}
    </article>
  );
}
