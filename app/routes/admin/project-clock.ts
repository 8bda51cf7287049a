import { redirect } from "react-router";
import { HoldFormSchema, type HoldOutcome } from "~models/delivery/holds";
import { holdProject, resumeProject } from "~models/delivery/clock.server";
import { notFoundResponse } from "~/lib/auth.server";
import { formIntent } from "~/lib/form-intent";
import { publicBaseUrl } from "~/lib/public-url.server";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/project-clock";
import { requireForm } from "~/lib/body/form.server";

// POST /admin/projects/:id/clock: staff put a project on hold (the delivery
// clock pauses, waiting on the client) or end their hold (decision 0048). A
// native form on the project page posts here; the answer is a redirect back
// to it, with the outcome in ?clock=, so it works the same without JavaScript.

const back = (id: string, outcome: HoldOutcome) =>
  redirect(`/admin/projects/${encodeURIComponent(id)}?clock=${outcome}#delivery-clock`, 303);

/** A GET here (a reload, a bookmark) goes to the project page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await staffOf({ request, context });
  return redirect(`/admin/projects/${encodeURIComponent(params.id)}#delivery-clock`);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await staffOf({ request, context });
  const formData = await requireForm(request);
  const intent = formIntent(formData, ["hold", "resume"] as const);
  if (!intent) return back(params.id, "invalid");
  const staff = { id: actor.id, ip: actor.ip };
  let outcome;
  if (intent === "hold") {
    const parsed = HoldFormSchema.safeParse({
      reason: formData.get("reason") ?? undefined,
      note: formData.get("note") ?? undefined,
      waitingDays: formData.get("waiting_days") || undefined,
    });
    if (!parsed.success) return back(params.id, "invalid");
    outcome = await holdProject(params.id, staff, parsed.data, { siteUrl: publicBaseUrl(request) });
  } else {
    outcome = await resumeProject(params.id, staff);
  }
  if (!outcome.ok && outcome.reason === "not_found") throw notFoundResponse();
  if (!outcome.ok) return back(params.id, outcome.outcome);
  return back(params.id, intent === "hold" ? "held" : "resumed");
}
