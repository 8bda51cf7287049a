import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, Form, Link, useSubmit } from "react-router";
import {
  PROJECT_FILTERS,
  PROJECT_RATING_MESSAGES,
  ProjectFilterSchema,
  RatingSchema,
} from "~models/projects/account-projects";
import {
  listAccountProjects,
  rateProject,
  type AccountProjectCard,
} from "~models/views/account-projects.server";
import { fileDownloadPath, PROJECT_MESSAGES } from "~models/projects/projects";
import { formatFileSize } from "~models/platform/uploads";
import { RatingForm } from "~/components/account/rating-form";
import { primaryLinkClass, secondaryButtonClass } from "~/components/account/section";
import { inputClass, useHydrated } from "~/components/forms";
import { ProjectProgress } from "~/components/projects/progress-bar";
import { StatusBadge } from "~/components/projects/status-badge";
import { Pager } from "~/components/pager";
import { memberOf } from "~/lib/membership.server";
import { pageNumber } from "~models/platform/pagination";
import { formatDate } from "~/lib/format";
import type { Route } from "./+types/projects";
import { requireForm } from "~/lib/body/form.server";

export const meta: Route.MetaFunction = () => [{ title: "Project Management — Ascendra" }];

export async function loader({ request }: Route.LoaderArgs) {
  const member = await memberOf(request);
  const { status } = ProjectFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const requested = pageNumber(new URL(request.url).searchParams.get("page"));
  return { filter: status, ...(await listAccountProjects(member.accountId, status, requested)) };
}

type ActionData = { projectId: string; result?: SubmissionResult<string[]>; message?: string };

/** Rates a finished project (the Dashboard's satisfaction is the average). */
export async function action({ request }: Route.ActionArgs) {
  const member = await memberOf(request);
  const formData = await requireForm(request);
  const projectId = String(formData.get("projectId") ?? "");
  const submission = parseWithZod(formData, { schema: RatingSchema });
  if (submission.status !== "success")
    return data<ActionData>({ projectId, result: submission.reply() }, { status: 400 });
  const rated = await rateProject(member.accountId, submission.value);
  if (!rated.ok)
    return data<ActionData>(
      { projectId, result: submission.reply({ formErrors: [rated.message] }) },
      { status: rated.reason === "not_found" ? 404 : 409 },
    );
  return data<ActionData>({
    projectId,
    result: submission.reply(),
    message: PROJECT_RATING_MESSAGES.ratingSaved,
  });
}

function Summary({ summary }: { summary: Route.ComponentProps["loaderData"]["summary"] }) {
  const items = [
    ["Total projects", summary.total, "summary-total"],
    ["Completed", summary.completed, "summary-completed"],
    ["In progress", summary.inProgress, "summary-in-progress"],
    ["Average progress", `${summary.averageProgress}%`, "summary-progress"],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label="Summary">
      {items.map(([label, value, testId]) => (
        <div key={label} className="rounded-2xl border border-border bg-surface p-5">
          <dt className="text-sm text-text-muted">{label}</dt>
          <dd className="mt-1 font-display text-2xl font-semibold" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function DownloadFiles({ project }: { project: AccountProjectCard }) {
  const { count, only } = project.files;
  if (!count)
    return (
      <span className={`${secondaryButtonClass} cursor-not-allowed opacity-50`} aria-disabled="true">
        No files yet
      </span>
    );
  if (only) {
    return (
      <a href={fileDownloadPath(project.id, only.id)} download className={secondaryButtonClass}>
        Download Files
        <span className="sr-only">
          : {only.name} ({formatFileSize(only.size)})
        </span>
      </a>
    );
  }
  return (
    <Link to={`/project/${project.id}#files`} className={secondaryButtonClass}>
      Download Files ({count})
    </Link>
  );
}

function ProjectItem({
  project,
  actionData,
}: {
  project: AccountProjectCard;
  actionData: ActionData | undefined;
}) {
  const mine = actionData?.projectId === project.id ? actionData : undefined;
  return (
    <li
      className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5"
      data-testid="account-project"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 className="font-display text-lg font-semibold wrap-anywhere">{project.name}</h2>
        <StatusBadge status={project.status} label={project.statusLabel} />
      </div>
      <ProjectProgress
        name={project.name}
        progress={project.progress}
        className="flex flex-col gap-1.5"
        valueClassName="font-medium"
      />
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-text-muted">Started</dt>
          <dd className="font-medium">{formatDate(project.startDate)}</dd>
        </div>
        <div>
          <dt className="text-text-muted">{project.completedAt ? "Completed" : "Expected completion"}</dt>
          <dd className="font-medium">
            {project.completedAt
              ? formatDate(project.completedAt)
              : project.expectedCompletion
                ? formatDate(project.expectedCompletion)
                : "Flexible"}
          </dd>
        </div>
        <div>
          <dt className="text-text-muted">Team</dt>
          <dd className="font-medium">{project.assignedTeam}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Link to={`/project/${project.id}`} className={primaryLinkClass}>
          View Details<span className="sr-only">: {project.name}</span>
        </Link>
        <DownloadFiles project={project} />
        <Link to={`/project/${project.id}#conversation`} className={secondaryButtonClass}>
          Contact Team
        </Link>
      </div>
      {project.canRate ? (
        <RatingForm
          projectId={project.id}
          current={project.rating}
          lastResult={mine?.result}
          message={mine?.message ?? null}
        />
      ) : null}
    </li>
  );
}

export default function ProjectManagement({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, projects, summary, page } = loaderData;
  const hydrated = useHydrated();
  const submit = useSubmit();
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-2">
          <h1 className="font-display text-3xl font-semibold">Project Management</h1>
          <p className="text-text-muted">Every project you have with us, its progress and its files.</p>
        </div>
        <Link to="/createprojectform" className={primaryLinkClass}>
          New Project
        </Link>
      </header>
      <Summary summary={summary} />
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
        <label className="flex flex-col gap-2 text-sm font-medium">
          Show
          <select
            name="status"
            defaultValue={filter}
            className={`${inputClass} min-w-48`}
            onChange={hydrated ? (event) => submit(event.currentTarget.form, { replace: true }) : undefined}
          >
            {PROJECT_FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={secondaryButtonClass}>
          Filter
        </button>
      </Form>
      {projects.length ? (
        <ul className="grid gap-4 xl:grid-cols-2">
          {projects.map((project) => (
            <ProjectItem key={project.id} project={project} actionData={actionData} />
          ))}
        </ul>
      ) : (
        <div
          className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-border p-8"
          role="status"
        >
          <p className="font-display text-lg font-semibold">{PROJECT_MESSAGES.noProjectsFound}</p>
          <p className="text-text-muted">
            {summary.total ? PROJECT_MESSAGES.adjustFilters : "Start your first project and follow it here."}
          </p>
        </div>
      )}
      <Pager page={page} label="Project pages" noun={["project", "projects"]} />
    </div>
  );
}
