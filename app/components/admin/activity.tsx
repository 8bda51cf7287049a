import { Link } from "react-router";
import { formatDateTime } from "~/lib/format";

type ActivityView = {
  id: number;
  createdAt: Date | string;
  actorLabel: string;
  action: string;
  targetLabel: string;
};

/**
 * One of the overview's activity lists (what clients did, what staff did): who, what, about what, when;
 * then a link to the whole audit log filtered the same way.
 */
export function ActivityList({
  id,
  title,
  entries,
  labels,
  empty,
  more,
}: {
  id: string;
  title: string;
  entries: ActivityView[];
  labels: Record<string, string>;
  empty: string;
  more: { to: string; label: string };
}) {
  return (
    <section className="flex min-w-0 flex-col gap-3" aria-labelledby={id} data-testid={id}>
      <h2 id={id} className="font-display text-lg font-semibold">
        {title}
      </h2>
      {entries.length ? (
        <ol className="flex flex-col divide-y divide-border rounded-xl border border-border bg-surface">
          {entries.map((entry) => (
            <li
              key={entry.id}
              className="flex flex-col gap-0.5 px-3 py-2 text-sm"
              data-testid="activity-entry"
            >
              <p className="min-w-0">
                <span className="font-semibold">{entry.actorLabel || "Someone"}</span>{" "}
                <span>{labels[entry.action] ?? entry.action}</span>
                {entry.targetLabel ? <span className="text-text-muted"> · {entry.targetLabel}</span> : null}
              </p>
              <time className="text-xs text-text-muted" dateTime={new Date(entry.createdAt).toISOString()}>
                {formatDateTime(entry.createdAt)}
              </time>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-text-muted">{empty}</p>
      )}
      <Link to={more.to} className="self-start text-sm font-semibold underline-offset-4 hover:underline">
        {more.label}
      </Link>
    </section>
  );
}
