import { Form, Link } from "react-router";
import { getProjectHelp } from "~models/projects/dashboard-content.server";
import { PROJECT_MESSAGES } from "~models/projects/projects";
import {
  ORDER_PAGE_SIZE,
  OrderFilterSchema,
  TRACKED_STATUSES,
  trackedStatusLabel,
  type TrackedProject,
} from "~models/projects/project-tracking";
import { listTrackedProjects } from "~models/projects/project-lists.server";
import { deliveryViewsFor, type DeliveryView } from "~models/delivery/clock.server";
import { DeliveryLine } from "~/components/delivery/delivery-line";
import { pageNumber } from "~models/platform/pagination";
import { Pager } from "~/components/pager";
import { ProjectProgress } from "~/components/projects/progress-bar";
import { StatusBadge } from "~/components/projects/status-badge";
import { memberOf } from "~/lib/membership.server";
import { formatDate, shortId } from "~/lib/format";
import type { Route } from "./+types/order";
import { CheckIcon } from "~/components/icons";

export const meta: Route.MetaFunction = () => [
  { title: "Track Your Projects — Ascendra" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const member = await memberOf(request);
  const url = new URL(request.url);
  const filter = OrderFilterSchema.parse({
    q: url.searchParams.get("q") ?? undefined,
    status: url.searchParams.get("status") ?? undefined,
  });
  const [{ projects, total, page }, help] = await Promise.all([
    listTrackedProjects(
      { id: member.accountId, clientName: member.organisation.name },
      filter,
      pageNumber(url.searchParams.get("page")),
    ),
    getProjectHelp(),
  ]);
  const delivery = await deliveryViewsFor(
    projects.map((p) => p.id),
    "client",
  );
  return {
    projects,
    delivery,
    total,
    page: { page: page.page, pageCount: page.pageCount, total: page.total },
    filter,
    help,
  };
}

const LEGEND_DOT: Record<string, string> = {
  submitted: "bg-purple",
  returned: "bg-text-muted",
  in_progress: "bg-blue",
  revision_requested: "bg-yellow",
  ready_for_review: "bg-purple",
  published: "bg-green",
  completed: "bg-green",
  cancelled: "bg-red",
};

const MILESTONE_STYLE = {
  completed: { dot: "bg-green text-green-ink", label: "Completed" },
  "in-progress": { dot: "bg-yellow text-yellow-ink", label: "In progress" },
  pending: { dot: "border border-border text-text-muted", label: "Pending" },
} as const;

function TrackedCard({ project, delivery }: { project: TrackedProject; delivery?: DeliveryView }) {
  // No staff-only fields (priority, the client's own name) and, before the studio accepted the
  // brief, no progress or estimate: nothing was promised yet (decision 0057).
  const info: [string, string][] = [
    ["Project ID", shortId(project.id)],
    ["Team", project.assignedTeam],
    ["Submitted", formatDate(project.startDate)],
  ];
  if (project.started)
    info.push([
      "Estimated completion",
      project.estimatedCompletion ? formatDate(project.estimatedCompletion) : "Flexible",
    ]);
  if (project.actualCompletion) info.push(["Completed", formatDate(project.actualCompletion)]);
  const words = TRACKED_STATUSES.find((s) => s.value === project.trackedStatus);
  return (
    <li
      className="flex flex-col gap-5 rounded-2xl border border-border bg-surface p-5 sm:p-6"
      data-testid="tracked-project"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 className="min-w-0 font-display text-lg font-semibold wrap-anywhere">{project.projectName}</h2>
        <div className="flex flex-wrap gap-2">
          <StatusBadge status={project.status} label={trackedStatusLabel(project.trackedStatus)} />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
        {info.map(([term, value]) => (
          <div key={term} className="flex min-w-0 flex-col gap-0.5">
            <dt className="text-xs text-text-muted">{term}</dt>
            <dd className="truncate font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      {words ? (
        <p className="text-sm" data-testid="tracked-next">
          <span className="font-semibold">{words.whoseMove}.</span> {words.meaning} Next: {words.next}
        </p>
      ) : null}
      <p className="line-clamp-3 text-sm text-text-muted">{project.description}</p>
      <DeliveryLine view={delivery} />
      {project.started ? (
        <ProjectProgress
          name={project.projectName}
          progress={project.progress}
          className="flex flex-col gap-2"
          valueClassName="font-semibold"
        />
      ) : null}
      <ol className="grid gap-2 sm:grid-cols-5" aria-label="Milestones">
        {project.milestones.map((m) => (
          <li
            key={m.name}
            className="flex items-center gap-2 text-sm sm:flex-col sm:items-start"
            data-milestone={m.status}
          >
            <span
              className={`grid size-5 shrink-0 place-items-center rounded-full text-[0.6rem] font-bold ${MILESTONE_STYLE[m.status].dot}`}
              aria-hidden="true"
            >
              {m.status === "completed" ? <CheckIcon small /> : null}
            </span>
            <span className="flex flex-col">
              <span className={m.status === "pending" ? "text-text-muted" : "text-text"}>{m.name}</span>
              <span className="text-xs text-text-muted">
                {MILESTONE_STYLE[m.status].label}
                {m.date ? ` · ${formatDate(m.date)}` : ""}
              </span>
            </span>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
        <p className="text-xs text-text-muted">Last updated {formatDate(project.lastUpdate)}</p>
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/project/${project.id}`}
            className="rounded-full bg-text px-4 py-2 text-sm font-semibold text-canvas"
          >
            View Details<span className="sr-only">: {project.projectName}</span>
          </Link>
          <Link
            to={`/project/${project.id}#files`}
            className="rounded-full border border-border px-4 py-2 text-sm font-semibold hover:border-text-muted"
          >
            Download Files<span className="sr-only">: {project.projectName}</span>
          </Link>
          <Link
            to={`/project/${project.id}#conversation`}
            className="rounded-full border border-border px-4 py-2 text-sm font-semibold hover:border-text-muted"
          >
            Contact Team<span className="sr-only">: {project.projectName}</span>
          </Link>
        </div>
      </div>
    </li>
  );
}

export default function Order({ loaderData }: Route.ComponentProps) {
  const { projects, total, page, filter, help } = loaderData;
  const first = (page.page - 1) * ORDER_PAGE_SIZE + 1;
  const shown = projects.length === page.total ? projects.length : `${first}–${first + projects.length - 1}`;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-10 px-5 py-12 lg:px-8">
      <header className="flex flex-col gap-3">
        <p className="font-display text-xs tracking-[0.3em] text-green uppercase">Order tracking</p>
        <h1 className="font-display text-3xl font-semibold sm:text-5xl">Track Your Projects</h1>
        <p className="max-w-2xl text-text-muted">
          Every project you have with us, where it stands and what comes next.
        </p>
      </header>

      <section aria-labelledby="status-guide" className="flex flex-col gap-3">
        <h2 id="status-guide" className="font-display text-base font-semibold">
          Status guide
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {TRACKED_STATUSES.map((s) => (
            <li
              key={s.value}
              className="flex items-start gap-2.5 rounded-xl border border-border p-3 text-sm"
            >
              <span
                className={`mt-1.5 size-2.5 shrink-0 rounded-full ${LEGEND_DOT[s.value]}`}
                aria-hidden="true"
              />
              <span>
                <span className="block font-semibold">{s.label}</span>
                <span className="block text-text-muted">{s.meaning}</span>
                <span className="block text-xs text-text-muted">{s.whoseMove}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <Form
        method="get"
        role="search"
        className="grid gap-3 sm:grid-cols-[1fr_14rem_auto]"
        aria-label="Find a project"
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor="order-search" className="text-sm font-medium">
            Search
          </label>
          <input
            id="order-search"
            type="search"
            name="q"
            defaultValue={filter.q}
            placeholder="Project name, ID or client name"
            className="rounded-xl border border-border bg-surface px-4 py-3 text-base text-text placeholder:text-text-muted/70 focus:border-text-muted"
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="order-status" className="text-sm font-medium">
            Status
          </label>
          <select
            id="order-status"
            name="status"
            defaultValue={filter.status}
            className="rounded-xl border border-border bg-surface px-4 py-3 text-base text-text focus:border-text-muted"
          >
            <option value="all">All statuses</option>
            {TRACKED_STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="self-end rounded-full bg-text px-6 py-3.5 text-sm font-semibold text-canvas"
        >
          Apply
        </button>
      </Form>

      <section aria-label="Projects" aria-live="polite" className="flex flex-col gap-4">
        <p className="text-sm text-text-muted">
          {projects.length
            ? `Showing ${shown} of ${page.total} project${page.total === 1 ? "" : "s"}`
            : `Showing 0 of ${page.total} projects`}
          {page.total !== total ? ` (${total} in all)` : ""}.
        </p>
        {projects.length ? (
          <ul className="flex flex-col gap-5">
            {projects.map((project) => (
              <TrackedCard key={project.id} project={project} delivery={loaderData.delivery[project.id]} />
            ))}
          </ul>
        ) : null}
        <Pager page={page} label="Project pages" noun={["project", "projects"]} />
        {projects.length ? null : (
          <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-border px-6 py-14 text-center">
            <p className="font-display text-lg font-semibold">{PROJECT_MESSAGES.noProjectsFound}</p>
            <p className="text-text-muted">{PROJECT_MESSAGES.adjustFilters}</p>
            {total === 0 ? (
              <Link
                to="/createprojectform"
                className="mt-3 rounded-full bg-text px-5 py-3 text-sm font-semibold text-canvas"
              >
                Start a project
              </Link>
            ) : (
              <Link
                to="/order"
                className="mt-3 rounded-full border border-border px-5 py-3 text-sm font-semibold"
              >
                Clear filters
              </Link>
            )}
          </div>
        )}
      </section>

      <section
        aria-labelledby="need-help"
        className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-6"
      >
        <h2 id="need-help" className="font-display text-lg font-semibold">
          Need help with a project?
        </h2>
        <p className="text-text-muted">Talk to us the way you like{help ? ` — ${help.hours}` : ""}.</p>
        <div className="flex flex-wrap gap-3">
          <Link
            to={help?.chat.href ?? "/helpsupport"}
            className="rounded-full bg-text px-5 py-3 text-sm font-semibold text-canvas"
          >
            {help?.chat.label ?? "Live Chat"}
          </Link>
          <Link
            to={help?.ticket.href ?? "/createticket"}
            className="rounded-full border border-border px-5 py-3 text-sm font-semibold hover:border-text-muted"
          >
            {help?.ticket.label ?? "Create Support Ticket"}
          </Link>
          {help ? (
            <a
              href={`tel:${help.phone.replace(/\s+/g, "")}`}
              className="rounded-full border border-border px-5 py-3 text-sm font-semibold hover:border-text-muted"
            >
              Call Us <span className="text-text-muted">{help.phone}</span>
            </a>
          ) : null}
        </div>
      </section>
    </div>
  );
}
