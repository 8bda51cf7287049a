import type { DeliveryView } from "~models/delivery/clock.server";
import { frame, PauseHistory } from "./delivery-clock";

// The delivery clock in a project card (/order): its one line, and the pause
// history behind a disclosure that needs no JavaScript.

export function DeliveryLine({ view }: { view: DeliveryView | null | undefined }) {
  if (!view) return null;
  return (
    <div
      className={`flex flex-col gap-1 rounded-xl border px-4 py-3 text-sm ${frame(view.state)}`}
      data-testid="delivery-clock"
    >
      <p className="font-semibold" data-testid="delivery-headline">
        {view.headline}
      </p>
      {view.pauses.length ? (
        <details>
          <summary className="cursor-pointer text-text-muted">Pause history ({view.pauses.length})</summary>
          <div className="pt-2">
            <PauseHistory pauses={view.pauses} />
          </div>
        </details>
      ) : null}
    </div>
  );
}
