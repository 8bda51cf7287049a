import type { ServicesContent } from "~models/content/marketing-content";

/** QUALITY OF OUR SERVICES: how we work, in a few sentences and three numbers. */
export function Quality({ section }: { section: ServicesContent["quality"] }) {
  return (
    <section className="wrap mt-24" aria-labelledby="quality-title">
      <div className="card grid gap-10 p-8 lg:grid-cols-[1.2fr_1fr] lg:p-12">
        <div className="flex flex-col gap-5">
          <h2 id="quality-title" className="display-md">
            {section.title}
          </h2>
          {section.paragraphs.map((p) => (
            <p key={p} className="muted">
              {p}
            </p>
          ))}
        </div>
        <dl className="grid content-center gap-6">
          {section.points.map((point) => (
            <div key={point.label} className="flex items-baseline gap-4 border-t border-border pt-5">
              <dt className="order-2 text-sm text-text-muted">{point.label}</dt>
              <dd className="shrink-0 font-display text-3xl font-bold whitespace-nowrap text-green">
                {point.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
