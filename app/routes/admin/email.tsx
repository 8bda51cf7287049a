import { data, Form, Link } from "react-router";
import { z } from "zod";
import { RETRY_MESSAGES } from "~models/back-office/outbox";
import {
  attachmentList,
  emailState,
  getEmail,
  isMailConfigured,
  retryEmail,
} from "~models/back-office/outbox.server";
import { formatFileSize } from "~models/platform/uploads";
import { ActionMessage, Badge, PageHeader, smallButton } from "~/components/admin/ui";
import { STATE_BADGES } from "~/components/admin/email-state";
import { notFoundResponse } from "~/lib/auth.server";
import { formatDateTime } from "~/lib/format";
import { adminMeta } from "~/lib/admin-meta";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/email";
import { requireForm } from "~/lib/body/form.server";

export const meta: Route.MetaFunction = ({ data }) => adminMeta(data?.email.subject ?? "Email");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await staffOf({ request, context });
  const email = await getEmail(params.id);
  if (!email) throw notFoundResponse();
  const { attachments, ...rest } = email;
  return {
    email: { ...rest, state: emailState(email), attachments: attachmentList({ attachments }) },
    mailConfigured: isMailConfigured(),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await staffOf({ request, context });
  const intent = z.literal("retry").safeParse((await requireForm(request)).get("intent"));
  if (!intent.success) return data({ message: "Unknown action.", tone: "error" as const }, { status: 400 });
  const status = await retryEmail(params.id, actor);
  if (status === "not_found") throw notFoundResponse();
  return data(
    { message: RETRY_MESSAGES[status], tone: status === "sent" ? ("success" as const) : ("error" as const) },
    { status: status === "sent" ? 200 : 409 },
  );
}

export default function EmailDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { email, mailConfigured } = loaderData;
  const badge = STATE_BADGES[email.state];
  return (
    <>
      <Link to="/admin/outbox" className="self-start text-sm font-semibold text-text-muted hover:text-text">
        ← Email outbox
      </Link>
      <PageHeader
        title={email.subject}
        description={
          <>
            To {email.to} · {email.kind} · created {formatDateTime(email.createdAt)}
          </>
        }
      >
        <Badge tone={badge.tone}>{badge.label}</Badge>
        {email.state !== "sent" && mailConfigured ? (
          <Form method="post">
            <button type="submit" name="intent" value="retry" className={smallButton}>
              Retry now
            </button>
          </Form>
        ) : null}
      </PageHeader>
      <ActionMessage message={actionData?.message} tone={actionData?.tone} />
      <dl className="grid gap-x-6 gap-y-2 rounded-2xl border border-border bg-surface p-5 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-text-muted">Sent</dt>
        <dd>{email.sentAt ? formatDateTime(email.sentAt) : "Not yet"}</dd>
        <dt className="text-text-muted">Attempts</dt>
        <dd>{email.attempts}</dd>
        <dt className="text-text-muted">Last error</dt>
        <dd className="break-words">{email.error ?? "—"}</dd>
      </dl>
      <section aria-labelledby="body" className="flex flex-col gap-2">
        <h2 id="body" className="font-display text-lg font-semibold">
          Message
        </h2>
        <pre
          className="overflow-x-auto rounded-2xl border border-border bg-surface p-5 font-sans text-sm whitespace-pre-wrap break-words"
          data-testid="email-text"
        >
          {email.text}
        </pre>
      </section>
      {email.attachments.length ? (
        <section aria-labelledby="attachments" className="flex flex-col gap-2">
          <h2 id="attachments" className="font-display text-lg font-semibold">
            Attachments
          </h2>
          <ul className="flex flex-col gap-2">
            {email.attachments.map((file) => (
              <li key={file.index}>
                <a
                  href={`/admin/outbox/${email.id}/attachments/${file.index}`}
                  className={smallButton}
                  download
                  data-testid="email-attachment"
                >
                  Download {file.filename} ({file.contentType.split(";")[0]}, {formatFileSize(file.size)})
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
