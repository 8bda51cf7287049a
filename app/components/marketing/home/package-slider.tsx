import { type MouseEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { HomeContent } from "~models/marketing-content";
import { PACKAGE_STEP_PX } from "~/lib/marketing-constants";
import { PACKAGE_STEP_COUNTS, packageLayout, packageOffset, wrapIndex } from "~/lib/slider";
import { scrollBehavior } from "../motion";

/**
 * Explore Custom Solutions: five package cards and Explore More Ways in a
 * scroll-snap strip. Arrows move one 290 px step and wrap after the last step
 * of the window's row in PACKAGE_SLIDER_TABLE. Without JavaScript they are
 * links (?pkg=n#package-n): one pair per step count, shown by media query.
 */
export function PackageSlider({ packages, step: initial }: { packages: HomeContent["packages"]; step: number }) {
  const strip = useRef<HTMLOListElement>(null);
  const [step, setStep] = useState(initial);
  const stepRef = useRef(step);

  // A swipe moves the strip by hand: take the step from where it stopped,
  // unless it simply could not go further (the last steps at wide widths).
  useEffect(() => {
    const el = strip.current!;
    el.onscrollend = () => {
      const max = el.scrollWidth - el.clientWidth;
      if (Math.abs(el.scrollLeft - Math.min(packageOffset(stepRef.current), max)) > 2) {
        setStep((stepRef.current = Math.round(el.scrollLeft / PACKAGE_STEP_PX)));
      }
    };
  }, []);

  const move = (delta: number) => (event: MouseEvent) => {
    event.preventDefault();
    const next = wrapIndex(stepRef.current, delta, packageLayout(innerWidth).steps);
    setStep((stepRef.current = next));
    strip.current!.scrollTo({ left: packageOffset(next), behavior: scrollBehavior() });
  };

  const href = (delta: number, steps: number) => {
    const n = wrapIndex(step, delta, steps);
    return `?pkg=${n}#package-${n}`;
  };

  return (
    <section id="custom-solutions" className="wrap pk" aria-labelledby="custom-solutions-title" data-step={step}>
      <div className="section-head pk-head">
        <div>
          <h2 id="custom-solutions-title" className="display-md">
            {packages.title}
          </h2>
          <p className="muted">{packages.text}</p>
        </div>
        {PACKAGE_STEP_COUNTS.map((steps) => (
          <div key={steps} className="arrows" data-steps={steps}>
            <a href={href(-1, steps)} className="arrow" aria-label={packages.previous} onClick={move(-1)}>
              ←
            </a>
            <a href={href(1, steps)} className="arrow" aria-label={packages.next} onClick={move(1)}>
              →
            </a>
          </div>
        ))}
      </div>
      <ol ref={strip} className="pk-strip" data-testid="package-slider">
        {packages.items.map((item, i) => (
          <li key={item.colour} id={`package-${i}`} className="pk-card" data-colour={item.colour}>
            <p className="eyebrow">{packages.category}</p>
            <h3 className="display-sm">{item.name}</h3>
            <p className="muted">{item.tagline}</p>
            <Link to={`/solutions/${item.colour}#solution-tabs`} className="pk-link" aria-label={`${item.name}: ${item.tagline}`}>
              {packages.view} →
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
