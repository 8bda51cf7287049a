import type { CSSProperties } from "react";
import type { HomeContent } from "~models/content/marketing-content";
import { MARQUEE_LOOP_SECONDS } from "~/lib/marketing-constants";

/**
 * Popular Brands: 16 tiles, the list rendered twice so the CSS loop
 * (translateX -50%) is seamless. The copy is hidden from assistive tech, and
 * the motion stops for reduced motion (the strip then wraps in place).
 */
export function BrandMarquee({ brands }: { brands: HomeContent["brands"] }) {
  const tiles = (copy: number) =>
    brands.items.map((brand) => (
      <li key={`${copy}-${brand.name}`} className="tile">
        <img src={brand.logo} alt="" width={40} height={40} loading="lazy" />
        <span>{brand.name}</span>
      </li>
    ));
  return (
    <section className="brands" aria-labelledby="popular-brands">
      <div className="wrap section-head">
        <h2 id="popular-brands" className="display-md">
          {brands.title}
        </h2>
        <p className="muted">{brands.text}</p>
      </div>
      <div
        className="marquee"
        data-testid="brand-marquee"
        style={{ "--marquee-duration": `${MARQUEE_LOOP_SECONDS}s` } as CSSProperties}
      >
        <div className="marquee-track">
          <ul aria-label={brands.title}>{tiles(0)}</ul>
          <ul aria-hidden="true">{tiles(1)}</ul>
        </div>
      </div>
    </section>
  );
}
