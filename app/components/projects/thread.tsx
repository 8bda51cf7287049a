import type { ReactNode } from "react";
import type { ThreadEntry } from "~models/projects/thread.server";
import { formatDateTime } from "~/lib/format";

// The project's thread (decision 0057): one timeline of everything that
// happened, oldest first, each entry with who and when. The page puts the
// message form after it.

const SIDE_STYLES: Record<ThreadEntry["side"], string> = {
  client: "border-border bg-surface",
  studio: "border-purple/40 bg-purple/10",
  system: "border-dashed border-border",
};

export function ProjectThread({
  entries,
  older,
  children,
}: {
  entries: ThreadEntry[];
  /** The "Show older entries" link, when there are more. */
  older?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-4" aria-labelledby="thread">
      <h2 id="thread" className="font-display text-lg font-semibold">
        Project thread
      </h2>
      {older}
      {entries.length ? (
        <ol className="flex flex-col gap-3" aria-live="polite" data-testid="thread">
          {entries.map((entry) => (
            <li
              key={entry.key}
              className={`flex flex-col gap-1.5 rounded-2xl border p-4 ${SIDE_STYLES[entry.side]}`}
              data-testid="thread-entry"
              data-kind={entry.kind}
            >
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-semibold">{entry.who}</span>
                <span className="text-xs text-text-muted">{entry.kindLabel}</span>
                <time className="text-xs text-text-muted" dateTime={new Date(entry.at).toISOString()}>
                  {formatDateTime(entry.at)}
                </time>
              </p>
              {entry.kind === "message" ? null : <p className="font-medium wrap-anywhere">{entry.title}</p>}
              {entry.body ? (
                <p
                  className={`wrap-anywhere whitespace-pre-wrap ${entry.kind === "message" ? "text-text" : "text-text-muted"}`}
                >
                  {entry.body}
                </p>
              ) : null}
              {entry.link ? (
                <a href={entry.link} className="self-start text-sm font-semibold underline">
                  {entry.kind === "file" ? "Download" : "Open"}
                  <span className="sr-only"> {entry.title}</span>
                </a>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-text-muted">Nothing has happened yet.</p>
      )}
      {children}
    </section>
  );
}
