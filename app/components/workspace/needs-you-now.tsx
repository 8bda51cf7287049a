import { Link } from "react-router";
import type { Waiting } from "~models/projects/needs-you";

/**
 * Home's first block: what needs the client now, most urgent first, each saying whose move it
 * is and with its way forward, or a calm line when nothing does (decision 0056). The loader
 * words and orders the items (models/projects/needs-you-words.ts).
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
              <p className="flex min-w-0 flex-1 items-start gap-3 text-sm">
                <span className="mt-1.5 size-2 shrink-0 rounded-full bg-yellow" aria-hidden="true" />
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span className="text-xs font-semibold tracking-wide text-text-muted uppercase">
                    {item.whose}
                  </span>
                  <span className="font-medium wrap-anywhere">{item.text}</span>
                </span>
              </p>
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
