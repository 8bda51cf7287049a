import { eq } from "drizzle-orm";
import { db } from "./db.server";
import { MARKETING_BLOCKS, type MarketingKey } from "./marketing-content";
import { contentBlocks } from "./schema";

type Content<K extends MarketingKey> = ReturnType<(typeof MARKETING_BLOCKS)[K]["parse"]>;

/** One marketing page's content, as seeded and validated. */
export async function getMarketingContent<K extends MarketingKey>(key: K): Promise<Content<K>> {
  const [row] = await db().select({ data: contentBlocks.data }).from(contentBlocks).where(eq(contentBlocks.key, key));
  if (!row) throw new Error(`Content block "${key}" is missing: run npm run seed.`);
  return MARKETING_BLOCKS[key].parse(row.data) as Content<K>;
}

export const getHomeContent = () => getMarketingContent("home");
export const getServicesContent = () => getMarketingContent("services");
export const getStrategyContent = () => getMarketingContent("strategy");
export const getSolutionsContent = () => getMarketingContent("solutions");
export const getCreativeTokensContent = () => getMarketingContent("creative-tokens");

/** The plans of the subscriptions tab (the same records the subscription plans will read). */
export async function getPlans() {
  return (await getSolutionsContent()).plans;
}
