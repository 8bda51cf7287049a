import { Link } from "react-router";
import { listProjects } from "~models/projects/projects.server";
import { ProjectList } from "~/components/projects/project-card";
import { requireUser } from "~/lib/auth.server";
import type { Route } from "./+types/projects";

export const meta: Route.MetaFunction = () => [{ title: "Projects — Ascendra" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { projects: await listProjects(user.id) };
}

export default function ProjectsTab({ loaderData }: Route.ComponentProps) {
  const { projects } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-2">
          <h1 className="font-display text-3xl font-semibold">Projects</h1>
          <p className="text-text-muted">
            {projects.length
              ? `${projects.length} project${projects.length === 1 ? "" : "s"}, newest first.`
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
    </div>
  );
}
