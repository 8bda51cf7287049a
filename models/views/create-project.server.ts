// Submitting a project under the client's plan: billing knows the limit on
// active projects, projects checks it under the lock on the client's row
// (decision 0066: projects sits to billing's left).

import { projectLimitForUser } from "../billing/subscriptions.server";
import type { ProjectInput } from "../projects/project-forms";
import { createProject as createProjectUnder } from "../projects/projects.server";

/** The client's limit on active projects: their plan's project_limit, or the free tier's. */
export function projectLimitFor(userId: string): Promise<number> {
  return projectLimitForUser(userId);
}

/** Projects' `createProject`, with the plan's limit unless one is given. */
export async function createProject(
  owner: { id: string; personId?: string },
  input: ProjectInput,
  options: { projectLimit?: number; dataDir?: string; siteUrl?: string } = {},
) {
  const projectLimit = options.projectLimit ?? (await projectLimitFor(owner.id));
  return createProjectUnder(owner, input, { ...options, projectLimit });
}
