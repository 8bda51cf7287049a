import { Link } from "react-router";
import type { HomeContent } from "~models/content/marketing-content";
import { PACKAGE_STEP_COUNTS, wrapIndex } from "~/lib/slider";

/**
 * Explore Custom Solutions: five package cards and Explore More Ways in a
 * scroll-snap strip. Arrows move one 290 px step and wrap after the last step
 * of the window's row in PACKAGE_SLIDER_TABLE. Without JavaScript they are
 * links (?pkg=n#package-n): one pair per step count, shown by media query.
 * With it, enhance.ts (run by the home island) moves the strip in place.
 */
export function PackageSlider({ packages, step }: { packages: HomeContent["packages"]; step: number }) {
  const href = (delta: number, steps: number) => {
    const n = wrapIndex(step, delta, steps);
    return `?pkg=${n}#package-${n}`;
  };

  return (
    <section
      id="custom-solutions"
      className="wrap pk"
      aria-labelledby="custom-solutions-title"
      data-step={step}
    >
      <div className="section-head pk-head">
        <div>
          <h2 id="custom-solutions-title" className="display-md">
            {packages.title}
          </h2>
          <p className="muted">{packages.text}</p>
        </div>
        {PACKAGE_STEP_COUNTS.map((steps) => (
          <div key={steps} className="arrows" data-steps={steps}>
            <a href={href(-1, steps)} className="arrow" aria-label={packages.previous} data-delta="-1">
              ←
            </a>
            <a href={href(1, steps)} className="arrow" aria-label={packages.next} data-delta="1">
              →
            </a>
          </div>
        ))}
      </div>
      <ol className="pk-strip" data-testid="package-slider">
        {packages.items.map((item, i) => (
          <li key={item.colour} id={`package-${i}`} className="pk-card" data-colour={item.colour}>
            <p className="eyebrow">{packages.category}</p>
            <h3 className="display-sm">{item.name}</h3>
            <p className="muted">{item.tagline}</p>
            <Link to={`/solutions/${item.colour}#solution-tabs`} className="pk-link">
              {packages.view}
              <span className="sr-only">: {item.name}</span> <span aria-hidden="true">→</span>
            </Link>
          </li>
        ))}
        <li id={`package-${packages.items.length}`} className="pk-card pk-more">
          <h3 className="display-sm">{packages.more.title}</h3>
          <p className="muted">{packages.more.text}</p>
          <Link to={packages.more.href} className="btn btn-ghost">
            {packages.more.label}
          </Link>
        </li>
      </ol>
    </section>
  );
}
