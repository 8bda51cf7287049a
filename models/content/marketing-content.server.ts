import { eq } from "drizzle-orm";
import { db } from "../platform/db.server";
import {
  creativeTokensBlockSchema,
  MARKETING_BLOCKS,
  solutionsBlockSchema,
  type MarketingKey,
} from "./marketing-content";
import { contentBlocks } from "../schema";

/** What each page's content block holds (plans and bundles live in their own tables). */
const BLOCK_SCHEMAS = {
  ...MARKETING_BLOCKS,
  solutions: solutionsBlockSchema,
  "creative-tokens": creativeTokensBlockSchema,
} as const;
type Block<K extends MarketingKey> = ReturnType<(typeof BLOCK_SCHEMAS)[K]["parse"]>;

/** A marketing page's block (billing adds its plans and bundles: models/billing/priced-pages.server.ts). */
export async function getBlock<K extends MarketingKey>(key: K): Promise<Block<K>> {
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
