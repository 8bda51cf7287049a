import { Link } from "react-router";
import type { HomeContent } from "~models/content/marketing-content";
import { wrapIndex } from "~/lib/slider";

/**
 * Four slides in a CSS scroll-snap strip. Without JavaScript each slide's
 * arrows are links to the neighbouring slide (#slide-n), wrapping at the ends.
 * With it (enhance.ts, run by the home island), the arrows scroll the strip in
 * place and the strip advances every 5000 ms, paused while hovered or focused.
 */
export function HeroSlider({ slider }: { slider: HomeContent["slider"] }) {
  const count = slider.slides.length;

  return (
    <section id="highlights" className="wrap hs" aria-roledescription="carousel" aria-label={slider.label}>
      <div className="hs-strip" data-testid="hero-slider">
        {slider.slides.map((slide, i) => (
          <article
            key={slide.title}
            id={`slide-${i + 1}`}
            className="hs-slide"
            aria-roledescription="slide"
            aria-label={`${i + 1} / ${count}`}
          >
            <img
              src={slide.image.src}
              alt={slide.image.alt}
              width={960}
              height={720}
              loading={i ? "lazy" : undefined}
            />
            <div className="hs-copy">
              <p className="eyebrow">{slide.eyebrow}</p>
              <h2 id={`slide-${i + 1}-title`} className="display-md">
                {slide.title}
              </h2>
              <p className="muted">{slide.text}</p>
              <div className="hs-foot">
                <Link
                  to={slider.quote.href}
                  className="btn btn-primary"
                  aria-describedby={`slide-${i + 1}-title`}
                >
                  {slider.quote.label}
                </Link>
                <div className="arrows">
                  <a
                    href={`#slide-${wrapIndex(i, -1, count) + 1}`}
                    className="arrow"
                    aria-label={slider.previous}
                  >
                    ←
                  </a>
                  <span className="muted">
                    {i + 1} / {count}
                  </span>
                  <a href={`#slide-${wrapIndex(i, 1, count) + 1}`} className="arrow" aria-label={slider.next}>
                    →
                  </a>
                </div>
              </div>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
