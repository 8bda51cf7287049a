import { Link } from "react-router";
import { listClients } from "~models/back-office/clients.server";
import { pageNumber } from "~models/platform/pagination";
import {
  cell,
  DataTable,
  EmptyState,
  FilterForm,
  PageHeader,
  Pagination,
  SearchInput,
} from "~/components/admin/ui";
import { requireStaff } from "~/lib/auth.server";
import { formatDate } from "~/lib/format";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/clients";

export const meta: Route.MetaFunction = () => adminMeta("Clients");

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const { clients, page } = await listClients(q, pageNumber(params.get("page")));
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
      {clients.length ? (
        <DataTable
          caption="Clients"
          columns={["Client", "Name", "Company", "Projects", "Signed in on", "Joined"]}
        >
          {clients.map((client) => (
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
                {`${client.firstName} ${client.lastName}`.trim() || (
                  <span className="text-text-muted">—</span>
                )}
              </td>
              <td className={cell}>{client.companyName || <span className="text-text-muted">—</span>}</td>
              <td className={cell}>{client.projectCount}</td>
              <td className={cell}>
                {client.activeSessions} device{client.activeSessions === 1 ? "" : "s"}
              </td>
              <td className={`${cell} whitespace-nowrap text-text-muted`}>{formatDate(client.createdAt)}</td>
            </tr>
          ))}
        </DataTable>
      ) : (
        <EmptyState>No clients match.</EmptyState>
      )}
      <Pagination
        page={page.page}
        pageCount={page.pageCount}
        total={page.total}
        noun={["client", "clients"]}
      />
    </>
  );
}
