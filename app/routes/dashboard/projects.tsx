import { Link } from "react-router";
import { pageNumber } from "~models/platform/pagination";
import { listProjectsPage } from "~models/projects/projects.server";
import { Pager } from "~/components/pager";
import { ProjectList } from "~/components/projects/project-card";
import { requireUser } from "~/lib/auth.server";
import type { Route } from "./+types/projects";

export const meta: Route.MetaFunction = () => [{ title: "Projects — Ascendra" }];

/** Project cards per page of the tab. */
const PAGE_SIZE = 12;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const requested = pageNumber(new URL(request.url).searchParams.get("page"));
  const { rows, page } = await listProjectsPage(user.id, requested, PAGE_SIZE);
  return { projects: rows, page: { page: page.page, pageCount: page.pageCount, total: page.total } };
}

export default function ProjectsTab({ loaderData }: Route.ComponentProps) {
  const { projects, page } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-2">
          <h1 className="font-display text-3xl font-semibold">Projects</h1>
          <p className="text-text-muted">
            {page.total
              ? `${page.total} project${page.total === 1 ? "" : "s"}, newest first.`
              : "Everything you submit to our team appears here."}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to="/order"
            className="rounded-full border border-border px-5 py-3 text-sm font-semibold hover:border-text-muted"
          >
            Track projects
          </Link>
          <Link
            to="/createprojectform"
            className="rounded-full bg-text px-5 py-3 text-sm font-semibold text-canvas"
          >
            New project
          </Link>
        </div>
      </header>
      <ProjectList projects={projects} />
      <Pager page={page} label="Project pages" noun={["project", "projects"]} />
    </div>
  );
}
