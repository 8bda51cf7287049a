import type { DeliveryView } from "~models/delivery/clock.server";

// The delivery clock as a project page shows it (decision 0048): the promised
// date, whether the clock runs or waits on the client, and each pause. Every
// line comes worded from the loader (models/delivery/clock.server.ts).

export const frame = (state: DeliveryView["state"]) =>
  state === "paused" ? "border-yellow/50 bg-yellow/10" : "border-border bg-surface";

export function PauseHistory({ pauses }: { pauses: DeliveryView["pauses"] }) {
  if (!pauses.length) return <p className="text-sm text-text-muted">No pauses so far.</p>;
  return (
    <ol className="flex flex-col gap-2 text-sm" data-testid="pause-history">
      {pauses.map((pause) => (
        <li key={pause.key} className="rounded-xl border border-border p-3">
          <span className="font-semibold">{pause.label}</span>
          <span className="block text-text-muted">{pause.when}</span>
          {pause.note ? (
            <span className="mt-1 block break-words whitespace-pre-wrap">“{pause.note}”</span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** The clock's headline and its pause history; nothing before the agency starts work. */
export function DeliveryClock({ view }: { view: DeliveryView | null | undefined }) {
  if (!view) return null;
  return (
    <section
      aria-labelledby="delivery-clock-heading"
      className={`flex flex-col gap-3 rounded-2xl border p-5 ${frame(view.state)}`}
      data-testid="delivery-clock"
    >
      <h2 id="delivery-clock-heading" className="font-display text-base font-semibold">
        Delivery
      </h2>
      <p className="font-semibold" data-testid="delivery-headline">
        {view.headline}
      </p>
      <p className="text-sm text-text-muted">{view.promised}</p>
      {view.note ? <p className="text-sm break-words whitespace-pre-wrap">{view.note}</p> : null}
      <h3 className="text-sm font-semibold">Pause history</h3>
      <PauseHistory pauses={view.pauses} />
    </section>
  );
}
