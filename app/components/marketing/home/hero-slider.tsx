import { type MouseEvent, useEffect, useRef } from "react";
import { Link } from "react-router";
import type { HomeContent } from "~models/marketing-content";
import { HERO_SLIDE_INTERVAL_MS } from "~/lib/marketing-constants";
import { wrapIndex } from "~/lib/slider";
import { prefersReducedMotion, scrollBehavior } from "../motion";

/** Scrolls the strip to slide `index` (0-based), wrapping. */
function show(strip: HTMLElement, index: number) {
  const count = strip.children.length;
  strip.scrollTo({ left: wrapIndex(index, 0, count) * strip.clientWidth, behavior: scrollBehavior() });
}
const current = (strip: HTMLElement) => Math.round(strip.scrollLeft / strip.clientWidth);

/**
 * Four slides in a CSS scroll-snap strip. Without JavaScript each slide's
 * arrows are links to the neighbouring slide (#slide-n), wrapping at the ends.
 * With it, the arrows scroll the strip in place and the strip advances every
 * 5000 ms, paused while hovered or focused, and not at all for reduced motion.
 */
export function HeroSlider({ slider }: { slider: HomeContent["slider"] }) {
  const strip = useRef<HTMLDivElement>(null);
  const count = slider.slides.length;

  useEffect(() => {
    const el = strip.current!;
    const box = el.parentElement!;
    let hovered = false;
    let focused = false;
    box.onmouseenter = () => (hovered = true);
    box.onmouseleave = () => (hovered = false);
    box.addEventListener("focusin", () => (focused = true));
    box.addEventListener("focusout", (event) => (focused = box.contains(event.relatedTarget as Node | null)));
    const timer = setInterval(() => {
      if (!hovered && !focused && !prefersReducedMotion()) show(el, current(el) + 1);
    }, HERO_SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);

  const arrow = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    show(strip.current!, Number(event.currentTarget.hash.slice(7)) - 1);
  };

  return (
    <section id="highlights" className="wrap hs" aria-roledescription="carousel" aria-label={slider.label}>
      <div ref={strip} className="hs-strip" data-testid="hero-slider">
        {slider.slides.map((slide, i) => (
          <article key={slide.title} id={`slide-${i + 1}`} className="hs-slide" aria-roledescription="slide" aria-label={`${i + 1} / ${count}`}>
            <img src={slide.image.src} alt={slide.image.alt} width={960} height={720} loading={i ? "lazy" : undefined} />
            <div className="hs-copy">
              <p className="eyebrow">{slide.eyebrow}</p>
              <h2 className="display-md">{slide.title}</h2>
              <p className="muted">{slide.text}</p>
              <div className="hs-foot">
                <Link to={slider.addToCart.href} className="btn btn-primary">
                  {slider.addToCart.label}
                </Link>
                <div className="arrows">
                  <a href={`#slide-${wrapIndex(i, -1, count) + 1}`} className="arrow" aria-label={slider.previous} onClick={arrow}>
                    ←
                  </a>
                  <span className="muted">
                    {i + 1} / {count}
                  </span>
                  <a href={`#slide-${wrapIndex(i, 1, count) + 1}`} className="arrow" aria-label={slider.next} onClick={arrow}>
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
