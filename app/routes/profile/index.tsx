import { classes } from "~/lib/classes";
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { z } from "zod";
import { accountSummaryForRequest, planAndBalance } from "~models/views/account-summary.server";
import { PROJECT_MESSAGES } from "~models/projects/projects";
import { CommentFormSchema, MeetingRequestSchema, REQUEST_MESSAGES } from "~models/projects/project-forms";
import { createProjectRequest, getLatestProjectSummary } from "~models/projects/project-requests.server";
import { addComment } from "~models/projects/project-conversation.server";
import { getProjectForViewer } from "~models/projects/projects.server";
import { Field, FormStatus, SubmitButton } from "~/components/forms";
import { NoProjects } from "~/components/projects/project-card";
import { CommentForm } from "~/components/projects/project-page";
import { StatusBadge } from "~/components/projects/status-badge";
import { findMember, memberOf } from "~/lib/membership.server";
import { viewerOf, whoseSummary } from "~/lib/member-summary.server";
import { formatDate, formatDateTime, formatIst } from "~/lib/format";
import type { Route } from "./+types/index";
import { requireForm } from "~/lib/body/form.server";
import { useZodForm } from "~/lib/use-zod-form";
import { CheckIcon } from "~/components/icons";

export const meta: Route.MetaFunction = () => [{ title: "Latest project — Ascendra" }];

export async function loader({ request }: Route.LoaderArgs) {
  const member = await findMember(request);
  if (!member) return { summary: null };
  const account = accountSummaryForRequest(request, whoseSummary(member)).then(planAndBalance);
  return { summary: await getLatestProjectSummary(member.accountId, new Date(), account) };
}

const IntentSchema = z.object({ intent: z.enum(["meet", "update", "comment"]), projectId: z.string() });
type ActionData = {
  form: "meet" | "update" | "comment";
  result?: SubmissionResult<string[]>;
  message?: string;
};

export async function action({ request }: Route.ActionArgs) {
  const member = await memberOf(request);
  const viewer = viewerOf(member);
  const formData = await requireForm(request);
  const parsed = IntentSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) throw new Response("Bad request", { status: 400 });
  const project = await getProjectForViewer(parsed.data.projectId, viewer);
  // Requests are the organisation's: anyone else's project is "not found".
  if (!project || project.userId !== member.accountId)
    throw new Response(PROJECT_MESSAGES.apiNotFound, { status: 404 });

  const { intent } = parsed.data;
  if (intent === "meet") {
    const submission = parseWithZod(formData, { schema: MeetingRequestSchema });
    if (submission.status !== "success")
      return data<ActionData>({ form: "meet", result: submission.reply() }, { status: 400 });
    await createProjectRequest(project, member.accountId, {
      kind: "meeting",
      preferredTime: submission.value.preferredTime,
      note: submission.value.note,
    });
    return data<ActionData>({
      form: "meet",
      result: submission.reply({ resetForm: true }),
      message: REQUEST_MESSAGES.meetingRequested,
    });
  }
  if (intent === "update") {
    await createProjectRequest(project, member.accountId, { kind: "update" });
    return data<ActionData>({ form: "update", message: REQUEST_MESSAGES.updateRequested });
  }
  const submission = parseWithZod(formData, { schema: CommentFormSchema });
  if (submission.status !== "success")
    return data<ActionData>({ form: "comment", result: submission.reply() }, { status: 400 });
  await addComment(project.id, viewer, submission.value.text);
  return data<ActionData>({
    form: "comment",
    result: submission.reply({ resetForm: true }),
    message: submission.value.text ? PROJECT_MESSAGES.commentAdded : undefined,
  });
}

function Check({ done, children }: { done: boolean; children: React.ReactNode }) {
  return (
    <li className="flex items-start gap-2.5 text-sm">
      <span
        className={classes(
          "mt-0.5 grid size-5 shrink-0 place-items-center rounded-full",
          "text-[0.65rem] font-bold",
          done ? "bg-green text-green-ink" : "border border-border text-text-muted",
        )}
        aria-hidden="true"
      >
        {done ? <CheckIcon small /> : null}
      </span>
      <span className={done ? "text-text" : "text-text-muted"}>
        {children}
        <span className="sr-only">{done ? " (yes)" : " (no)"}</span>
      </span>
    </li>
  );
}

function MeetingForm({
  projectId,
  lastResult,
}: {
  projectId: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useZodForm(MeetingRequestSchema, {
    id: "meet",
    lastResult,
  });
  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <input type="hidden" name="projectId" value={projectId} />
      <Field
        labelProps={{ children: "Preferred time (IST)" }}
        inputProps={getInputProps(fields.preferredTime, { type: "datetime-local" })}
        errors={fields.preferredTime.errors}
      />
      <Field
        labelProps={{ children: "Note (optional)" }}
        inputProps={{
          ...getInputProps(fields.note, { type: "text" }),
          placeholder: "What would you like to discuss?",
        }}
        errors={fields.note.errors}
      />
      <SubmitButton name="intent" value="meet" className="self-start" pendingLabel="Requesting…">
        Request
      </SubmitButton>
    </Form>
  );
}

const card = "flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 sm:p-6";

export default function ProfileHome({ loaderData, actionData }: Route.ComponentProps) {
  const { summary } = loaderData;
  if (!summary) {
    return (
      <div className="flex flex-col gap-6">
        <h1 className="font-display text-3xl font-semibold">Latest project</h1>
        <NoProjects />
      </div>
    );
  }
  const { project, due, checks, latestUpdate, resources, requests, comments } = summary;
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-3">
        <p className="font-display text-xs tracking-[0.3em] text-purple uppercase">Latest project</p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="font-display text-3xl font-semibold wrap-anywhere">{project.title}</h1>
          <StatusBadge status={project.status} />
        </div>
        <p className="text-sm text-text-muted">
          Submitted {formatDate(project.createdAt)} · {due ? `Due ${formatDate(due)}` : "Flexible timeline"} ·
          Updated {formatDate(project.updatedAt)}
        </p>
        <Link
          to={`/project/${project.id}`}
          className="self-start text-sm font-semibold underline-offset-4 hover:underline"
        >
          Open the project →
        </Link>
      </header>

      <div aria-live="polite">
        {actionData?.message ? (
          <FormStatus tone="success" announce={false}>
            {actionData.message}
          </FormStatus>
        ) : null}
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <section className={card} aria-labelledby="status-checks">
          <h2 id="status-checks" className="font-display text-base font-semibold">
            Project status
          </h2>
          <ul className="flex flex-col gap-2.5">
            <Check done={checks.onTime}>Project status on time</Check>
            <Check done={checks.teamWorking}>Team working on it</Check>
            <Check done={checks.pendingResources}>Pending required resources</Check>
          </ul>
        </section>

        <section className={card} aria-labelledby="latest-update">
          <h2 id="latest-update" className="font-display text-base font-semibold">
            Latest Update
          </h2>
          {latestUpdate ? (
            <>
              <p className="whitespace-pre-wrap wrap-anywhere">{latestUpdate.text}</p>
              <p className="text-xs text-text-muted">{formatDateTime(latestUpdate.at)}</p>
            </>
          ) : (
            <p className="text-text-muted">No updates yet.</p>
          )}
        </section>

        <section className={card} aria-labelledby="meet-heading">
          <h2 id="meet-heading" className="font-display text-base font-semibold">
            Schedule Online Meet
          </h2>
          <MeetingForm
            projectId={project.id}
            lastResult={actionData?.form === "meet" ? actionData.result : undefined}
          />
        </section>

        <section className={card} aria-labelledby="resources">
          <h2 id="resources" className="font-display text-base font-semibold">
            Required Resources
          </h2>
          <ul className="flex flex-col gap-2.5">
            {resources.map((r) => (
              <Check key={r.label} done={r.done}>
                {r.done ? (
                  r.label
                ) : (
                  <Link to={r.fixHref} className="underline-offset-4 hover:underline">
                    {r.label}
                  </Link>
                )}
              </Check>
            ))}
          </ul>
        </section>

        <section className={card} aria-labelledby="update-request">
          <h2 id="update-request" className="font-display text-base font-semibold">
            Request Detailed Update
          </h2>
          <p className="text-sm text-text-muted">
            Your project manager writes a full progress report in the project conversation.
          </p>
          <Form method="post">
            <input type="hidden" name="projectId" value={project.id} />
            <SubmitButton name="intent" value="update" pendingLabel="Requesting…">
              Request Detailed Update
            </SubmitButton>
          </Form>
          {requests.length ? (
            <ul
              className="flex flex-col gap-1 border-t border-border pt-3 text-sm text-text-muted"
              aria-label="Your recent requests"
            >
              {requests.map((r) => (
                <li key={r.id}>
                  {r.kind === "meeting"
                    ? `Meeting for ${r.preferredTime ? formatIst(r.preferredTime) : "a time to agree"}`
                    : "Detailed update"}{" "}
                  · asked {formatDate(r.createdAt)}
                  {r.handledAt ? " · answered" : ""}
                </li>
              ))}
            </ul>
          ) : null}
        </section>

        <section className={card} aria-labelledby="comment">
          <h2 id="comment" className="font-display text-base font-semibold">
            Comment
          </h2>
          {comments.length ? (
            <ol className="flex flex-col gap-2 text-sm">
              {comments.map((c) => (
                <li key={c.id}>
                  <span className="font-semibold">{c.author}:</span>{" "}
                  <span className="wrap-anywhere text-text-muted">{c.text}</span>
                </li>
              ))}
            </ol>
          ) : null}
          <CommentForm
            id="profile-comment"
            projectId={project.id}
            label="Comment"
            placeholder="A question or a note for your project manager"
            submitLabel="Send"
            lastResult={actionData?.form === "comment" ? actionData.result : undefined}
          />
        </section>
      </div>
    </div>
  );
}
