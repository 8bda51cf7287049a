import { classes } from "~/lib/classes";
import { Link } from "react-router";
import { CATEGORIES, labelOf, type ProjectStatus } from "~models/projects/projects";
import { formatDate, shortId } from "~/lib/format";
import { StatusBadge } from "./status-badge";

export type ProjectSummary = {
  id: string;
  title: string;
  status: ProjectStatus;
  /** The stored step: tells a fresh submission from delivered work under review. */
  step?: number;
  category: string;
  createdAt: Date | string;
};

/** A project in a list: title, status, category and date, linking to /project/:id. */
function ProjectCard({ project }: { project: ProjectSummary }) {
  return (
    <li
      className="relative flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5 transition-colors hover:border-text-muted"
      data-testid="project-card"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 font-display text-base font-semibold wrap-anywhere">
          <Link
            to={`/project/${project.id}`}
            className={classes(
              "after:absolute after:inset-0 focus-visible:outline-none",
              "after:rounded-2xl focus-visible:after:outline-2",
              "focus-visible:after:outline-yellow",
            )}
          >
            {project.title}
          </Link>
        </h3>
        <StatusBadge status={project.status} step={project.step} />
      </div>
      <p className="text-sm text-text-muted">
        {labelOf(CATEGORIES, project.category)} · Submitted {formatDate(project.createdAt)} ·{" "}
        <span className="font-mono text-xs">{shortId(project.id)}</span>
      </p>
    </li>
  );
}

export function NoProjects({ title = "No projects yet" }: { title?: string }) {
  return (
    <div className="flex flex-col items-start gap-4 rounded-2xl border border-dashed border-border p-8">
      <p className="font-display text-lg font-semibold">{title}</p>
      <p className="text-text-muted">
        Tell us what you want to make. Our team reviews every brief and replies here.
      </p>
      <Link
        to="/createprojectform"
        className="rounded-full bg-text px-5 py-3 text-sm font-semibold text-canvas"
      >
        Start a project
      </Link>
    </div>
  );
}

/** A client's projects as cards, or the empty state when there are none. */
export function ProjectList({ projects }: { projects: ProjectSummary[] }) {
  if (!projects.length) return <NoProjects />;
  return (
    <ul className="grid gap-3">
      {projects.map((project) => (
        <ProjectCard key={project.id} project={project} />
      ))}
    </ul>
  );
}
