import { useSearchParams } from "react-router";
import { HOLD_OUTCOMES, HOLD_REASONS, PAUSE_LABELS, type HoldOutcome } from "~models/delivery/clock";
import type { DeliveryView } from "~models/delivery/clock.server";
import type { ProjectStatus } from "~models/projects/projects";
import { CLOCK_PHASE } from "~models/delivery/clock";
import { ActionMessage, smallButton } from "~/components/admin/ui";
import { inputClass } from "~/components/forms";
import { DeliveryClock } from "./delivery-clock";

// Staff's side of the delivery clock on the back-office project page: the
// clock, and a native form to put the project on hold or end the hold. It
// posts to /admin/projects/:id/clock, which redirects back here.

export function StaffDeliveryPanel({
  projectId,
  status,
  view,
  own,
}: {
  projectId: string;
  status: ProjectStatus;
  view: DeliveryView | null;
  own: boolean;
}) {
  const [params] = useSearchParams();
  const code = params.get("clock");
  const outcome = code && code in HOLD_OUTCOMES ? HOLD_OUTCOMES[code as HoldOutcome] : null;
  const action = `/admin/projects/${projectId}/clock`;
  const open = view?.summary.pause ?? null;
  const canHold = !own && view && view.summary.state === "running" && CLOCK_PHASE[status] === "running";
  const canResume = !own && open && view?.pauses[0]?.manual && !view.pauses[0].endedAt;
  return (
    <section id="delivery-clock" aria-label="Delivery clock" className="flex flex-col gap-3">
      <ActionMessage message={outcome?.message} tone={outcome?.tone} />
      {view ? (
        <DeliveryClock view={view} audience="staff" />
      ) : (
        <p className="rounded-2xl border border-border p-5 text-sm text-text-muted">
          The delivery clock starts when the team starts work (In Progress).
        </p>
      )}
      {canHold ? (
        <form
          method="post"
          action={action}
          className="flex flex-col gap-3 rounded-2xl border border-border p-5"
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-semibold">Put on hold</legend>
            {HOLD_REASONS.map((reason, index) => (
              <label key={reason} className="flex items-center gap-2 text-sm">
                <input type="radio" name="reason" value={reason} required defaultChecked={index === 0} />
                {PAUSE_LABELS[reason]}
              </label>
            ))}
          </fieldset>
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            Hold note for the client (optional)
            <textarea name="note" rows={2} maxLength={1000} className={`${inputClass} resize-y`} />
          </label>
          <p className="text-xs text-text-muted">
            The clock pauses until you end the hold or the status changes; the client is notified now and
            reminded after 2 and 5 days.
          </p>
          <button type="submit" name="intent" value="hold" className={`${smallButton} self-start`}>
            Put on hold
          </button>
        </form>
      ) : null}
      {canResume ? (
        <form method="post" action={action}>
          <button type="submit" name="intent" value="resume" className={smallButton}>
            End hold and restart the clock
          </button>
        </form>
      ) : null}
    </section>
  );
}
