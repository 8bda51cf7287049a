import { listProjects } from "~models/projects/projects.server";
import { ProjectList } from "~/components/projects/project-card";
import { getUser } from "~/lib/auth.server";
import type { Route } from "./+types/projects";

export const meta: Route.MetaFunction = () => [{ title: "Projects — Ascendra" }];

// Anonymous visitors see the layout's invitation instead of this page.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  return { projects: user ? await listProjects(user.id) : [] };
}

export default function ProfileProjects({ loaderData }: Route.ComponentProps) {
  const { projects } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="font-display text-3xl font-semibold">Projects</h1>
      <ProjectList projects={projects} />
    </div>
  );
}
