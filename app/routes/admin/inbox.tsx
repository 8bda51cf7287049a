import { Link } from "react-router";
import {
  INBOX_MESSAGES,
  INBOX_STATUSES,
  inboxFilterParams,
  parseInboxFilter,
} from "~models/back-office/inbox";
import { listInbox } from "~models/back-office/inbox.server";
import { INBOX_TYPE_OPTIONS } from "~models/back-office/inbox-sources.server";
import { PagedTable } from "~/components/admin/paged-table";
import {
  Badge,
  cell,
  FilterForm,
  PageHeader,
  SearchInput,
  SelectFilter,
  smallButton,
} from "~/components/admin/ui";
import { listQuery } from "~/lib/admin-list.server";
import { formatDateTime } from "~/lib/format";
import { adminMeta } from "~/lib/admin-meta";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/inbox";

export const meta: Route.MetaFunction = () => adminMeta("Inbox");

export async function loader({ request, context }: Route.LoaderArgs) {
  await staffOf({ request, context });
  const query = listQuery(request);
  const filter = parseInboxFilter(
    query.params,
    INBOX_TYPE_OPTIONS.map((t) => t.value),
  );
  const { items, page } = await listInbox(filter, query.page);
  return {
    filter,
    items,
    page,
    types: INBOX_TYPE_OPTIONS,
    exportQuery: inboxFilterParams(filter).toString(),
  };
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { filter, items, page, types, exportQuery } = loaderData;
  return (
    <>
      <PageHeader title="Inbox" description="Everything visitors send, waiting first.">
        <a
          href={`/admin/inbox/export.csv${exportQuery ? `?${exportQuery}` : ""}`}
          className={smallButton}
          download
        >
          Export CSV
        </a>
      </PageHeader>
      <FilterForm label="Filter the inbox">
        <SelectFilter
          name="type"
          label="Type"
          value={filter.type ?? ""}
          options={[{ value: "", label: "All types" }, ...types]}
        />
        <SelectFilter name="status" label="Status" value={filter.status} options={INBOX_STATUSES} />
        <SearchInput defaultValue={filter.q} placeholder="Name, email or text" />
      </FilterForm>
      <PagedTable
        rows={items}
        caption="Submissions"
        columns={["From", "Type", "About", "Status", "Received"]}
        empty={INBOX_MESSAGES.empty}
        page={page}
        noun={["submission", "submissions"]}
      >
        {(item) => (
          <tr
            key={`${item.type}:${item.id}`}
            data-testid="inbox-row"
            className={item.handled ? "" : "bg-surface/60"}
          >
            <td className={cell}>
              <Link
                to={`/admin/inbox/${item.type}/${item.id}`}
                className="font-semibold underline-offset-4 hover:underline"
              >
                {item.name || item.email}
              </Link>
              <span className="block text-text-muted">{item.email}</span>
            </td>
            <td className={`${cell} whitespace-nowrap`}>{item.typeLabel}</td>
            <td className={`${cell} max-w-md break-words text-text-muted`}>{item.summary}</td>
            <td className={cell}>
              {item.handled ? <Badge tone="success">Handled</Badge> : <Badge tone="warning">Waiting</Badge>}
            </td>
            <td className={`${cell} whitespace-nowrap text-text-muted`}>{formatDateTime(item.createdAt)}</td>
          </tr>
        )}
      </PagedTable>
    </>
  );
}
