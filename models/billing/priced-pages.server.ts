// The marketing pages that show prices: content's copy with billing's plans
// and token bundles, from the tables billing sells them from. In billing
// because billing sits to content's right (decision 0066).

import { getBlock } from "../content/marketing-content.server";
import type { CreativeTokensContent, Plan, SolutionsContent } from "../content/marketing-content";
import { bundleCard, listPlans, listTokenPackages, planCard } from "./catalog.server";

/** The subscription plans, from the one table billing also sells them from. */
export async function getPlans(): Promise<Plan[]> {
  return (await listPlans()).map(planCard);
}

export async function getSolutionsContent(): Promise<SolutionsContent> {
  const [block, plans] = await Promise.all([getBlock("solutions"), getPlans()]);
  return { ...block, plans };
}

/** The page's copy with the token bundles that the purchase page sells. */
export async function getCreativeTokensContent(): Promise<CreativeTokensContent> {
  const [block, packages] = await Promise.all([getBlock("creative-tokens"), listTokenPackages()]);
  return { ...block, pricing: { ...block.pricing, bundles: packages.map(bundleCard) } };
}
