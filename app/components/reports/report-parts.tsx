import type { ReactNode } from "react";

// The pieces every report page shares (docs/decisions/0074-business-reports.md):
// its heading with the CSV link, the headline figures, and the note studio
// staff read instead of money figures (decision 0075).

export function ReportHeading({
  title,
  description,
  csv,
}: {
  title: string;
  description: ReactNode;
  /** The CSV export's URL, with the page's query string. */
  csv?: string;
}) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div className="flex max-w-3xl min-w-0 flex-col gap-2">
        <h2 className="font-display text-xl font-semibold sm:text-2xl">{title}</h2>
        <p className="text-sm text-text-muted">{description}</p>
      </div>
      {csv ? (
        <a
          href={csv}
          download
          className="inline-flex items-center justify-center rounded-full border border-border px-4 py-2 text-sm font-semibold hover:border-text-muted"
        >
          Download CSV
        </a>
      ) : null}
    </header>
  );
}

export type Figure = { label: string; value: string; hint?: string };

/** The headline numbers of a report, as a list of terms and values, under a heading for screen readers. */
export function Figures({ figures, label }: { figures: Figure[]; label: string }) {
  return (
    <section aria-label={label}>
      <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {figures.map((figure) => (
          <div
            key={figure.label}
            className="flex flex-col gap-1 rounded-2xl border border-border bg-surface p-4"
          >
            <dt className="text-sm text-text-muted">{figure.label}</dt>
            <dd className="font-display text-2xl font-semibold tabular-nums">{figure.value}</dd>
            {figure.hint ? <dd className="text-xs text-text-muted">{figure.hint}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}

/** What studio staff see where money figures would be. */
export function MoneyHidden() {
  return (
    <div role="note" className="rounded-2xl border border-border bg-surface p-6">
      <h2 className="font-semibold">Money figures are not shown to you</h2>
      <p className="mt-2 text-sm text-text-muted">
        Your staff access is Studio: revenue, recurring revenue and token liability are for staff with Full
        access. Delivery, Pipeline and Assistant are yours to read. Ask a colleague with Full access to change
        your access on the Staff page if you need these.
      </p>
    </div>
  );
}
