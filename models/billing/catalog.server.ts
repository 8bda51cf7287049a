import { createReadStream, existsSync, statSync } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { and, asc, eq, inArray, not } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { planPrices } from "./currency";
import { SHOP_FILE_TYPES, type ShopFileType, type ShopItemSeed } from "./billing-content";
import { db, type Database, type Transaction } from "../platform/db.server";
import type { Bundle, Plan } from "../content/marketing-content";
import { toMinor } from "./payments";
import { SEEDS_DIR } from "../platform/paths.server";
import { shopItems, subscriptionPlans, tokenPackages } from "../schema";
import { openUpload } from "../platform/uploads.server";
import type { WriteCount } from "../content/site-content.server";

// The catalogue tables seeded from seeds/: subscription plans (solutions.json),
// token packages (creative-tokens.json bundles) and shop items
// (shop-items.json). One copy each; the marketing pages and billing read them.

const SHOP_FILES_DIR = path.join(SEEDS_DIR, "shop-files");

/** Where a shop item's file lives on disk; names are checked against a strict pattern first. */
function shopFilePath(fileName: string): string {
  if (!/^[a-z0-9][a-z0-9-]*\.[a-z]+$/.test(fileName)) throw new Error(`Invalid shop file name: ${fileName}`);
  return path.join(SHOP_FILES_DIR, fileName);
}

export const shopFileExists = (fileName: string) => existsSync(shopFilePath(fileName));

type Row = Record<string, unknown>;
/** JSON with object keys sorted: jsonb does not keep the order they were written in. */
/** Objects with their keys sorted, so two equal values compare equal as JSON (the seed and the staff audit both use it). */
export const stable = (value: unknown): unknown =>
  value && typeof value === "object" && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, v]) => [k, stable(v)]),
      )
    : value;
const comparable = (row: Row, keys: string[]) => JSON.stringify(keys.map((k) => stable(row[k] ?? null)));

/**
 * Upserts seeded rows by id and reports what changed. Rows that left the seed
 * file are deactivated, never deleted: purchases and subscriptions point at
 * them. A row staff created, edited or retired in the back-office
 * (managed_by = 'staff') is left exactly as it is: the seed neither rewrites
 * it, nor puts it back on sale, nor retires it (docs/decisions/0025).
 */
async function upsertCatalogue(
  tx: Transaction,
  table: PgTable & { id: never; isActive: never },
  rows: Row[],
): Promise<WriteCount> {
  const t = table as unknown as typeof shopItems;
  const keys = Object.keys(rows[0] ?? {}).filter((k) => k !== "id");
  const existing = new Map((await tx.select().from(t)).map((row) => [row.id, row as Row]));
  const count: WriteCount = { inserted: 0, updated: 0, unchanged: 0 };
  for (const row of rows) {
    const before = existing.get(row.id as string);
    if (!before) {
      await tx.insert(t).values(row as never);
      count.inserted++;
    } else if (before.managedBy === "staff") {
      count.unchanged++;
    } else if (
      comparable(before, [...keys, "isActive"]) !==
      comparable({ ...row, isActive: true }, [...keys, "isActive"])
    ) {
      await tx
        .update(t)
        .set({ ...row, isActive: true, updatedAt: new Date() } as never)
        .where(and(eq(t.id, row.id as string), eq(t.managedBy, "seed")));
      count.updated++;
    } else {
      count.unchanged++;
    }
  }
  const ids = rows.map((r) => r.id as string);
  const retired = await tx
    .update(t)
    .set({ isActive: false, updatedAt: new Date() } as never)
    .where(and(eq(t.managedBy, "seed"), ids.length ? not(inArray(t.id, ids)) : undefined))
    .returning({ id: t.id });
  count.updated += retired.filter((r) => existing.get(r.id)?.isActive !== false).length;
  return count;
}

export function upsertPlans(tx: Transaction, plans: Plan[]): Promise<WriteCount> {
  const rows = plans.map((plan, position) => ({
    id: plan.slug,
    position,
    name: plan.name,
    colour: plan.colour,
    tagline: plan.tagline,
    price: plan.prices.in,
    prices: plan.prices,
    currency: "INR",
    billingPeriod: "monthly",
    features: plan.features,
    monthlyTokens: plan.monthlyTokens,
    projectLimit: plan.projectLimit,
    isPopular: plan.isPopular,
  }));
  return upsertCatalogue(tx, subscriptionPlans as never, rows);
}

export function upsertTokenPackages(tx: Transaction, bundles: Bundle[]): Promise<WriteCount> {
  const rows = bundles.map((bundle, position) => ({
    id: bundle.slug,
    position,
    name: bundle.name,
    tokens: bundle.tokens,
    bonusTokens: bundle.bonusTokens,
    description: bundle.description,
    isPopular: bundle.isPopular,
    prices: bundle.prices,
  }));
  return upsertCatalogue(tx, tokenPackages as never, rows);
}

const fileType = (name: string) => path.extname(name).slice(1) as ShopFileType;

export function upsertShopItems(tx: Transaction, items: ShopItemSeed[]): Promise<WriteCount> {
  const rows = items.map((item, position) => ({
    id: item.id,
    position,
    name: item.name,
    description: item.description,
    image: item.image,
    category: item.category,
    ratingTenths: Math.round(item.rating * 10),
    tokenPrice: item.tokenPrice,
    originalPriceCents: toMinor(item.originalPrices.us),
    originalPrices: item.originalPrices,
    maxDownloads: item.maxDownloads,
    fileName: item.file,
    fileFormat: fileType(item.file).toUpperCase(),
    fileSize: statSync(shopFilePath(item.file)).size,
    contentType: SHOP_FILE_TYPES[fileType(item.file)],
  }));
  return upsertCatalogue(tx, shopItems as never, rows);
}

export type ShopItemRow = typeof shopItems.$inferSelect;
export type PlanRow = typeof subscriptionPlans.$inferSelect;
export type TokenPackageRow = typeof tokenPackages.$inferSelect;

/** The plans on sale, in the seed file's order. */
export function listPlans(database: Database | Transaction = db()): Promise<PlanRow[]> {
  return database
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.isActive, true))
    .orderBy(asc(subscriptionPlans.position));
}

export async function getPlan(id: string, database: Database | Transaction = db()): Promise<PlanRow | null> {
  const [row] = await database.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id)).limit(1);
  return row ?? null;
}

export function listTokenPackages(): Promise<TokenPackageRow[]> {
  return db()
    .select()
    .from(tokenPackages)
    .where(eq(tokenPackages.isActive, true))
    .orderBy(asc(tokenPackages.position));
}

export async function getTokenPackage(id: string): Promise<TokenPackageRow | null> {
  const [row] = await db().select().from(tokenPackages).where(eq(tokenPackages.id, id)).limit(1);
  return row && row.isActive ? row : null;
}

/** A plan as /solutions shows it (the seed file's shape). */
export const planCard = (row: PlanRow): Plan => ({
  slug: row.id,
  colour: row.colour as Plan["colour"],
  name: row.name,
  tagline: row.tagline,
  prices: planPrices(row),
  monthlyTokens: row.monthlyTokens,
  projectLimit: row.projectLimit,
  isPopular: row.isPopular,
  features: row.features,
});

/** A token package as /creative-tokens shows it. */
export const bundleCard = (row: TokenPackageRow): Bundle => ({
  slug: row.id,
  name: row.name,
  tokens: row.tokens,
  bonusTokens: row.bonusTokens,
  description: row.description,
  isPopular: row.isPopular,
  prices: row.prices,
});

// ---------------------------------------------------------------------------
// Files: where a shop item's download and an uploaded image are read from.

/** The shop item's file: an upload staff made (DATA_DIR/uploads) or the seed's file in seeds/shop-files. */
export async function openShopFile(
  item: Pick<ShopItemRow, "fileName" | "fileStorageKey">,
): Promise<{ stream: ReadableStream<Uint8Array>; size: number } | null> {
  if (item.fileStorageKey) return openUpload(item.fileStorageKey);
  try {
    const file = shopFilePath(item.fileName);
    const { size } = await stat(file);
    return { stream: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size };
  } catch {
    return null;
  }
}
