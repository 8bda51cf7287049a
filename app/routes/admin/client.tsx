import { data, Form, Link } from "react-router";
import { z } from "zod";
import { AUDIT_ACTIONS } from "~models/audit";
import { getClient, revokeClientApiTokens, revokeClientSessions } from "~models/back-office/clients.server";
import { ActionMessage, AuditTrail, Badge, cell, DataTable, PageHeader, smallButton } from "~/components/admin/ui";
import { StatusBadge } from "~/components/projects/status-badge";
import { requireStaffActor } from "~/lib/admin.server";
import { notFoundResponse, requireStaff } from "~/lib/auth.server";
import { formatDate, formatDateTime } from "~/lib/format";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/client";

export const meta: Route.MetaFunction = ({ data }) => adminMeta(data?.client.username ?? "Client");

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const detail = await getClient(params.id);
  if (!detail) throw notFoundResponse();
  return detail;
}

const IntentSchema = z.object({ intent: z.enum(["revoke-sessions", "revoke-api-tokens"]) });

export async function action({ request, params }: Route.ActionArgs) {
  const { actor } = await requireStaffActor(request);
  const intent = IntentSchema.safeParse({ intent: (await request.formData()).get("intent") });
  if (!intent.success) return data({ message: "Unknown action.", tone: "error" as const }, { status: 400 });
  if (intent.data.intent === "revoke-sessions") {
    const outcome = await revokeClientSessions(params.id, actor);
    if (!outcome.ok) throw notFoundResponse();
    return { message: `Signed out of ${outcome.count} session${outcome.count === 1 ? "" : "s"}.`, tone: "success" as const };
  }
  const outcome = await revokeClientApiTokens(params.id, actor);
  if (!outcome.ok) throw notFoundResponse();
  return { message: `${outcome.count} API key${outcome.count === 1 ? "" : "s"} revoked.`, tone: "success" as const };
}

export default function ClientDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { client, projects, sessions, apiTokens, audit } = loaderData;
  const activeKeys = apiTokens.filter((token) => !token.revokedAt).length;
  const name = `${client.firstName} ${client.lastName}`.trim();
  return (
    <>
      <Link to="/admin/clients" className="self-start text-sm font-semibold text-text-muted hover:text-text">
        ← Clients
      </Link>
      <PageHeader title={client.username} description={`${name ? `${name} · ` : ""}${client.email} · joined ${formatDate(client.createdAt)}`} />
      <ActionMessage message={actionData?.message} tone={actionData?.tone} />

      <section aria-labelledby="profile">
        <h2 id="profile" className="sr-only">
          Profile
        </h2>
        <dl className="grid gap-x-6 gap-y-2 rounded-2xl border border-border bg-surface p-5 text-sm sm:grid-cols-[10rem_1fr]">
        {(
          [
            ["Contact", client.profile?.contact],
            ["Country", client.profile?.countryCode],
            ["Company", client.profile?.companyName],
            ["Company email", client.profile?.companyEmail],
            ["Website", client.profile?.companyWebsite],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-text-muted">{label}</dt>
            <dd className="break-words">{value || "—"}</dd>
          </div>
        ))}
        </dl>
      </section>

      <section aria-labelledby="projects" className="flex flex-col gap-3">
        <h2 id="projects" className="font-display text-lg font-semibold">
          Projects
        </h2>
        {projects.length ? (
          <DataTable caption="The client's projects" columns={["Project", "Status", "Submitted"]}>
            {projects.map((project) => (
              <tr key={project.id}>
                <td className={cell}>
                  <Link to={`/admin/projects/${project.id}`} className="font-semibold underline-offset-4 hover:underline">
                    {project.title}
                  </Link>
                </td>
                <td className={cell}>
                  <StatusBadge status={project.status} />
                </td>
                <td className={`${cell} text-text-muted`}>{formatDate(project.createdAt)}</td>
              </tr>
            ))}
          </DataTable>
        ) : (
          <p className="text-text-muted">No projects yet.</p>
        )}
      </section>

      {/*
        BILLING (lead, after the billing branch merges): purchases, current
        subscription, the token ledger and the manual token grant/deduction
        (required reason; a ledger row with the staff member's id, recorded
        with recordAudit "tokens.grant"/"tokens.deduct" in the same transaction)
        go here. Loader: add them to getClient() in models/back-office/clients.server.ts.
      */}
      <section aria-labelledby="billing" className="flex flex-col gap-2 rounded-2xl border border-dashed border-border p-5" data-testid="billing-slot">
        <h2 id="billing" className="font-display text-lg font-semibold">
          Purchases, subscription and tokens
        </h2>
        <p className="text-sm text-text-muted">Appears here once billing is live: purchases, the current plan, the token ledger and manual token grants.</p>
      </section>

      <section aria-labelledby="access" className="flex flex-col gap-4">
        <h2 id="access" className="font-display text-lg font-semibold">
          Access
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="flex flex-col gap-3 rounded-2xl border border-border p-5">
            <h3 className="font-semibold">Signed in on {sessions.length} device{sessions.length === 1 ? "" : "s"}</h3>
            <ul className="flex flex-col gap-1 text-sm text-text-muted">
              {sessions.map((session, index) => (
                <li key={index} className="break-words">
                  {session.userAgent || "Unknown browser"} · since {formatDateTime(session.createdAt)}
                  {session.remember ? " · remembered" : ""}
                </li>
              ))}
            </ul>
            <Form method="post">
              <button type="submit" name="intent" value="revoke-sessions" className={smallButton} disabled={!sessions.length}>
                Sign out everywhere
              </button>
            </Form>
          </div>
          <div className="flex flex-col gap-3 rounded-2xl border border-border p-5">
            <h3 className="font-semibold">
              {activeKeys} active API key{activeKeys === 1 ? "" : "s"}
            </h3>
            <ul className="flex flex-col gap-1 text-sm text-text-muted">
              {apiTokens.map((token) => (
                <li key={token.id}>
                  {token.name || "API key"} · created {formatDateTime(token.createdAt)} · {token.lastUsedAt ? `last used ${formatDateTime(token.lastUsedAt)}` : "never used"}{" "}
                  {token.revokedAt ? <Badge>revoked</Badge> : <Badge tone="success">active</Badge>}
                </li>
              ))}
            </ul>
            <Form method="post">
              <button type="submit" name="intent" value="revoke-api-tokens" className={smallButton} disabled={!activeKeys}>
                Revoke all API keys
              </button>
            </Form>
          </div>
        </div>
      </section>

      <section aria-labelledby="staff-actions" className="flex flex-col gap-3">
        <h2 id="staff-actions" className="font-display text-lg font-semibold">
          Staff actions
        </h2>
        <AuditTrail entries={audit} labels={AUDIT_ACTIONS} />
      </section>
    </>
  );
}
