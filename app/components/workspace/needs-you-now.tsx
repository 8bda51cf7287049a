import { Link } from "react-router";

/** One thing waiting for the client, with the one link that deals with it; `key` is also its test id. */
export type Waiting = { key: string; text: string; to: string; action: string };

/**
 * Home's first block: what needs the client now, each with its way forward, or a calm line
 * when nothing does (decision 0056). It is built from what the page already reads.
 */
export function NeedsYouNow({ items }: { items: Waiting[] }) {
  return (
    <section className="flex flex-col gap-3" aria-labelledby="needs-you-now" data-testid="needs-you-now">
      <h2 id="needs-you-now" className="font-display text-lg font-semibold">
        Needs you now
      </h2>
      {items.length ? (
        <ul className="flex flex-col divide-y divide-border rounded-2xl border border-border bg-surface">
          {items.map((item) => (
            <li
              key={item.key}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-5 py-4"
              data-testid={item.key}
            >
              <span className="inline-flex min-w-0 items-center gap-3 text-sm font-medium">
                <span className="size-2 shrink-0 rounded-full bg-yellow" aria-hidden="true" />
                {item.text}
              </span>
              <Link
                to={item.to}
                className="rounded-full border border-border px-4 py-2 text-sm font-semibold whitespace-nowrap hover:border-text-muted"
              >
                {item.action}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-2xl border border-dashed border-border px-5 py-4 text-sm text-text-muted">
          Nothing needs you right now. We will tell you here when a proof, a payment or a meeting does.
        </p>
      )}
    </section>
  );
}
