import { redirect } from "react-router";
import { switchOrganisation } from "~models/identity/organisations.server";
import { currentSessionId, requireUser, safeRedirect } from "~/lib/auth.server";
import { requireForm } from "~/lib/body/form.server";
import type { Route } from "./+types/switch";

// POST /organisations/switch: makes another of the person's organisations the
// session's current one (only one they belong to), then back to the page.

const TEAM_PATH = "/dashboard2/team";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return redirect(TEAM_PATH);
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await requireForm(request);
  const sessionId = await currentSessionId(request);
  const organisationId = String(form.get("organisationId") ?? "");
  const back = safeRedirect(String(form.get("redirectTo") ?? ""), TEAM_PATH);
  if (!sessionId || !(await switchOrganisation(sessionId, user.id, organisationId)))
    throw new Response("You are not a member of that organisation.", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return redirect(back);
}
