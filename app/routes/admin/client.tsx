import { Pager } from "~/components/pager";
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { data, Form, Link } from "react-router";
import { auditLabelsFor } from "~models/platform/audit";
import { TOKEN_ADJUST_DIRECTIONS, TokenAdjustSchema } from "~models/back-office/client-tokens";
import {
  adjustClientTokens,
  getClientPage,
  revokeClientApiTokens,
  revokeClientSessions,
} from "~models/back-office/clients.server";
import { CLIENT_SHORT_LIST } from "~models/back-office/clients";
import { pageNumber } from "~models/platform/pagination";
import { REASON_LABELS, type LedgerReason } from "~models/billing/tokens";
import {
  ActionMessage,
  AuditTrail,
  Badge,
  cell,
  DataTable,
  PageHeader,
  smallButton,
} from "~/components/admin/ui";
import { Field, SelectField, SubmitButton } from "~/components/forms";
import { StatusBadge } from "~/components/projects/status-badge";
import { notFoundResponse } from "~/lib/auth.server";
import { formatDate, formatDateTime } from "~/lib/format";
import { adminMeta } from "~/lib/admin-meta";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/client";
import { formIntent } from "~/lib/form-intent";
import { requireForm } from "~/lib/body/form.server";
import { useZodForm } from "~/lib/use-zod-form";
import { fullNameOf } from "~models/identity/manage-account";
import { OrganisationCard } from "~/components/admin/organisations";

export const meta: Route.MetaFunction = ({ data }) => adminMeta(data?.client.username ?? "Client");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await staffOf({ request, context });
  const query = new URL(request.url).searchParams;
  const detail = await getClientPage(params.id, {
    projects: pageNumber(query.get("projects")),
    ledger: pageNumber(query.get("ledger")),
    purchases: pageNumber(query.get("purchases")),
  });
  if (!detail) throw notFoundResponse();
  return { ...detail, auditLabels: auditLabelsFor(detail.audit) };
}

const INTENTS = ["revoke-sessions", "revoke-api-tokens", "adjust-tokens"] as const;
type ActionData = {
  form?: "tokens";
  message?: string;
  tone?: "success" | "error";
  result?: SubmissionResult<string[]>;
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await staffOf({ request, context });
  const formData = await requireForm(request);
  const intent = formIntent(formData, INTENTS);
  if (!intent) return data<ActionData>({ message: "Unknown action.", tone: "error" }, { status: 400 });
  if (intent === "adjust-tokens") {
    const submission = parseWithZod(formData, { schema: TokenAdjustSchema });
    if (submission.status !== "success")
      return data<ActionData>({ form: "tokens", result: submission.reply() }, { status: 400 });
    const outcome = await adjustClientTokens(params.id, submission.value, actor);
    if (!outcome.ok && outcome.status === 404) throw notFoundResponse();
    if (!outcome.ok)
      return data<ActionData>(
        { form: "tokens", result: submission.reply(), message: outcome.message, tone: "error" },
        { status: 409 },
      );
    return data<ActionData>({
      form: "tokens",
      result: submission.reply({ resetForm: true }),
      message: outcome.message,
      tone: "success",
    });
  }
  if (intent === "revoke-sessions") {
    const outcome = await revokeClientSessions(params.id, actor);
    if (!outcome.ok) throw notFoundResponse();
    return data<ActionData>({
      message: `Signed out of ${outcome.count} session${outcome.count === 1 ? "" : "s"}.`,
      tone: "success",
    });
  }
  const outcome = await revokeClientApiTokens(params.id, actor);
  if (!outcome.ok) throw notFoundResponse();
  return data<ActionData>({
    message: `${outcome.count} API key${outcome.count === 1 ? "" : "s"} revoked.`,
    tone: "success",
  });
}

function TokenAdjustForm({
  balance,
  lastResult,
  message,
  tone,
}: {
  balance: number;
  lastResult?: SubmissionResult<string[]>;
  message?: string;
  tone?: "success" | "error";
}) {
  const [form, fields] = useZodForm(TokenAdjustSchema, {
    id: "adjust-tokens",
    lastResult,
    defaultValue: { direction: "grant", validDays: "90" },
  });
  return (
    <Form
      method="post"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value="adjust-tokens" />
      <h3 className="font-semibold">Grant or deduct tokens</h3>
      <p className="text-sm text-text-muted">
        The change is a ledger row with your name and the reason; a deduction can never take the balance (
        {balance}) below zero.
      </p>
      <ActionMessage message={message} tone={tone} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          labelProps={{ children: "Grant or deduct" }}
          selectProps={getSelectProps(fields.direction)}
          options={[...TOKEN_ADJUST_DIRECTIONS]}
          errors={fields.direction.errors}
        />
        <Field
          labelProps={{ children: "Tokens" }}
          inputProps={{ ...getInputProps(fields.amount, { type: "number" }), min: 1, step: 1 }}
          errors={fields.amount.errors}
        />
      </div>
      <Field
        labelProps={{ children: "Reason" }}
        inputProps={getInputProps(fields.reason, { type: "text" })}
        errors={fields.reason.errors}
      />
      <Field
        labelProps={{ children: "Valid for (days)" }}
        inputProps={{ ...getInputProps(fields.validDays, { type: "number" }), min: 1, max: 90, step: 1 }}
        hint="A grant only: 90 days like every grant, or fewer for a goodwill grant meant to be used soon."
        errors={fields.validDays.errors}
      />
      <SubmitButton className="self-start" pendingLabel="Saving…" intent="adjust-tokens">
        Save token change
      </SubmitButton>
    </Form>
  );
}

/** A titled part of the client's page. */
function Section({
  id,
  title,
  gap = "gap-3",
  children,
}: {
  id: string;
  title: ReactNode;
  gap?: "gap-3" | "gap-4";
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`flex flex-col ${gap}`}>
      <h2 id={id} className="font-display text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const reasonLabel = (reason: string) => REASON_LABELS[reason as LedgerReason] ?? reason;

export default function ClientDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { client, projects, sessions, apiTokens, audit, billing, counts, pages } = loaderData;
  const tokenAction = actionData?.form === "tokens" ? actionData : undefined;
  const activeKeys = counts.activeKeys;
  const name = fullNameOf(client);
  return (
    <>
      <Link to="/admin/clients" className="self-start text-sm font-semibold text-text-muted hover:text-text">
        ← Clients
      </Link>
      <PageHeader
        title={client.username}
        description={`${name ? `${name} · ` : ""}${client.email} · joined ${formatDate(client.createdAt)}`}
      >
        <Link
          to={`/admin/proposals/new?${new URLSearchParams({ client: client.email })}`}
          className={smallButton}
        >
          Write a proposal
        </Link>
      </PageHeader>
      <ActionMessage message={tokenAction ? undefined : actionData?.message} tone={actionData?.tone} />

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

      <Section id="organisations" title="Organisations">
        {loaderData.organisations.length ? (
          <div className="grid gap-3 md:grid-cols-2">
            {loaderData.organisations.map((organisation) => (
              <OrganisationCard key={organisation.id} organisation={organisation} />
            ))}
          </div>
        ) : (
          <p className="text-sm text-text-muted">In no organisation.</p>
        )}
      </Section>

      <Section id="projects" title="Projects">
        {projects.length ? (
          <DataTable caption="The client's projects" columns={["Project", "Status", "Submitted"]}>
            {projects.map((project) => (
              <tr key={project.id}>
                <td className={cell}>
                  <Link
                    to={`/admin/projects/${project.id}`}
                    className="font-semibold underline-offset-4 hover:underline"
                  >
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
        <Pager page={pages.projects} noun={["project", "projects"]} param="projects" label="Project pages" />
      </Section>

      <Section
        id="tokens"
        title={
          <>
            Creative Tokens: <span data-testid="client-balance">{billing.balance}</span>
          </>
        }
        gap="gap-4"
      >
        <TokenAdjustForm
          balance={billing.balance}
          lastResult={tokenAction?.result}
          message={tokenAction?.message}
          tone={tokenAction?.tone}
        />
        {billing.ledger.length ? (
          <DataTable caption="Token ledger" columns={["When", "Change", "Balance after", "Why", "By"]}>
            {billing.ledger.map((row) => (
              <tr key={row.id} data-testid="ledger-row">
                <td className={`${cell} whitespace-nowrap text-text-muted`}>
                  {formatDateTime(row.createdAt)}
                </td>
                <td
                  className={`${cell} font-semibold whitespace-nowrap ${row.delta > 0 ? "text-green" : "text-red"}`}
                >
                  {row.delta > 0 ? `+${row.delta}` : row.delta}
                </td>
                <td className={cell}>{row.balanceAfter}</td>
                <td className={`${cell} break-words`}>
                  {reasonLabel(row.reason)}
                  <span className="block text-text-muted">{row.description}</span>
                  {row.expiresAt && row.kind === "grant" ? (
                    <span className="block text-xs text-text-muted">
                      Valid until {formatDate(row.expiresAt)}
                    </span>
                  ) : null}
                </td>
                <td className={cell}>
                  {row.staff ?? row.member ?? (row.reason === "staff_adjustment" ? "Former staff" : "—")}
                </td>
              </tr>
            ))}
          </DataTable>
        ) : (
          <p className="text-text-muted">No token movements yet.</p>
        )}
        <Pager
          page={billing.ledgerPage}
          noun={["ledger row", "ledger rows"]}
          param="ledger"
          label="Ledger pages"
        />
      </Section>

      <Section id="subscription" title="Subscription">
        <p data-testid="client-plan">
          {billing.subscription ? (
            <>
              <span className="font-semibold">{billing.subscription.planName}</span> since{" "}
              {formatDate(billing.subscription.startedAt)} ·{" "}
              {billing.subscription.cancelAtPeriodEnd
                ? `ends ${formatDate(billing.subscription.currentPeriodEnd)}`
                : `renews ${formatDate(billing.subscription.currentPeriodEnd)}`}
              {billing.subscription.planActive ? null : (
                <>
                  {" "}
                  · <Badge tone="warning">plan retired: ends at the period end</Badge>
                </>
              )}
            </>
          ) : (
            <span className="text-text-muted">Free tier (no subscription).</span>
          )}
        </p>
        {billing.subscriptions.length ? (
          <DataTable caption="Subscription history" columns={["Plan", "Started", "Ended", "Status"]}>
            {billing.subscriptions.map((sub) => (
              <tr key={sub.id}>
                <td className={cell}>{sub.planName}</td>
                <td className={`${cell} text-text-muted`}>{formatDate(sub.startedAt)}</td>
                <td className={`${cell} text-text-muted`}>
                  {sub.endedAt ? formatDate(sub.endedAt) : "Present"}
                </td>
                <td className={cell}>
                  {sub.status === "active" ? (
                    <Badge tone="success">active</Badge>
                  ) : (
                    <Badge>{sub.endReason?.replace("_", " ") ?? "ended"}</Badge>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        ) : null}
      </Section>

      <Section id="purchases" title="Purchases">
        {billing.purchases.length ? (
          <DataTable caption="The client's purchases" columns={["Item", "Tokens", "Downloads", "Bought"]}>
            {billing.purchases.map((purchase) => (
              <tr key={purchase.id} data-testid="purchase-row">
                <td className={cell}>
                  {purchase.name}
                  {purchase.quantity > 1 ? ` × ${purchase.quantity}` : ""}{" "}
                  {purchase.itemActive ? null : <Badge>retired</Badge>}
                </td>
                <td className={cell}>{purchase.tokensSpent}</td>
                <td className={cell}>
                  {purchase.downloadCount} of {purchase.maxDownloads}
                </td>
                <td className={`${cell} text-text-muted`}>{formatDate(purchase.createdAt)}</td>
              </tr>
            ))}
          </DataTable>
        ) : (
          <p className="text-text-muted">No purchases yet.</p>
        )}
        <Pager
          page={pages.purchases}
          noun={["purchase", "purchases"]}
          param="purchases"
          label="Purchase pages"
        />
      </Section>

      <Section id="access" title="Access" gap="gap-4">
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="flex flex-col gap-3 rounded-2xl border border-border p-5">
            <h3 className="font-semibold">
              Signed in on {counts.sessions} device{counts.sessions === 1 ? "" : "s"}
            </h3>
            {counts.sessions > sessions.length ? (
              <p className="text-sm text-text-muted">The newest {CLIENT_SHORT_LIST}:</p>
            ) : null}
            <ul className="flex flex-col gap-1 text-sm text-text-muted">
              {sessions.map((session, index) => (
                <li key={index} className="break-words">
                  {session.userAgent || "Unknown browser"} · since {formatDateTime(session.createdAt)}
                  {session.remember ? " · remembered" : ""}
                </li>
              ))}
            </ul>
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value="revoke-sessions"
                className={smallButton}
                disabled={!counts.sessions}
              >
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
                  {token.name || "API key"} · created {formatDateTime(token.createdAt)} ·{" "}
                  {token.lastUsedAt ? `last used ${formatDateTime(token.lastUsedAt)}` : "never used"}{" "}
                  {token.revokedAt ? <Badge>revoked</Badge> : <Badge tone="success">active</Badge>}
                </li>
              ))}
            </ul>
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value="revoke-api-tokens"
                className={smallButton}
                disabled={!activeKeys}
              >
                Revoke all API keys
              </button>
            </Form>
          </div>
        </div>
      </Section>

      <Section id="staff-actions" title="Audit trail">
        <AuditTrail entries={audit} labels={loaderData.auditLabels} />
        <Link
          to={`/admin/audit?target_type=user&target_id=${client.id}`}
          className="self-start text-sm font-semibold underline"
        >
          Everything about this client in the audit log
        </Link>
      </Section>
    </>
  );
}
