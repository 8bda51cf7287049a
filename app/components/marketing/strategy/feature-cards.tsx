import type { ServiceStrategy } from "~models/content/marketing-content";

/** KEY FEATURES: the five cards of the service (or the default five). */
export function FeatureCards({ title, features }: { title: string; features: ServiceStrategy["features"] }) {
  return (
    <section id="key-features" className="wrap mt-24" aria-labelledby="key-features-title">
      <h2 id="key-features-title" className="display-md mb-8">
        {title}
      </h2>
      <ol className="grid gap-5 md:grid-cols-2 lg:grid-cols-3" data-testid="feature-cards">
        {features.map((feature, i) => (
          <li
            key={feature.id}
            className={`card flex flex-col overflow-hidden ${i === 0 ? "lg:col-span-2" : ""}`}
          >
            <img
              className={`h-auto w-full object-cover ${i === 0 ? "aspect-[3/2] lg:aspect-[21/9]" : "aspect-[3/2]"}`}
              src={feature.image}
              alt=""
              width={480}
              height={320}
              loading="lazy"
            />
            <div className="flex flex-1 flex-col gap-3 p-6">
              <p className="font-display text-xs text-text-muted">{String(i + 1).padStart(2, "0")}</p>
              <h3 className="display-sm">{feature.title}</h3>
              <p className="muted">{feature.description}</p>
              <ul className="mt-auto flex flex-col gap-2 pt-2 text-sm">
                {feature.bullets.map((bullet) => (
                  <li key={bullet} className="flex gap-2.5">
                    <span className="mt-1.5 size-1.5 shrink-0 rounded-full bg-green" aria-hidden="true" />
                    {bullet}
                  </li>
                ))}
              </ul>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
