import { data } from "react-router";
import { getCreativeTokensContent } from "~models/billing/priced-pages.server";
import { REGIONS } from "~models/content/marketing-enums";
import { formatPrice, getTokensHref, parseRegion } from "~models/content/marketing-pages";
import { regionForRequest } from "~models/billing/currency.server";
import { getSiteShell } from "~models/content/site-content.server";
import { Pricing } from "~/components/marketing/tokens/pricing";
import { About, HowItWorks, TokensHero } from "~/components/marketing/tokens/story";
import { AddOns, Tiers } from "~/components/marketing/tokens/usage-tables";
import { findMember } from "~/lib/membership.server";
import { marketingCacheHeaders } from "~/lib/cache-control.server";
import { loaderHeaders } from "~/lib/route-headers";
import { seoMeta } from "~/lib/seo";
import { pageSeo } from "~/lib/seo.server";
import type { Route } from "./+types/creative-tokens";

export async function loader({ request }: Route.LoaderArgs) {
  const [content, shell, member] = await Promise.all([
    getCreativeTokensContent(),
    getSiteShell(),
    findMember(request),
  ]);
  const { seo, pricing, addOns, ...rest } = content;
  const { bundles, ...pricingText } = pricing;
  // The region tabs (?region=) as before; without one, a signed-in client starts on their own
  // currency (a private answer), anonymous visitors on the first tab (docs/decisions/0059).
  const asked = new URL(request.url).searchParams.get("region");
  const region =
    asked === null && member
      ? (await regionForRequest(request, member.accountId)).region
      : parseRegion(asked, REGIONS);
  return data(
    {
      ...rest,
      pricing: pricingText,
      region,
      bundles: bundles.map(({ prices, ...bundle }) => ({
        ...bundle,
        price: formatPrice(prices[region], region),
        href: getTokensHref(member !== null, { package: bundle.slug, region }),
      })),
      addOns: {
        ...addOns,
        items: addOns.items.map(({ prices, ...item }) => ({
          ...item,
          prices: pricing.regions.map((r) => formatPrice(prices[r.id], r.id)),
        })),
      },
      // Get Tokens: the dashboard's token purchase page (a bundle's button picks it); sign in first when anonymous.
      getTokens: getTokensHref(member !== null),
      meta: seoMeta(pageSeo(request, "/creative-tokens", seo, shell.site.name)),
    },
    { headers: marketingCacheHeaders(request) },
  );
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function CreativeTokens({ loaderData }: Route.ComponentProps) {
  const {
    hero,
    labels,
    howItWorks,
    usage,
    pricing,
    bundles,
    region,
    tiers,
    addOns,
    about,
    closing,
    getTokens,
  } = loaderData;
  return (
    <>
      <TokensHero hero={hero} getTokens={getTokens} labels={labels} />
      <HowItWorks how={howItWorks} usage={usage} />
      <Pricing pricing={pricing} bundles={bundles} region={region} labels={labels} />
      <Tiers tiers={tiers} tokensLabel={labels.tokens} />
      <AddOns addOns={addOns} regions={pricing.regions} labels={labels} />
      <About about={about} closing={closing} getTokens={getTokens} labels={labels} />
    </>
  );
}
