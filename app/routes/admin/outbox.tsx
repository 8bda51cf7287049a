import { data, Form, Link } from "react-router";
import { z } from "zod";
import { retryAllMessage, RETRY_MESSAGES } from "~models/back-office/outbox";
import { OUTBOX_STATUSES, parseOutboxFilter } from "~models/back-office/outbox";
import {
  emailState,
  isMailConfigured,
  listOutboxPage,
  retryFailedEmails,
} from "~models/back-office/outbox.server";
import { PagedTable } from "~/components/admin/paged-table";
import {
  ActionMessage,
  Badge,
  cell,
  FilterForm,
  PageHeader,
  SearchInput,
  SelectFilter,
  smallButton,
} from "~/components/admin/ui";
import { STATE_BADGES } from "~/components/admin/email-state";
import { listQuery } from "~/lib/admin-list.server";
import { formatDateTime } from "~/lib/format";
import { adminMeta } from "~/lib/admin-meta";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/outbox";
import { requireForm } from "~/lib/body/form.server";

export const meta: Route.MetaFunction = () => adminMeta("Email outbox");

export async function loader({ request, context }: Route.LoaderArgs) {
  await staffOf({ request, context });
  const query = listQuery(request);
  const filter = parseOutboxFilter(query.params);
  const { emails, page } = await listOutboxPage(filter, query.page);
  return {
    filter,
    emails: emails.map((email) => ({ ...email, state: emailState(email) })),
    page,
    mailConfigured: isMailConfigured(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await staffOf({ request, context });
  const intent = z.literal("retry-failed").safeParse((await requireForm(request)).get("intent"));
  if (!intent.success) return data({ message: "Unknown action.", tone: "error" as const }, { status: 400 });
  if (!isMailConfigured())
    return data({ message: RETRY_MESSAGES.not_configured, tone: "error" as const }, { status: 409 });
  return { message: retryAllMessage(await retryFailedEmails(actor)), tone: "success" as const };
}

export default function Outbox({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, emails, page, mailConfigured } = loaderData;
  return (
    <>
      <PageHeader
        title="Email outbox"
        description="Every email the site sent, failed to send, or keeps until an SMTP server is configured."
      >
        {mailConfigured ? (
          <Form method="post">
            <button type="submit" name="intent" value="retry-failed" className={smallButton}>
              Retry all failed
            </button>
          </Form>
        ) : null}
      </PageHeader>
      {mailConfigured ? null : (
        <p className="rounded-xl border border-yellow/40 bg-yellow/10 px-4 py-3 text-sm">
          {RETRY_MESSAGES.not_configured}
        </p>
      )}
      <ActionMessage message={actionData?.message} tone={actionData?.tone} />
      <FilterForm label="Filter the outbox">
        <SelectFilter name="status" label="Status" value={filter.status} options={OUTBOX_STATUSES} />
        <SearchInput defaultValue={filter.q} placeholder="Recipient, subject or kind" />
      </FilterForm>
      <PagedTable
        rows={emails}
        caption="Emails"
        columns={["Created", "To", "Subject", "Kind", "Status", "Attempts"]}
        empty="No email matches."
        page={page}
        noun={["email", "emails"]}
      >
        {(email) => (
          <tr key={email.id} data-testid="outbox-row">
            <td className={`${cell} whitespace-nowrap text-text-muted`}>{formatDateTime(email.createdAt)}</td>
            <td className={`${cell} break-all`}>{email.to}</td>
            <td className={cell}>
              <Link
                to={`/admin/outbox/${email.id}`}
                className="font-semibold break-words underline-offset-4 hover:underline"
              >
                {email.subject}
              </Link>
              {email.attachmentCount ? (
                <span className="ml-2 text-xs text-text-muted">
                  {email.attachmentCount === 1 ? "1 attachment" : `${email.attachmentCount} attachments`}
                </span>
              ) : null}
            </td>
            <td className={`${cell} text-text-muted`}>{email.kind}</td>
            <td className={cell}>
              <Badge tone={STATE_BADGES[email.state].tone}>{STATE_BADGES[email.state].label}</Badge>
            </td>
            <td className={cell}>{email.attempts}</td>
          </tr>
        )}
      </PagedTable>
    </>
  );
}
