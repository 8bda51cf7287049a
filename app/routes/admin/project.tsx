import { classes } from "~/lib/classes";
import { Pager } from "~/components/pager";
import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { auditLabelsFor } from "~models/platform/audit";
import {
  STAFF_ACTIONS,
  STAFF_PROJECT_MESSAGES,
  StaffTransitionSchema,
} from "~models/back-office/project-pipeline";
import { findPipelineProject, getPipelineProject } from "~models/back-office/project-pipeline.server";
import { pageNumber } from "~models/platform/pagination";
import {
  ACTION_LABELS,
  BUDGETS,
  CATEGORIES,
  labelOf,
  staffActionLabel,
  STATUS_LABELS,
  TIMELINES,
  type ProjectAction,
} from "~models/projects/projects";
import { transitionProject } from "~models/views/revision-rounds.server";
import { staffDeliveryPanel } from "~models/delivery/clock.server";
import { StaffDeliveryPanel } from "~/components/delivery/hold-form";
import { getStaffProofing } from "~models/projects/proofing.server";
import { ActionMessage, AuditTrail, PageHeader, smallButton } from "~/components/admin/ui";
import { TextareaField } from "~/components/forms";
import { CommentForm, ProjectDetails, ProjectFiles, UploadForm } from "~/components/projects/project-page";
import { stepperStates } from "~models/projects/status-vocabulary";
import { StatusPill } from "~/components/projects/status-pill";
import { Stepper } from "~/components/projects/stepper";
import { notFoundResponse } from "~/lib/auth.server";
import { postProjectForm, readProjectPost, type ProjectActionData } from "~/lib/project-actions.server";
import { formIntent } from "~/lib/form-intent";
import { formatDateTime, shortId } from "~/lib/format";
import { publicBaseUrl } from "~/lib/public-url.server";
import { adminMeta } from "~/lib/admin-meta";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/project";
import { useZodForm } from "~/lib/use-zod-form";

export const meta: Route.MetaFunction = ({ data }) => adminMeta(data?.project.title ?? "Project");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await staffOf({ request, context });
  const query = new URL(request.url).searchParams;
  const [detail, delivery] = await Promise.all([
    getPipelineProject(params.id, user, {
      files: pageNumber(query.get("files")),
      comments: pageNumber(query.get("comments")),
      history: pageNumber(query.get("history")),
    }),
    staffDeliveryPanel(params.id, query.get("clock")),
  ]);
  if (!detail) throw notFoundResponse();
  const { versions, openPins, rounds } = await getStaffProofing(detail.project);
  return {
    ...detail,
    delivery,
    // The stepper's states from the status vocabulary, worked out here: the page is at its budget.
    steps: stepperStates(detail.project.status, detail.project.step),
    // Worded here, not in the page's JavaScript (the page is near its budget).
    details: [
      ["Client", `${detail.client.username} <${detail.client.email}>`],
      ["Category", labelOf(CATEGORIES, detail.project.category)],
      ["Budget", labelOf(BUDGETS, detail.project.budget)],
      ["Timeline", labelOf(TIMELINES, detail.project.timeline)],
      ["Pay with tokens", detail.project.useTokens ? "Yes" : "No"],
      ["Project ID", shortId(detail.project.id)],
    ] as [string, string][],
    proofingSummary: `Proofing: ${[
      counted(versions.length, "version"),
      counted(openPins.length, "open pin"),
      counted(rounds.length, "round"),
    ].join(" · ")}`,
    ownProject: detail.project.userId === user.id,
    auditLabels: auditLabelsFor(detail.audit),
  };
}

const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

const INTENTS = ["comment", "upload", ...STAFF_ACTIONS] as const;

type ActionData = ProjectActionData<"status" | "comment" | "upload">;

/**
 * Staff act through the project models only: transitionProject (the state
 * machine, history, notifications, email), addComment and addProjectFile.
 * Each writes its audit entry in its own transaction.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { user, actor } = await staffOf({ request, context });
  const { formData, tooLarge } = await readProjectPost(request);
  if (tooLarge) return tooLarge;
  const intent = formIntent(formData, INTENTS);
  if (!intent)
    return data<ActionData>({ form: "status", message: "Unknown action.", tone: "error" }, { status: 400 });
  const project = await findPipelineProject(params.id);
  if (!project) throw notFoundResponse();
  if (project.userId === user.id)
    return data<ActionData>(
      { form: "status", message: STAFF_PROJECT_MESSAGES.ownProject, tone: "error" },
      { status: 409 },
    );

  if (intent === "comment" || intent === "upload") {
    const reply = await postProjectForm(intent, formData, params.id, user, {
      actorIp: actor.ip,
      siteUrl: publicBaseUrl(request),
      commentSent: STAFF_PROJECT_MESSAGES.commentSent,
      fileAdded: STAFF_PROJECT_MESSAGES.deliverableAdded,
    });
    if (!reply) throw notFoundResponse();
    return reply;
  }

  const submission = parseWithZod(formData, { schema: StaffTransitionSchema });
  if (submission.status !== "success")
    return data<ActionData>({ form: "status", result: submission.reply() }, { status: 400 });
  const outcome = await transitionProject(params.id, user, submission.value.intent, submission.value.reason, {
    siteUrl: publicBaseUrl(request),
    actorIp: actor.ip,
  });
  if (!outcome.ok && outcome.reason === "not_found") throw notFoundResponse();
  if (!outcome.ok)
    return data<ActionData>({ form: "status", message: outcome.message, tone: "error" }, { status: 409 });
  return data<ActionData>({
    form: "status",
    result: submission.reply({ resetForm: true }),
    message: STAFF_PROJECT_MESSAGES.transitioned(outcome.project.status),
    tone: "success",
  });
}

function StatusForm({
  actions,
  labelOf: label,
  lastResult,
}: {
  actions: ProjectAction[];
  labelOf: (action: ProjectAction) => string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useZodForm(StaffTransitionSchema, {
    id: "status",
    lastResult,
    constraintFrom: false,
  });
  if (!actions.length)
    return <p className="text-sm text-text-muted">This project is closed: no further status changes.</p>;
  return (
    <Form method="post" className="flex flex-col gap-3" {...getFormProps(form)}>
      <TextareaField
        label="Note for the client (optional)"
        hint="Shown in the client's project thread and included in the client's email."
        textareaProps={{ ...getTextareaProps(fields.reason), rows: 2 }}
        errors={fields.reason.errors}
      />
      <div className="flex flex-wrap items-start gap-2">
        {actions
          .filter((action) => action !== "staff_cancel")
          .map((action) => (
            <button
              key={action}
              type="submit"
              name="intent"
              value={action}
              className={
                action === "accept" || action === "complete"
                  ? "rounded-full bg-text px-4 py-2 text-sm font-semibold text-canvas"
                  : smallButton
              }
            >
              {label(action)}
            </button>
          ))}
        {actions.includes("staff_cancel") ? (
          // A confirmation step that needs no JavaScript.
          <details className="rounded-2xl border border-red/40">
            <summary
              className={classes(
                "cursor-pointer list-none rounded-2xl px-4 py-2 text-sm font-semibold text-red",
                "hover:bg-red/10 [&::-webkit-details-marker]:hidden",
              )}
            >
              {ACTION_LABELS.staff_cancel}
            </summary>
            <div className="flex flex-col gap-2 px-4 pb-3">
              <p className="text-sm text-text-muted">Work stops and the project closes for good.</p>
              <button
                type="submit"
                name="intent"
                value="staff_cancel"
                className="self-start rounded-full bg-red px-4 py-2 text-sm font-semibold text-red-ink"
              >
                Yes, cancel this project
              </button>
            </div>
          </details>
        ) : null}
      </div>
    </Form>
  );
}

export default function AdminProject({ loaderData, actionData }: Route.ComponentProps) {
  const { project, files, comments, history, client, actions, audit, pages, proofingSummary, details } =
    loaderData;
  const result = actionData && "form" in actionData ? actionData : undefined;
  return (
    <>
      <Link to="/admin/projects" className="self-start text-sm font-semibold text-text-muted hover:text-text">
        ← Projects
      </Link>
      <PageHeader
        title={project.title}
        description={
          <>
            Submitted {formatDateTime(project.createdAt)} by{" "}
            <Link to={`/admin/clients/${client.id}`} className="underline">
              {client.username}
            </Link>
          </>
        }
      >
        <StatusPill status={project.status} label={STATUS_LABELS[project.status]} />
        <Link to={`/project/${project.id}`} className={smallButton}>
          Client's view
        </Link>
        <Link
          to={`/admin/projects/${project.id}/proofing`}
          className={smallButton}
          data-testid="proofing-link"
        >
          {proofingSummary}
        </Link>
      </PageHeader>
      <Stepper states={loaderData.steps} />
      <ActionMessage message={result?.message} tone={result?.tone} />

      <div className="grid gap-8 xl:grid-cols-[1fr_22rem]">
        <div className="flex min-w-0 flex-col gap-8">
          <section
            aria-labelledby="status-heading"
            className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5"
          >
            <h2 id="status-heading" className="font-display text-lg font-semibold">
              Move it along
            </h2>
            <StatusForm
              actions={actions}
              labelOf={(action) => staffActionLabel(action, project.status, project.step)}
              lastResult={result?.form === "status" ? result.result : undefined}
            />
          </section>
          <section aria-labelledby="brief" className="flex flex-col gap-2">
            <h2 id="brief" className="font-display text-lg font-semibold">
              Brief
            </h2>
            <p className="break-words whitespace-pre-wrap text-text-muted">{project.description}</p>
          </section>
          <ProjectFiles
            projectId={project.id}
            files={files}
            emptyText="No files yet."
            downloadClassName={smallButton}
            details={(file) => (
              <>
                {file.uploadedBy === client.id ? "from the client" : "from the team"} ·{" "}
                {formatDateTime(file.createdAt)}
              </>
            )}
          >
            {project.status === "cancelled" ? null : (
              <UploadForm
                label="Upload a deliverable"
                ownPending
                lastResult={result?.form === "upload" ? result.result : undefined}
              />
            )}
          </ProjectFiles>
          <Pager
            page={pages.files}
            noun={["file", "files"]}
            param="files"
            label="File pages (newest first)"
          />
          <section aria-labelledby="conversation" className="flex flex-col gap-3">
            <h2 id="conversation" className="font-display text-lg font-semibold">
              Conversation
            </h2>
            {comments.length ? (
              <ol className="flex flex-col gap-3">
                {comments.map((comment) => (
                  <li
                    key={comment.id}
                    className={`rounded-2xl border p-4 ${comment.role === "staff" ? "border-purple/40 bg-purple/10" : "border-border bg-surface"}`}
                    data-testid="comment"
                  >
                    <p className="text-sm">
                      <span className="font-semibold">{comment.author}</span>{" "}
                      <span className="text-xs text-text-muted">{formatDateTime(comment.timestamp)}</span>
                    </p>
                    <p className="mt-1 break-words whitespace-pre-wrap">{comment.text}</p>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-text-muted">No messages yet.</p>
            )}
            <Pager
              page={pages.comments}
              noun={["message", "messages"]}
              param="comments"
              label="Conversation pages (newest first)"
            />
            <CommentForm
              label="Message to the client"
              hint="Shown in the client's project thread; the client gets a notification and an email."
              submitLabel="Send message"
              ownPending
              lastResult={result?.form === "comment" ? result.result : undefined}
            />
          </section>
        </div>
        <aside className="flex flex-col gap-6">
          <StaffDeliveryPanel
            projectId={project.id}
            panel={loaderData.delivery}
            own={loaderData.ownProject}
          />
          <ProjectDetails rows={details} breakAll />
          <section aria-labelledby="status-history" className="flex flex-col gap-3">
            <h2 id="status-history" className="font-display text-base font-semibold">
              Status history
            </h2>
            <ol className="flex flex-col gap-2 text-sm" data-testid="status-history">
              {history.map((entry, index) => (
                <li key={index} className="rounded-xl border border-border p-3">
                  <span className="font-semibold">{STATUS_LABELS[entry.toStatus]}</span> ·{" "}
                  {formatDateTime(entry.at)}
                  {entry.reason ? <span className="block text-text-muted">{entry.reason}</span> : null}
                </li>
              ))}
            </ol>
            <Pager
              page={pages.history}
              noun={["status change", "status changes"]}
              param="history"
              label="Status history pages (newest first)"
            />
          </section>
          <section aria-labelledby="staff-actions" className="flex flex-col gap-3">
            <h2 id="staff-actions" className="font-display text-base font-semibold">
              Staff actions
            </h2>
            <AuditTrail entries={audit} labels={loaderData.auditLabels} />
            <Link
              to={`/admin/audit?target_type=project&target_id=${project.id}`}
              className="self-start text-sm font-semibold underline"
            >
              Everything about this project in the audit log
            </Link>
          </section>
        </aside>
      </div>
    </>
  );
}
