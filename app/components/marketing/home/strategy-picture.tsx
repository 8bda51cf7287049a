import { Link } from "react-router";
import type { HomeContent } from "~models/content/marketing-content";
import { BREAKPOINTS_PX } from "~/lib/marketing-constants";

/** Our Strategy: a wide diagram, and a tall one on phones (<picture>). */
export function StrategyPicture({ strategy }: { strategy: HomeContent["strategy"] }) {
  return (
    <section className="wrap strategy" aria-labelledby="our-strategy">
      <div className="strategy-copy">
        <p className="eyebrow text-blue">{strategy.eyebrow}</p>
        <h2 id="our-strategy" className="display-md">
          {strategy.title}
        </h2>
        <p className="muted">{strategy.text}</p>
        <Link to={strategy.cta.href} className="btn btn-ghost">
          {strategy.cta.label}
        </Link>
      </div>
      <picture>
        <source
          media={`(max-width: ${BREAKPOINTS_PX.phone}px)`}
          srcSet={strategy.narrow}
          width={640}
          height={800}
        />
        <img src={strategy.wide.src} alt={strategy.wide.alt} width={1280} height={560} loading="lazy" />
      </picture>
    </section>
  );
}
