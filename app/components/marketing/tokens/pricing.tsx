import { classes } from "~/lib/classes";
import { Link } from "react-router";
import type { CreativeTokensContent, Region } from "~models/content/marketing-content";

type Bundle = Omit<CreativeTokensContent["pricing"]["bundles"][number], "prices"> & {
  price: string;
  href: string;
};

/**
 * Token bundles with region tabs (US / Europe / India). The tabs are links
 * (?region=), so they work without JavaScript; each bundle's Get Tokens opens
 * the dashboard's token purchase page with that bundle and region chosen
 * (through sign-in when anonymous).
 */
export function Pricing({
  pricing,
  bundles,
  region,
  labels,
}: {
  pricing: Omit<CreativeTokensContent["pricing"], "bundles">;
  bundles: Bundle[];
  region: Region;
  labels: CreativeTokensContent["labels"];
}) {
  return (
    <section id="pricing" className="wrap mt-24" aria-labelledby="pricing-title">
      <div className="section-head sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-3">
          <h2 id="pricing-title" className="display-md">
            {pricing.title}
          </h2>
          <p className="muted">{pricing.text}</p>
        </div>
        <nav
          aria-label="Region"
          className="flex self-start rounded-full border border-border bg-surface p-1.5"
        >
          {pricing.regions.map((r) => (
            <Link
              key={r.id}
              to={`?region=${r.id}#pricing`}
              preventScrollReset
              aria-current={r.id === region ? "page" : undefined}
              className={classes(
                "rounded-full px-4 py-2 text-sm font-semibold transition-colors",
                r.id === region ? "bg-text text-canvas" : "text-text-muted hover:text-text",
              )}
            >
              {r.label}
            </Link>
          ))}
        </nav>
      </div>
      <ul className="grid gap-5 md:grid-cols-3" data-testid="bundles" data-region={region}>
        {bundles.map((bundle) => (
          <li
            key={bundle.slug}
            className={`card relative flex flex-col gap-5 p-7 ${bundle.isPopular ? "border-yellow" : ""}`}
            data-bundle={bundle.slug}
          >
            {bundle.isPopular ? (
              <span className="absolute -top-3 left-7 rounded-full bg-yellow px-3 py-1 text-xs font-bold text-yellow-ink">
                {labels.popular}
              </span>
            ) : null}
            <h3 className="display-sm">{bundle.name}</h3>
            <p className="font-display text-5xl font-bold tracking-tight">
              {bundle.tokens} <span className="text-base font-medium text-text-muted">{labels.tokens}</span>
            </p>
            <p className="font-display text-2xl font-semibold text-yellow" data-testid="bundle-price">
              {bundle.price}
            </p>
            <p className="muted text-sm">{bundle.description}</p>
            {bundle.bonusTokens ? (
              <p className="text-sm font-semibold text-green">
                +{bundle.bonusTokens} bonus {labels.tokens}
              </p>
            ) : null}
            <Link
              to={bundle.href}
              className={`btn mt-auto ${bundle.isPopular ? "btn-primary" : "btn-ghost"}`}
              aria-label={`${labels.getTokens}: ${bundle.name}`}
            >
              {labels.getTokens}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
