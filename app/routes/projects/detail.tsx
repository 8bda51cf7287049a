import { classes } from "~/lib/classes";
import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState, type ReactNode } from "react";
import { data, Form, Link, useSearchParams } from "react-router";
import {
  ACTION_LABELS,
  BUDGETS,
  CATEGORIES,
  labelOf,
  PROJECT_MESSAGES,
  TIMELINES,
  type ProjectAction,
} from "~models/projects/projects";
import { describeStatus, stepperStates } from "~models/projects/status-vocabulary";
import { clientActions, CLIENT_STEP_MESSAGES } from "~models/projects/client-steps";
import { ProjectIntentSchema, RevisionFormSchema } from "~models/projects/project-forms";
import { getProjectPage } from "~models/projects/project-conversation.server";
import { getClientProofing, transitionProject } from "~models/views/revision-rounds.server";
import { ProjectThread } from "~/components/projects/thread";
import { ConfirmStep, type ConfirmCopy } from "~/components/projects/confirm-step";
import { deliveryViewFor } from "~models/delivery/clock.server";
import { proposalOfProject } from "~models/projects/proposals.server";
import { DeliveryClock } from "~/components/delivery/delivery-clock";
import type { RoundOffer } from "~models/projects/proofing.server";
import { ProjectProofing, RevisionCost } from "~/components/proofing/project-proofing";
import { FormStatus, SubmitButton, TextareaField } from "~/components/forms";
import { CommentForm, ProjectDetails, ProjectFiles, UploadForm } from "~/components/projects/project-page";
import { StatusPill } from "~/components/projects/status-pill";
import { Stepper } from "~/components/projects/stepper";
import { memberOf } from "~/lib/membership.server";
import { viewerOf } from "~/lib/member-summary.server";
import { RoleRefusal } from "~/components/role-refusal";
import { actionsForRole, clientStepRefusal } from "~models/projects/client-rights";
import { publicBaseUrl } from "~/lib/public-url.server";
import { postProjectForm, readProjectPost, type ProjectActionData } from "~/lib/project-actions.server";
import { formatDate, shortId } from "~/lib/format";
import { previewSpend } from "~models/billing/wallet.server";
import type { Route } from "./+types/detail";
import { useZodForm } from "~/lib/use-zod-form";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data && "project" in data ? data.project.title : PROJECT_MESSAGES.notFoundTitle} — Ascendra` },
  { name: "robots", content: "noindex" },
];

/** Another client's project answers exactly like a missing one: 404, same page. */
const notFound = (id: string) => data({ notFound: true as const, id }, { status: 404 });

/** Thread entries and files shown at first; "Show older entries" and "Show more files" add this many. */
const WINDOW = { thread: 40, files: 20 } as const;
/** The most either link asks for. */
const MAX_WINDOW = 1000;

/** ?thread= / ?files=: how many to show, from the default up to MAX_WINDOW. */
const windowOf = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > fallback ? Math.min(n, MAX_WINDOW) : fallback;
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const member = await memberOf(request);
  const query = new URL(request.url).searchParams;
  const window = {
    thread: windowOf(query.get("thread"), WINDOW.thread),
    files: windowOf(query.get("files"), WINDOW.files),
  };
  const viewer = viewerOf(member);
  const [detail, delivery, proposal] = await Promise.all([
    getProjectPage(params.id, viewer, window),
    deliveryViewFor(params.id, "client"),
    proposalOfProject(params.id),
  ]);
  if (!detail) return notFound(params.id);
  const isOwner = detail.project.userId === member.accountId;
  const proofing = await getClientProofing(detail.project, viewer);
  // Which grants a paid round draws from, oldest first, as the ledger takes them (decision 0049);
  // worded here so the page's JavaScript does not grow.
  const offer = proofing?.offer;
  const draw = offer?.applies && offer.cost > 0 ? await previewSpend(member.accountId, offer.cost) : null;
  const drawsFrom = (draw?.enough ? draw.lots : []).map(
    (lot) =>
      `${lot.tokens} ${lot.tokens === 1 ? "token" : "tokens"} from ${lot.source}, valid until ${formatDate(lot.expiresAt)}`,
  );
  const latest = proofing?.versions[0] ?? null;
  // The steps the member's role may take are buttons; the others are one sentence saying why (decision 0079).
  const { allowed: actions, refusal } = actionsForRole(
    member.role,
    isOwner
      ? clientActions(detail.project.status, {
          step: detail.project.step,
          latestVersion: latest?.version ?? null,
          workEverStarted: detail.workEverStarted,
        })
      : [],
  );
  const confirm = query.get("confirm");
  return {
    ...detail,
    delivery,
    proposal,
    isOwner,
    proofing: proofing && { ...proofing, drawsFrom },
    status: describeStatus(detail.project.status, detail.project.step),
    steps: stepperStates(detail.project.status, detail.project.step),
    actions,
    refusal,
    // Worded here, so the confirm page (no JavaScript) and the dialog say the same.
    confirmations: confirmationsFor(actions, latest),
    confirming: confirm === "approve" || confirm === "cancel" ? (confirm as "approve" | "cancel") : null,
  };
}

/** What each irreversible step says before it is taken: which version, and what cannot be undone. */
function confirmationsFor(
  actions: ProjectAction[],
  latest: { version: number; name: string } | null,
): Partial<Record<"approve" | "cancel", ConfirmCopy>> {
  const out: Partial<Record<"approve" | "cancel", ConfirmCopy>> = {};
  if (actions.includes("approve") && latest)
    out.approve = {
      step: "approve",
      button: `${ACTION_LABELS.approve} version ${latest.version}`,
      heading: `Approve version ${latest.version} and publish it?`,
      consequence:
        `You approve version ${latest.version} (${latest.name}) as the final work and the project is published. ` +
        "The delivery clock stops, and you can no longer request revisions or pin comments on it. This cannot be undone.",
      confirm: `Yes, approve version ${latest.version} and publish`,
      hidden: { version: String(latest.version) },
    };
  if (actions.includes("cancel"))
    out.cancel = {
      step: "cancel",
      button: ACTION_LABELS.cancel,
      heading: "Cancel this project?",
      consequence:
        "The studio has not started work yet. Cancelling withdraws your brief: no work will be done on it and it cannot be reopened. This cannot be undone.",
      confirm: "Yes, cancel this project",
      danger: true,
    };
  return out;
}

type ActionData = ProjectActionData<"comment" | "revision" | "action" | "upload">;

const SUCCESS: Partial<Record<ProjectAction, string>> = {
  approve: PROJECT_MESSAGES.approved,
  request_revision: PROJECT_MESSAGES.revisionRequested,
  cancel: PROJECT_MESSAGES.cancelled,
};

export async function action({ request, params }: Route.ActionArgs) {
  const member = await memberOf(request);
  const { formData, tooLarge } = await readProjectPost(request);
  if (tooLarge) return tooLarge;
  const intent = ProjectIntentSchema.safeParse({ intent: formData.get("intent") });
  if (!intent.success)
    return data<ActionData>({ form: "action", message: "Unknown action.", tone: "error" }, { status: 400 });

  const refused = clientStepRefusal(member.role, intent.data.intent);
  if (refused) return data<ActionData>({ form: "action", message: refused, tone: "error" }, { status: 403 });
  const viewer = viewerOf(member);
  if (intent.data.intent === "comment" || intent.data.intent === "upload") {
    const reply = await postProjectForm(intent.data.intent, formData, params.id, viewer, {
      fileAdded: PROJECT_MESSAGES.fileAdded,
    });
    return reply ?? notFound(params.id);
  }

  let reason = "";
  let submission;
  if (intent.data.intent === "request_revision") {
    submission = parseWithZod(formData, { schema: RevisionFormSchema });
    if (submission.status !== "success")
      return data<ActionData>({ form: "revision", result: submission.reply() }, { status: 400 });
    reason = submission.value.reason;
  }
  const version = Number(formData.get("version"));
  const outcome = await transitionProject(params.id, viewer, intent.data.intent, reason, {
    siteUrl: publicBaseUrl(request),
    revisionCost: formData.has("revision_cost") ? Number(formData.get("revision_cost")) : undefined,
    approveVersion:
      intent.data.intent === "approve" && formData.has("version") && Number.isInteger(version)
        ? version
        : undefined,
  });
  if (!outcome.ok) {
    if (outcome.reason === "not_found") return notFound(params.id);
    return data<ActionData>({ form: "action", message: outcome.message, tone: "error" }, { status: 409 });
  }
  return data<ActionData>({
    form: submission ? "revision" : "action",
    result: submission?.reply({ resetForm: true }),
    message:
      intent.data.intent === "approve" && Number.isInteger(version) && version > 0
        ? CLIENT_STEP_MESSAGES.approvedVersion(version)
        : SUCCESS[intent.data.intent],
    tone: "success",
  });
}

function ProjectNotFound({ id }: { id: string }) {
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-start gap-6 px-5 py-24 lg:px-8">
      <h1 className="font-display text-3xl font-semibold sm:text-4xl">{PROJECT_MESSAGES.notFoundTitle}</h1>
      <p className="text-lg wrap-anywhere text-text-muted">{PROJECT_MESSAGES.notFound(id)}</p>
      <Link to="/dashboard2" className="rounded-full bg-text px-6 py-3.5 text-sm font-semibold text-canvas">
        Back to Dashboard
      </Link>
    </section>
  );
}

/** A link that shows more of a windowed list: the same page with a larger ?files= or ?comments=. */
function MoreLink({
  param,
  count,
  anchor,
  children,
}: {
  param: "files" | "thread";
  count: number;
  anchor: string;
  children: ReactNode;
}) {
  const [params] = useSearchParams();
  const next = new URLSearchParams(params);
  next.set(param, String(Math.min(count, MAX_WINDOW)));
  return (
    <Link
      to={`?${next.toString()}#${anchor}`}
      className="self-start rounded-full border border-border px-4 py-2 text-sm font-semibold hover:border-text-muted"
      data-testid={`more-${param}`}
    >
      {children}
    </Link>
  );
}

function RevisionForm({
  lastResult,
  offer,
  drawsFrom,
}: {
  lastResult?: SubmissionResult<string[]>;
  offer: RoundOffer | null;
  drawsFrom: string[];
}) {
  const [form, fields] = useZodForm(RevisionFormSchema, {
    id: "revision",
    lastResult,
  });
  // Open while the client writes: a refused request opens it (also without
  // JavaScript) and it stays open as the errors clear on typing; only the
  // client's own click on the summary closes it.
  const refused = lastResult?.status === "error";
  const [open, setOpen] = useState(refused);
  const [answered, setAnswered] = useState(lastResult);
  if (answered !== lastResult) {
    setAnswered(lastResult);
    if (refused) setOpen(true);
  }
  return (
    <details
      className="group rounded-2xl border border-border"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary
        className={classes(
          "cursor-pointer list-none rounded-2xl px-5 py-3.5 text-center text-sm",
          "font-semibold hover:bg-surface-raised [&::-webkit-details-marker]:hidden",
        )}
      >
        {ACTION_LABELS.request_revision}
      </summary>
      <Form method="post" className="flex flex-col gap-3 px-4 pb-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="request_revision" />
        <TextareaField
          label="What should change?"
          textareaProps={{ ...getTextareaProps(fields.reason), rows: 3 }}
          errors={fields.reason.errors}
        />
        <RevisionCost offer={offer} drawsFrom={drawsFrom} />
        <SubmitButton pendingLabel="Sending…">Send revision request</SubmitButton>
      </Form>
    </details>
  );
}

function StatusCard({
  status,
}: {
  status: Pick<ReturnType<typeof describeStatus>, "label" | "meaning" | "whoseMoveLabel" | "next">;
}) {
  return (
    <section
      aria-labelledby="where-it-stands"
      className="flex flex-col gap-2 rounded-2xl border border-border bg-surface p-5"
      data-testid="status-card"
    >
      <h2 id="where-it-stands" className="font-display text-base font-semibold">
        Where it stands
      </h2>
      <p className="font-semibold">
        {status.label} · {status.whoseMoveLabel}
      </p>
      <p className="text-sm text-text-muted">{status.meaning}</p>
      <p className="text-sm">
        <span className="font-semibold">Next: </span>
        {status.next}
      </p>
    </section>
  );
}

export default function ProjectDetail({ loaderData, actionData }: Route.ComponentProps) {
  if ("notFound" in loaderData) return <ProjectNotFound id={loaderData.id} />;
  const { project, files, thread, counts, actions, proofing, status, steps, confirmations, confirming } =
    loaderData;
  const result = actionData && "form" in actionData ? actionData : undefined;
  const details = [
    ["Category", labelOf(CATEGORIES, project.category)],
    ["Budget", labelOf(BUDGETS, project.budget)],
    ["Timeline", labelOf(TIMELINES, project.timeline)],
    ["Tokens used", String(project.tokensUsed)],
    ["Pay with tokens", project.useTokens ? "Yes" : "No"],
    ["Project ID", shortId(project.id)],
  ] as const;

  return (
    <div className="flex flex-col gap-8">
      <Link
        to="/dashboard2/projects"
        className="self-start text-sm font-semibold text-text-muted hover:text-text"
      >
        ← All projects
      </Link>
      <header className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <StatusPill status={project.status} label={status.label} />
          <p className="text-sm text-text-muted">
            {status.whoseMoveLabel} · Submitted {formatDate(project.createdAt)}
          </p>
        </div>
        <h1 className="font-display text-3xl font-semibold wrap-anywhere sm:text-4xl">{project.title}</h1>
        {loaderData.proposal ? (
          <p className="text-sm text-text-muted" data-testid="project-proposal">
            Opened from the signed{" "}
            <Link
              to={`/proposals/${loaderData.proposal.id}`}
              className="font-semibold underline underline-offset-4"
            >
              proposal (version {loaderData.proposal.version})
            </Link>{" "}
            when its deposit was paid.{" "}
            <a
              href={`/proposals/${loaderData.proposal.id}/signed.pdf`}
              className="underline underline-offset-4"
              download
            >
              Signed copy (PDF)
            </a>
          </p>
        ) : null}
      </header>
      <Stepper states={steps} />
      <div aria-live="polite">
        {result?.message ? (
          <FormStatus tone={result.tone === "error" ? "error" : "success"} announce={false}>
            {result.message}
          </FormStatus>
        ) : null}
      </div>

      <div className="grid gap-10 lg:grid-cols-[1fr_20rem]">
        <div className="flex min-w-0 flex-col gap-10">
          <section className="flex flex-col gap-3" aria-labelledby="description">
            <h2 id="description" className="font-display text-lg font-semibold">
              Brief
            </h2>
            <p className="whitespace-pre-wrap wrap-anywhere text-text-muted">{project.description}</p>
          </section>
          <ProjectThread
            entries={thread}
            older={
              counts.thread > thread.length ? (
                <MoreLink param="thread" count={thread.length + WINDOW.thread} anchor="thread">
                  Show older entries ({thread.length} of {counts.thread} shown)
                </MoreLink>
              ) : null
            }
          >
            <div id="conversation" className="scroll-mt-24">
              <CommentForm
                label="Write to the studio"
                submitLabel="Send message"
                lastResult={result?.form === "comment" ? result.result : undefined}
              />
            </div>
          </ProjectThread>
          <ProjectProofing projectId={project.id} proofing={proofing} />
          <ProjectFiles
            projectId={project.id}
            files={files}
            emptyText="No files attached."
            downloadClassName="shrink-0 rounded-full border border-border px-4 py-2 text-sm font-semibold hover:border-text-muted"
          >
            {project.status === "cancelled" ? null : (
              <UploadForm
                label="Add a file"
                lastResult={result?.form === "upload" ? result.result : undefined}
              />
            )}
          </ProjectFiles>
          {counts.files > files.length ? (
            <MoreLink param="files" count={files.length + WINDOW.files} anchor="files">
              Show more files ({files.length} of {counts.files} shown)
            </MoreLink>
          ) : null}
        </div>

        <aside className="order-first flex flex-col gap-8 lg:order-none">
          <StatusCard status={status} />
          <DeliveryClock view={loaderData.delivery} />
          <ProjectDetails rows={details} />
          {actions.length || loaderData.refusal ? (
            <section className="flex flex-col gap-3" aria-labelledby="actions">
              <h2 id="actions" className="font-display text-base font-semibold">
                Actions
              </h2>
              <RoleRefusal message={loaderData.refusal} />
              {confirmations.approve ? (
                <ConfirmStep copy={confirmations.approve} open={confirming === "approve"} />
              ) : null}
              {actions.includes("request_revision") ? (
                <RevisionForm
                  lastResult={result?.form === "revision" ? result.result : undefined}
                  offer={proofing?.offer ?? null}
                  drawsFrom={proofing?.drawsFrom ?? []}
                />
              ) : null}
              {confirmations.cancel ? (
                <ConfirmStep copy={confirmations.cancel} open={confirming === "cancel"} />
              ) : null}
            </section>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
