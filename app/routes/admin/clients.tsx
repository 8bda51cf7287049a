import { Link } from "react-router";
import { listClients } from "~models/back-office/clients.server";
import { PagedTable } from "~/components/admin/paged-table";
import { cell, FilterForm, PageHeader, SearchInput } from "~/components/admin/ui";
import { listQuery } from "~/lib/admin-list.server";
import { formatDate } from "~/lib/format";
import { adminMeta } from "~/lib/admin-meta";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/clients";

export const meta: Route.MetaFunction = () => adminMeta("Clients");

export async function loader({ request, context }: Route.LoaderArgs) {
  await staffOf({ request, context });
  const query = listQuery(request);
  const q = (query.params.get("q") ?? "").trim().slice(0, 200);
  const { clients, page } = await listClients(q, query.page);
  return { q, clients, page };
}

export default function Clients({ loaderData }: Route.ComponentProps) {
  const { q, clients, page } = loaderData;
  return (
    <>
      <PageHeader title="Clients" description="Every client account, newest first." />
      <FilterForm label="Find a client">
        <SearchInput defaultValue={q} placeholder="Username, name, email or company" />
      </FilterForm>
      <PagedTable
        rows={clients}
        caption="Clients"
        columns={["Client", "Name", "Company", "Projects", "Signed in on", "Joined"]}
        empty="No clients match."
        page={page}
        noun={["client", "clients"]}
      >
        {(client) => (
          <tr key={client.id} data-testid="client-row">
            <td className={cell}>
              <Link
                to={`/admin/clients/${client.id}`}
                className="font-semibold underline-offset-4 hover:underline"
              >
                {client.username}
              </Link>
              <span className="block text-text-muted">{client.email}</span>
            </td>
            <td className={cell}>
              {`${client.firstName} ${client.lastName}`.trim() || <span className="text-text-muted">—</span>}
            </td>
            <td className={cell}>{client.companyName || <span className="text-text-muted">—</span>}</td>
            <td className={cell}>{client.projectCount}</td>
            <td className={cell}>
              {client.activeSessions} device{client.activeSessions === 1 ? "" : "s"}
            </td>
            <td className={`${cell} whitespace-nowrap text-text-muted`}>{formatDate(client.createdAt)}</td>
          </tr>
        )}
      </PagedTable>
    </>
  );
}
