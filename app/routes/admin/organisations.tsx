import { listOrganisations } from "~models/back-office/organisations.server";
import { OrganisationCard } from "~/components/admin/organisations";
import { EmptyState, FilterForm, PageHeader, SearchInput } from "~/components/admin/ui";
import { Pager } from "~/components/pager";
import { listQuery } from "~/lib/admin-list.server";
import { adminMeta } from "~/lib/admin-meta";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/organisations";

// The client organisations (issue #40): who belongs to each, with which role.

export const meta: Route.MetaFunction = () => adminMeta("Organisations");

export async function loader({ request, context }: Route.LoaderArgs) {
  await staffOf({ request, context });
  const query = listQuery(request);
  const q = (query.params.get("q") ?? "").trim().slice(0, 200);
  const { rows, page } = await listOrganisations({ q, page: query.page });
  return { q, organisations: rows, page: { page: page.page, pageCount: page.pageCount, total: page.total } };
}

export default function Organisations({ loaderData }: Route.ComponentProps) {
  const { q, organisations, page } = loaderData;
  return (
    <>
      <PageHeader
        title="Organisations"
        description="Every client organisation with its members and their roles, newest first."
      />
      <FilterForm label="Find an organisation">
        <SearchInput defaultValue={q} placeholder="Organisation, or a member's username or email" />
      </FilterForm>
      {organisations.length ? (
        <div className="grid gap-3 md:grid-cols-2">
          {organisations.map((organisation) => (
            <OrganisationCard key={organisation.id} organisation={organisation} />
          ))}
        </div>
      ) : (
        <EmptyState>No organisations match.</EmptyState>
      )}
      <Pager page={page} noun={["organisation", "organisations"]} label="Organisation pages" />
    </>
  );
}
