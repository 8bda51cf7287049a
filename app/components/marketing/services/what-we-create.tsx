import { Link } from "react-router";
import type { ServicesContent } from "~models/content/marketing-content";

const strategyHref = (service: string) => `/strategy?service=${encodeURIComponent(service)}`;

/** WHAT WE CREATE: the eight services, each a link to its strategy page. */
export function WhatWeCreate({ section }: { section: ServicesContent["whatWeCreate"] }) {
  return (
    <section className="wrap mt-24" aria-labelledby="what-we-create">
      <h2 id="what-we-create" className="display-md mb-8">
        {section.title}
      </h2>
      <ul className="grid gap-px overflow-hidden rounded-3xl border border-border bg-border sm:grid-cols-2 lg:grid-cols-4">
        {section.items.map((item) => (
          <li key={item.service} className="bg-canvas">
            <Link
              to={strategyHref(item.service)}
              className="group flex h-full flex-col gap-3 p-6 transition-colors hover:bg-surface sm:min-h-44"
            >
              <span className="flex items-center gap-2">
                <span className="font-display text-lg font-semibold">{item.label}</span>
                {item.isNew ? (
                  <span className="rounded-full bg-yellow px-2 py-0.5 font-display text-[0.65rem] font-bold tracking-widest text-yellow-ink">
                    {section.newBadge}
                  </span>
                ) : null}
              </span>
              <span className="text-sm text-text-muted">{item.blurb}</span>
              <span
                className="mt-auto text-xl text-text-muted transition-transform duration-200 group-hover:translate-x-1 group-hover:text-text"
                aria-hidden="true"
              >
                →
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
