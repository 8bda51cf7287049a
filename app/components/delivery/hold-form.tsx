import type { StaffDeliveryPanelData } from "~models/delivery/clock.server";
import { ActionMessage, smallButton } from "~/components/admin/ui";
import { inputClass } from "~/components/forms";
import { DeliveryClock } from "./delivery-clock";

// Staff's side of the delivery clock on the back-office project page: the
// clock, and a native form to put the project on hold or end the hold. It
// posts to /admin/projects/:id/clock, which redirects back here with ?clock=.

export function StaffDeliveryPanel({
  projectId,
  panel,
  own,
}: {
  projectId: string;
  panel: StaffDeliveryPanelData;
  own: boolean;
}) {
  const { view, outcome, reasons } = panel;
  const action = `/admin/projects/${projectId}/clock`;
  return (
    <section id="delivery-clock" className="flex flex-col gap-3">
      <ActionMessage message={outcome?.message} tone={outcome?.tone} />
      {view ? (
        <DeliveryClock view={view} />
      ) : (
        <p className="rounded-2xl border border-border p-5 text-sm text-text-muted">
          The delivery clock starts with the work.
        </p>
      )}
      {!own && view?.canHold ? (
        <form
          method="post"
          action={action}
          className="flex flex-col gap-3 rounded-2xl border border-border p-5"
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-semibold">Put on hold</legend>
            {reasons.map((reason, index) => (
              <label key={reason.value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="reason"
                  value={reason.value}
                  required
                  defaultChecked={index === 0}
                />
                {reason.label}
              </label>
            ))}
          </fieldset>
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            Hold note for the client (optional; they are reminded after 2 and 5 days)
            <textarea name="note" rows={2} maxLength={1000} className={`${inputClass} resize-y`} />
          </label>
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            Waiting on the client for (days, if it started before today)
            <input
              type="number"
              name="waiting_days"
              min={0}
              max={14}
              defaultValue={0}
              className={inputClass}
            />
          </label>
          <button type="submit" name="intent" value="hold" className={`${smallButton} self-start`}>
            Put on hold
          </button>
        </form>
      ) : null}
      {!own && view?.canResume ? (
        <form method="post" action={action}>
          <button type="submit" name="intent" value="resume" className={smallButton}>
            End hold and restart the clock
          </button>
        </form>
      ) : null}
    </section>
  );
}
