import { Link } from "react-router";
import type { HomeContent } from "~models/content/marketing-content";

/** Learn More is a jump to the slider; the home island makes it scroll one screen height minus 80 px. */

export function Hero({ hero, title }: { hero: HomeContent["hero"]; title: string }) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="wrap hero-grid">
        <div className="hero-copy">
          <p className="eyebrow text-green">{hero.eyebrow}</p>
          <h1 id="hero-title" className="display-xl">
            {title}
          </h1>
          <p className="lead">{hero.intro}</p>
          <div className="actions">
            <a href="#highlights" className="btn btn-primary" data-testid="learn-more">
              {hero.learnMore}
            </a>
            <Link to={hero.cta.href} className="btn btn-ghost">
              {hero.cta.label}
            </Link>
          </div>
        </div>
        <img
          className="hero-art"
          src={hero.image.src}
          alt={hero.image.alt}
          width={720}
          height={720}
          fetchPriority="high"
        />
      </div>
    </section>
  );
}
