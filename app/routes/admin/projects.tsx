import { classes } from "~/lib/classes";
import { Pager } from "~/components/pager";
import { Form, Link } from "react-router";
import { CATEGORIES, labelOf, STATUS_LABELS, type ProjectStatus } from "~models/projects/projects";
import { pageNumber } from "~models/platform/pagination";
import { parsePipelineFilter, PIPELINE_VIEWS, type PipelineView } from "~models/back-office/project-pipeline";
import { countProjectsByStatus, listPipeline } from "~models/back-office/project-pipeline.server";
import { cell, DataTable, EmptyState, PageHeader } from "~/components/admin/ui";
import { StatusPill } from "~/components/projects/status-pill";
import { RiskBadge } from "~/components/delivery/risk-badge";
import { inputClass } from "~/components/forms";
import { formatDate, formatDateTime } from "~/lib/format";
import { adminMeta } from "~/lib/admin-meta";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/projects";

export const meta: Route.MetaFunction = () => adminMeta("Projects");

export async function loader({ request, context }: Route.LoaderArgs) {
  await staffOf({ request, context });
  const params = new URL(request.url).searchParams;
  const filter = parsePipelineFilter(params);
  const [{ projects, page }, counts] = await Promise.all([
    listPipeline(filter, pageNumber(params.get("page"))),
    countProjectsByStatus(),
  ]);
  return { filter, projects, page, counts };
}

const viewLabel = (view: PipelineView) =>
  view === "active" ? "Open" : view === "all" ? "All" : STATUS_LABELS[view as ProjectStatus];

export default function Pipeline({ loaderData }: Route.ComponentProps) {
  const { filter, projects, page, counts } = loaderData;
  const viewHref = (view: PipelineView) => {
    const params = new URLSearchParams();
    if (view !== "active") params.set("status", view);
    if (filter.q) params.set("q", filter.q);
    const query = params.toString();
    return query ? `/admin/projects?${query}` : "/admin/projects";
  };
  return (
    <>
      <PageHeader
        title="Projects"
        description="Every client's project, by status; those at risk of missing their delivery date first. Open one to move it along."
      />
      <nav aria-label="Project status" className="-mx-1 overflow-x-auto">
        <ul className="flex gap-2 px-1">
          {PIPELINE_VIEWS.map((view) => (
            <li key={view}>
              <Link
                to={viewHref(view)}
                aria-current={filter.view === view ? "page" : undefined}
                className={classes(
                  "inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-medium whitespace-nowrap",
                  filter.view === view
                    ? "border-text bg-text text-canvas"
                    : "border-border text-text-muted hover:text-text",
                )}
              >
                {viewLabel(view)} <span className="text-xs opacity-80">{counts[view]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" role="search" aria-label="Find a project" className="flex flex-wrap items-end gap-3">
        {filter.view !== "active" ? <input type="hidden" name="status" value={filter.view} /> : null}
        <label className="flex min-w-48 flex-1 flex-col gap-1.5 text-sm font-medium">
          Search
          <input
            type="search"
            name="q"
            defaultValue={filter.q}
            placeholder="Title, client or project id"
            className={`${inputClass} py-2`}
          />
        </label>
        <button type="submit" className="rounded-full bg-text px-4 py-2.5 text-sm font-semibold text-canvas">
          Search
        </button>
      </Form>
      {projects.length ? (
        <DataTable
          caption="Projects"
          columns={["Project", "Client", "Status", "Category", "Submitted", "Last change"]}
        >
          {projects.map((project) => (
            <tr key={project.id} data-testid="pipeline-row" data-at-risk={project.clock.atRisk || undefined}>
              <td className={cell}>
                <Link
                  to={`/admin/projects/${project.id}`}
                  className="font-semibold break-words underline-offset-4 hover:underline"
                >
                  {project.title}
                </Link>
                <RiskBadge clock={project.clock} />
              </td>
              <td className={cell}>
                <Link
                  to={`/admin/clients/${project.client.id}`}
                  className="underline-offset-4 hover:underline"
                >
                  {project.client.username}
                </Link>
                <span className="block text-text-muted">{project.client.email}</span>
              </td>
              <td className={cell}>
                <StatusPill status={project.status} label={STATUS_LABELS[project.status]} />
              </td>
              <td className={`${cell} text-text-muted`}>{labelOf(CATEGORIES, project.category)}</td>
              <td className={`${cell} whitespace-nowrap text-text-muted`}>{formatDate(project.createdAt)}</td>
              <td className={`${cell} whitespace-nowrap text-text-muted`}>
                {formatDateTime(project.updatedAt)}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : (
        <EmptyState>No projects here.</EmptyState>
      )}
      <Pager page={page} noun={["project", "projects"]} label="Projects pages" />
    </>
  );
}
