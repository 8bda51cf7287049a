import { Link } from "react-router";
import {
  AUDIT_ACTIONS,
  AUDIT_ACTOR_ROLES,
  AUDIT_TARGET_TYPES,
  auditActionLabel,
} from "~models/platform/audit";
import { listAuditActors, listAuditLog, type AuditFilter } from "~models/platform/audit.server";
import { isUuid } from "~models/platform/ids";
import { PagedTable } from "~/components/admin/paged-table";
import { cell, FilterForm, JsonBlock, PageHeader, SearchInput, SelectFilter } from "~/components/admin/ui";
import { inputClass } from "~/components/forms";
import { listQuery } from "~/lib/admin-list.server";
import { formatDateTime } from "~/lib/format";
import { adminMeta } from "~/lib/admin-meta";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = () => adminMeta("Audit log");

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) =>
  value && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : "";

/** ?action=&actor=&target_type=&target_id=&q=&from=&until= ; dates are whole UTC days, "until" included. */
function parseFilter(params: URLSearchParams) {
  const action = params.get("action") ?? "";
  const actor = params.get("actor") ?? "";
  const targetType = params.get("target_type") ?? "";
  const role = params.get("role") ?? "";
  const form = {
    action: action in AUDIT_ACTIONS ? action : "",
    actor: isUuid(actor) ? actor : "",
    role: (AUDIT_ACTOR_ROLES as readonly string[]).includes(role) ? role : "",
    targetType: (AUDIT_TARGET_TYPES as readonly string[]).includes(targetType) ? targetType : "",
    targetId: (params.get("target_id") ?? "").trim().slice(0, 200),
    q: (params.get("q") ?? "").trim().slice(0, 200),
    from: day(params.get("from")),
    until: day(params.get("until")),
  };
  const filter: AuditFilter = {
    action: form.action || undefined,
    actorId: form.actor || undefined,
    actorRole: form.role || undefined,
    targetType: form.targetType || undefined,
    targetId: form.targetId || undefined,
    q: form.q || undefined,
    from: form.from ? new Date(`${form.from}T00:00:00Z`) : undefined,
    until: form.until ? new Date(Date.parse(`${form.until}T00:00:00Z`) + 24 * 60 * 60 * 1000) : undefined,
  };
  return { form, filter };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await staffOf({ request, context });
  const query = listQuery(request);
  const { form, filter } = parseFilter(query.params);
  const [{ entries, page }, actors] = await Promise.all([
    listAuditLog(filter, query.page),
    listAuditActors(),
  ]);
  return { form, entries, page, actors };
}

/** Where an entry's target lives in the back-office, when it has a page. */
function targetHref(type: string, id: string): string | null {
  if (type === "project" && isUuid(id)) return `/admin/projects/${id}`;
  if (type === "user" && isUuid(id)) return `/admin/clients/${id}`;
  if (type === "email" && isUuid(id)) return `/admin/outbox/${id}`;
  if (type === "shop_item") return `/admin/catalog/items/${id}`;
  if (type === "token_package") return `/admin/catalog/packages/${id}`;
  if (type === "subscription_plan") return `/admin/catalog/plans/${id}`;
  if (type === "submission") {
    const [kind, submissionId] = id.split(":");
    if (kind && isUuid(submissionId)) return `/admin/inbox/${kind}/${submissionId}`;
  }
  return null;
}

/** A token movement at a glance: the amount and the balance before and after. */
function TokenMovement({ before, after }: { before: unknown; after: unknown }) {
  const from = (before as { balance?: number } | null)?.balance;
  const to = after as { balance?: number; amount?: number } | null;
  if (from === undefined || to?.balance === undefined) return null;
  return (
    <p className="mb-1 whitespace-nowrap" data-testid="token-movement">
      <span className="font-semibold">{(to.amount ?? 0) > 0 ? `+${to.amount}` : to.amount}</span> · balance{" "}
      {from} → {to.balance}
    </p>
  );
}

const DATE_FILTERS = [
  { name: "from", label: "From" },
  { name: "until", label: "Until" },
] as const;

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { form, entries, page, actors } = loaderData;
  // Each list starts with the choice that does not filter.
  const selects = [
    {
      name: "action",
      label: "Action",
      value: form.action,
      any: "Any action",
      options: Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label })),
    },
    {
      name: "actor",
      label: "Who",
      value: form.actor,
      any: "Anyone",
      options: actors.map((a) => ({ value: a.id, label: a.label || a.id })),
    },
    {
      name: "role",
      label: "Acting as",
      value: form.role,
      any: "Any role",
      options: [
        { value: "staff", label: "Staff" },
        { value: "client", label: "Client" },
        { value: "system", label: "System" },
      ],
    },
    {
      name: "target_type",
      label: "About",
      value: form.targetType,
      any: "Anything",
      options: AUDIT_TARGET_TYPES.map((t) => ({ value: t, label: t.replace("_", " ") })),
    },
  ];
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every staff action and every token movement, newest first. Entries can be added, never changed or deleted."
      />
      <FilterForm label="Filter the audit log">
        {selects.map(({ any, options, ...select }) => (
          <SelectFilter key={select.name} {...select} options={[{ value: "", label: any }, ...options]} />
        ))}
        {DATE_FILTERS.map(({ name, label }) => (
          <label key={name} className="flex flex-col gap-1.5 text-sm font-medium">
            {label}
            <input type="date" name={name} defaultValue={form[name]} className={`${inputClass} py-2`} />
          </label>
        ))}
        {form.targetId ? <input type="hidden" name="target_id" value={form.targetId} /> : null}
        <SearchInput defaultValue={form.q} placeholder="Name, email, title or reason" />
      </FilterForm>
      <PagedTable
        rows={entries}
        caption="Audit log"
        columns={["When", "Who", "What", "About", "Details"]}
        empty="No entries match."
        page={page}
        noun={["entry", "entries"]}
      >
        {(entry) => {
          const href = targetHref(entry.targetType, entry.targetId);
          return (
            <tr key={entry.id} data-testid="audit-row">
              <td className={`${cell} whitespace-nowrap text-text-muted`}>
                {formatDateTime(entry.createdAt)}
              </td>
              <td className={cell}>
                {entry.actorLabel || entry.actorRole}
                {entry.actorRole !== "staff" ? (
                  <span className="block text-xs text-text-muted">{entry.actorRole}</span>
                ) : null}
                {entry.actorIp ? (
                  <span className="block text-xs text-text-muted">{entry.actorIp}</span>
                ) : null}
              </td>
              <td className={cell}>{auditActionLabel(entry.action)}</td>
              <td className={`${cell} break-words`}>
                <span className="text-xs text-text-muted uppercase">
                  {entry.targetType.replace("_", " ")}
                </span>{" "}
                {href ? (
                  <Link to={href} className="underline-offset-4 hover:underline">
                    {entry.targetLabel || entry.targetId}
                  </Link>
                ) : (
                  entry.targetLabel || entry.targetId
                )}
                {entry.reason ? <span className="block text-text-muted">Reason: {entry.reason}</span> : null}
              </td>
              <td className={cell}>
                {entry.action.startsWith("tokens.") ? (
                  <TokenMovement before={entry.before} after={entry.after} />
                ) : null}
                {entry.before || entry.after ? (
                  <details>
                    <summary className="cursor-pointer text-sm font-semibold">Before / after</summary>
                    <div className="mt-2 grid max-w-xl gap-2">
                      <JsonBlock label="Before" value={entry.before} />
                      <JsonBlock label="After" value={entry.after} />
                    </div>
                  </details>
                ) : null}
              </td>
            </tr>
          );
        }}
      </PagedTable>
    </>
  );
}
