import { data, Link } from "react-router";
import { findPipelineProject } from "~models/back-office/project-pipeline.server";
import { getStaffProofView } from "~models/projects/proof-versions.server";
import { ActionMessage, PageHeader } from "~/components/admin/ui";
import { StaffProofing } from "~/components/proofing/staff-proofing";
import { StatusBadge } from "~/components/projects/status-badge";
import { notFoundResponse } from "~/lib/auth.server";
import { adminMeta } from "~/lib/admin-meta";
import { readProjectPost } from "~/lib/project-actions.server";
import { postStaffProofing } from "~/lib/proofing-actions.server";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/project-proofing";

// The proofing workspace of one project (/admin/projects/:id/proofing,
// decisions 0047 and 0073): upload the next version (redirected after the
// post, so the file field starts empty; the same file twice in a row is
// refused), thumbnails of every version and page, one page with the client's
// pins on it (?v=&p=), two versions compared (?a=&b=&page=, a GET form),
// the open pins resolved one by one, the rounds. Its own page, so the project
// page stays within its JavaScript budget; the project page links here.

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(data ? `Proofing: ${data.project.title}` : "Proofing");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await staffOf({ request, context });
  const project = await findPipelineProject(params.id);
  if (!project) throw notFoundResponse();
  return {
    project: { id: project.id, title: project.title, status: project.status },
    proofing: await getStaffProofView(project, new URL(request.url).searchParams),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user, actor } = await staffOf({ request, context });
  const { formData, tooLarge } = await readProjectPost(request);
  if (tooLarge) return tooLarge;
  const reply = await postStaffProofing(formData, params.id, user, { actorIp: actor.ip });
  if (reply) return reply;
  return data(
    { form: "proofing" as const, message: "Unknown action.", tone: "error" as const },
    { status: 400 },
  );
}

export default function AdminProjectProofing({ loaderData, actionData }: Route.ComponentProps) {
  const { project, proofing } = loaderData;
  const result = actionData && "form" in actionData ? actionData : undefined;
  const message = result?.message ?? proofing.uploaded?.message;
  const tone = result?.tone ?? (proofing.uploaded ? "success" : undefined);
  return (
    <>
      <Link
        to={`/admin/projects/${project.id}`}
        className="self-start text-sm font-semibold text-text-muted hover:text-text"
      >
        ← {project.title}
      </Link>
      <PageHeader title={`Proofing: ${project.title}`}>
        <StatusBadge status={project.status} />
      </PageHeader>
      <ActionMessage message={message} tone={tone} />
      <StaffProofing
        projectId={project.id}
        proofing={proofing}
        fileError={result && "fileError" in result ? result.fileError : undefined}
      />
    </>
  );
}
