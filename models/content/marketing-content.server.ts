import { eq } from "drizzle-orm";
import { bundleCard, listPlans, listTokenPackages, planCard } from "../billing/catalog.server";
import { db } from "../platform/db.server";
import {
  creativeTokensBlockSchema,
  MARKETING_BLOCKS,
  solutionsBlockSchema,
  type CreativeTokensContent,
  type MarketingKey,
  type Plan,
  type SolutionsContent,
} from "./marketing-content";
import { contentBlocks } from "../schema";

/** What each page's content block holds (plans and bundles live in their own tables). */
const BLOCK_SCHEMAS = {
  ...MARKETING_BLOCKS,
  solutions: solutionsBlockSchema,
  "creative-tokens": creativeTokensBlockSchema,
} as const;
type Block<K extends MarketingKey> = ReturnType<(typeof BLOCK_SCHEMAS)[K]["parse"]>;

async function getBlock<K extends MarketingKey>(key: K): Promise<Block<K>> {
  const [row] = await db()
    .select({ data: contentBlocks.data })
    .from(contentBlocks)
    .where(eq(contentBlocks.key, key));
  if (!row) throw new Error(`Content block "${key}" is missing: run npm run seed.`);
  return BLOCK_SCHEMAS[key].parse(row.data) as Block<K>;
}

export const getHomeContent = () => getBlock("home");
export const getServicesContent = () => getBlock("services");
export const getStrategyContent = () => getBlock("strategy");

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
