import type { DeliveryView } from "~models/delivery/clock.server";
import { daysPhrase } from "~models/delivery/clock";
import { formatDate, formatDateTime } from "~/lib/format";

// The delivery clock as a project page shows it (decision 0048): the promised
// date, whether the clock runs or waits on the client, and each pause.

const STATE_STYLE = {
  running: "border-blue/40 bg-blue/10",
  paused: "border-yellow/50 bg-yellow/10",
  stopped: "border-border bg-surface",
} as const;

function PauseHistory({
  pauses,
  audience,
}: {
  pauses: DeliveryView["pauses"];
  audience: "client" | "staff";
}) {
  if (!pauses.length)
    return <p className="text-sm text-text-muted">No pauses so far: the clock has run without stopping.</p>;
  return (
    <ol className="flex flex-col gap-2 text-sm" data-testid="pause-history">
      {pauses.map((pause) => (
        <li key={new Date(pause.startedAt).toISOString()} className="rounded-xl border border-border p-3">
          <span className="font-semibold">{pause.label}</span>
          <span className="block text-text-muted">
            {formatDateTime(pause.startedAt)} →{" "}
            {pause.endedAt
              ? formatDateTime(pause.endedAt)
              : audience === "client"
                ? "until you reply"
                : "still paused"}{" "}
            · {daysPhrase(pause.lengthMs)}
          </span>
          {pause.note ? (
            <span className="mt-1 block break-words whitespace-pre-wrap">“{pause.note}”</span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** The clock's headline and its pause history; nothing before the agency starts work. */
export function DeliveryClock({
  view,
  audience = "client",
  compact = false,
}: {
  view: DeliveryView | null | undefined;
  audience?: "client" | "staff";
  compact?: boolean;
}) {
  if (!view) return null;
  const { summary } = view;
  const promised = view.promisedDays
    ? `${view.promisedDays} days from ${formatDate(view.startedAt)}, plus the time spent waiting on ${audience === "client" ? "you" : "the client"}.`
    : `Flexible timeline: no fixed date. Work started ${formatDate(view.startedAt)}.`;
  const headline = (
    <p className="font-semibold" data-testid="delivery-headline" data-state={summary.state}>
      {view.headline}
    </p>
  );
  if (compact)
    return (
      <div
        className={`flex flex-col gap-1 rounded-xl border px-4 py-3 text-sm ${STATE_STYLE[summary.state]}`}
        data-testid="delivery-clock"
      >
        {headline}
        {view.pauses.length ? (
          <details>
            <summary className="cursor-pointer text-text-muted">Pause history ({view.pauses.length})</summary>
            <div className="pt-2">
              <PauseHistory pauses={view.pauses} audience={audience} />
            </div>
          </details>
        ) : null}
      </div>
    );
  return (
    <section
      aria-labelledby="delivery-clock-heading"
      className={`flex flex-col gap-3 rounded-2xl border p-5 ${STATE_STYLE[summary.state]}`}
      data-testid="delivery-clock"
    >
      <h2 id="delivery-clock-heading" className="font-display text-base font-semibold">
        Delivery
      </h2>
      {headline}
      <p className="text-sm text-text-muted">{promised}</p>
      {summary.state === "paused" && summary.pause?.note ? (
        <p className="text-sm break-words whitespace-pre-wrap">
          {audience === "client" ? "Your project manager wrote:" : "Note:"} “{summary.pause.note}”
        </p>
      ) : null}
      <h3 className="text-sm font-semibold">Pause history</h3>
      <PauseHistory pauses={view.pauses} audience={audience} />
    </section>
  );
}
