import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { auditLabelsFor } from "~models/platform/audit";
import { isMeetingSource } from "~models/calendar/meetings";
import { INBOX_MESSAGES, ReplySchema } from "~models/back-office/inbox";
import { canAnswerWithProposal } from "~models/back-office/proposals-admin";
import { getSubmission, replyToSubmission, setSubmissionHandled } from "~models/back-office/inbox.server";
import { formatFileSize } from "~models/platform/uploads";
import { ActionMessage, AuditTrail, Badge, PageHeader, smallButton } from "~/components/admin/ui";
import { Field, SubmitButton, TextareaField } from "~/components/forms";
import { notFoundResponse } from "~/lib/auth.server";
import { formatDateTime } from "~/lib/format";
import { adminMeta } from "~/lib/admin-meta";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/submission";
import { formIntent } from "~/lib/form-intent";
import { requireForm } from "~/lib/body/form.server";
import { useZodForm } from "~/lib/use-zod-form";

export const meta: Route.MetaFunction = ({ data }) => adminMeta(data?.submission.typeLabel ?? "Submission");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await staffOf({ request, context });
  const submission = await getSubmission(params.type, params.id);
  if (!submission) throw notFoundResponse();
  return { submission, auditLabels: auditLabelsFor(submission.history) };
}

const INTENTS = ["handled", "unhandled", "reply"] as const;

type ActionData = { message?: string; tone?: "success" | "error"; result?: SubmissionResult<string[]> };

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await staffOf({ request, context });
  const formData = await requireForm(request);
  const intent = formIntent(formData, INTENTS);
  if (!intent) return data<ActionData>({ message: "Unknown action.", tone: "error" }, { status: 400 });

  if (intent === "reply") {
    const submission = parseWithZod(formData, { schema: ReplySchema });
    if (submission.status !== "success")
      return data<ActionData>({ result: submission.reply() }, { status: 400 });
    const sent = await replyToSubmission(params.type, params.id, submission.value, actor);
    if (!sent.ok) throw notFoundResponse();
    return data<ActionData>({
      result: submission.reply({ resetForm: true }),
      message: INBOX_MESSAGES.replySent(sent.reply.to),
      tone: "success",
    });
  }

  const handled = intent === "handled";
  const outcome = await setSubmissionHandled(params.type, params.id, handled, actor);
  if (!outcome.ok) throw notFoundResponse();
  if (!outcome.changed)
    return data<ActionData>({ message: INBOX_MESSAGES.alreadyInState, tone: "error" }, { status: 409 });
  return data<ActionData>({
    message: handled ? INBOX_MESSAGES.markedHandled : INBOX_MESSAGES.markedUnhandled,
    tone: "success",
  });
}

function ReplyForm({
  defaultSubject,
  to,
  lastResult,
}: {
  defaultSubject: string;
  to: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useZodForm(ReplySchema, {
    id: "reply",
    lastResult,
    defaultValue: { subject: defaultSubject },
  });
  return (
    <Form
      method="post"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value="reply" />
      <p className="text-sm text-text-muted">
        To <span className="font-semibold text-text">{to}</span>, through the email outbox.
      </p>
      <Field
        labelProps={{ children: "Subject" }}
        inputProps={getInputProps(fields.subject, { type: "text" })}
        errors={fields.subject.errors}
      />
      <TextareaField
        label="Your reply"
        textareaProps={{ ...getTextareaProps(fields.body), rows: 6 }}
        errors={fields.body.errors}
      />
      <SubmitButton className="self-start" pendingLabel="Sending…" intent="reply">
        Send reply
      </SubmitButton>
    </Form>
  );
}

export default function SubmissionDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { submission } = loaderData;
  const replyResult = actionData && "result" in actionData ? actionData.result : undefined;
  return (
    <>
      <Link to="/admin/inbox" className="self-start text-sm font-semibold text-text-muted hover:text-text">
        ← Inbox
      </Link>
      <PageHeader
        title={`${submission.typeLabel} from ${submission.sender.name}`}
        description={
          <>
            Received {formatDateTime(submission.createdAt)} ·{" "}
            {submission.handled ? (
              <Badge tone="success">
                Handled{submission.handledAt ? ` ${formatDateTime(submission.handledAt)}` : ""}
              </Badge>
            ) : (
              <Badge tone="warning">Waiting</Badge>
            )}
          </>
        }
      >
        {canAnswerWithProposal(submission.type) ? (
          <Link
            to={`/admin/proposals/new?source=${submission.type}:${submission.id}`}
            className={smallButton}
            data-testid="write-proposal"
          >
            Write a proposal
          </Link>
        ) : null}
        {isMeetingSource(submission.type) ? (
          <Link to={`/admin/meetings/${submission.type}/${submission.id}`} className={smallButton}>
            Meeting and invite
          </Link>
        ) : null}
        <Form method="post">
          {submission.handled ? (
            <button type="submit" name="intent" value="unhandled" className={smallButton}>
              Move back to waiting
            </button>
          ) : (
            <button
              type="submit"
              name="intent"
              value="handled"
              className="inline-flex items-center justify-center rounded-full bg-green px-4 py-2 text-sm font-semibold text-green-ink"
            >
              Mark as handled
            </button>
          )}
        </Form>
      </PageHeader>
      <ActionMessage message={actionData?.message} tone={actionData?.tone} />

      <div className="grid gap-8 xl:grid-cols-[1fr_22rem]">
        <div className="flex min-w-0 flex-col gap-8">
          <section aria-labelledby="fields" className="flex flex-col gap-3">
            <h2 id="fields" className="font-display text-lg font-semibold">
              What they sent
            </h2>
            <dl className="grid gap-x-6 gap-y-3 rounded-2xl border border-border bg-surface p-5 sm:grid-cols-[12rem_1fr]">
              {submission.fields.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-sm text-text-muted">{label}</dt>
                  <dd className="break-words whitespace-pre-wrap">
                    {value || <span className="text-text-muted">—</span>}
                  </dd>
                </div>
              ))}
            </dl>
            {submission.attachment ? (
              <a
                href={`/admin/inbox/${submission.type}/${submission.id}/attachment`}
                className={`${smallButton} self-start`}
                download
              >
                Download {submission.attachment.name} ({formatFileSize(submission.attachment.size)})
              </a>
            ) : null}
          </section>

          <section aria-labelledby="replies" className="flex flex-col gap-3">
            <h2 id="replies" className="font-display text-lg font-semibold">
              Replies
            </h2>
            {submission.replies.length ? (
              <ol className="flex flex-col gap-3">
                {submission.replies.map((reply) => (
                  <li
                    key={reply.id}
                    className="rounded-2xl border border-purple/40 bg-purple/10 p-4"
                    data-testid="reply"
                  >
                    <p className="text-sm">
                      <span className="font-semibold">{reply.staff ?? "Former staff"}</span> to{" "}
                      {reply.toEmail} · {formatDateTime(reply.createdAt)}
                      {reply.emailId ? (
                        <>
                          {" "}
                          ·{" "}
                          <Link to={`/admin/outbox/${reply.emailId}`} className="underline">
                            email
                          </Link>
                        </>
                      ) : null}
                    </p>
                    <p className="mt-2 font-semibold">{reply.subject}</p>
                    <p className="mt-1 break-words whitespace-pre-wrap text-text-muted">{reply.body}</p>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-text-muted">No replies yet.</p>
            )}
            <ReplyForm
              defaultSubject={`Re: your ${submission.typeLabel.toLowerCase()}`}
              to={submission.sender.email}
              lastResult={replyResult}
            />
          </section>
        </div>
        <aside className="flex flex-col gap-3" aria-labelledby="history">
          <h2 id="history" className="font-display text-base font-semibold">
            History
          </h2>
          <AuditTrail entries={submission.history} labels={loaderData.auditLabels} />
        </aside>
      </div>
    </>
  );
}
