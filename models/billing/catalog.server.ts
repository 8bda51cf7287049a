import { createReadStream, existsSync, statSync } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { and, asc, desc, eq, inArray, not, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { recordAudit, type AuditActor } from "../platform/audit.server";
import type { CatalogKind, PlanForm, ShopItemForm, TokenPackageForm } from "../back-office/catalog";
import { CATALOG_MESSAGES } from "../back-office/catalog";
import {
  parseShopImageFile,
  SHOP_IMAGE_PREFIX,
  shopImagePath,
  storeCatalogFile,
  type CheckedFile,
} from "../back-office/catalog-files.server";
import { planPrices } from "./currency";
import { SHOP_FILE_TYPES, type ShopFileType, type ShopItemSeed } from "./billing-content";
import { db, type Database, type Transaction } from "../platform/db.server";
import type { Bundle, Plan } from "../content/marketing-content";
import { fromMinor, toMinor } from "./payments";
import { SEEDS_DIR } from "../platform/paths.server";
import { payments, purchases, shopItems, subscriptionPlans, subscriptions, tokenPackages } from "../schema";
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
const stable = (value: unknown): unknown =>
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

/** A subscription plan (docs/product.md, "Billing and shop"); price in rupees a month (the currency says so). */
export const apiPlan = (row: PlanRow) => ({
  id: row.id,
  name: row.name,
  price: row.price,
  currency: row.currency,
  /** The month's price in each currency (as token packages answer theirs); /api/subscribe takes `region`. */
  prices: { USD: row.prices.us, EUR: row.prices.eu, INR: row.price },
  billing_period: row.billingPeriod,
  features: row.features,
  monthly_tokens: row.monthlyTokens,
  project_limit: row.projectLimit,
  is_popular: row.isPopular,
});

export const PACKAGE_CURRENCIES = { us: "USD", eu: "EUR", in: "INR" } as const;
export type PackageRegion = keyof typeof PACKAGE_CURRENCIES;

/** A token package (docs/product.md, "Billing and shop"), priced in the region's currency (US dollars unless asked). */
export function apiTokenPackage(
  row: Pick<
    TokenPackageRow,
    "id" | "name" | "tokens" | "bonusTokens" | "prices" | "description" | "isPopular"
  >,
  region: PackageRegion = "us",
) {
  const total = row.tokens + row.bonusTokens;
  const price = row.prices[region];
  return {
    id: row.id,
    name: row.name,
    price,
    currency: PACKAGE_CURRENCIES[region],
    prices: { USD: row.prices.us, EUR: row.prices.eu, INR: row.prices.in },
    tokens: row.tokens,
    bonus_tokens: row.bonusTokens,
    total_tokens: total,
    value_per_token: fromMinor(Math.round(toMinor(price) / total)),
    description: row.description,
    is_popular: row.isPopular,
  };
}

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

/** An uploaded shop image, served only while a shop item (retired ones too: old purchases show it) uses it. */
export async function openShopImage(file: string | undefined) {
  const parsed = parseShopImageFile(file);
  if (!parsed) return null;
  const [used] = await db()
    .select({ id: shopItems.id })
    .from(shopItems)
    .where(eq(shopItems.image, `${SHOP_IMAGE_PREFIX}${file}`))
    .limit(1);
  if (!used) return null;
  const body = await openUpload(parsed.storageKey);
  return body ? { ...body, contentType: parsed.contentType } : null;
}

// ---------------------------------------------------------------------------
// The back-office: staff create, edit, retire and restore catalogue rows.
// Every change marks the row managed_by = 'staff' (the seed leaves it alone
// from then on) and writes an audit entry with before and after in the same
// transaction. The route clears the page cache afterwards (decision 0009).

export type ShopItemRow = typeof shopItems.$inferSelect;
type CatalogRow = ShopItemRow | TokenPackageRow | PlanRow;

const CATALOG_TABLES = {
  shop_item: shopItems,
  token_package: tokenPackages,
  subscription_plan: subscriptionPlans,
} as const;

/** What the audit log keeps of a row: every column but the bookkeeping. */
function snapshot(row: CatalogRow): Record<string, unknown> {
  const { updatedAt: _updatedAt, ...rest } = row as CatalogRow & { updatedAt: Date };
  return rest;
}

/** The columns whose values differ, before and after. */
function difference(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter(
    (key) => JSON.stringify(stable(before[key] ?? null)) !== JSON.stringify(stable(after[key] ?? null)),
  );
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])),
    after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])),
  };
}

export type StaffCatalogue = {
  shopItems: Array<ShopItemRow & { purchases: number }>;
  tokenPackages: Array<TokenPackageRow & { payments: number }>;
  plans: Array<PlanRow & { activeSubscriptions: number }>;
};

/** Everything, retired rows included, on sale first then in the seed's order. (The outer tables are named in full: a bare "id" would be the subquery's own.) */
export async function listCatalogForStaff(): Promise<StaffCatalogue> {
  const [items, packages, plans] = await Promise.all([
    db()
      .select({
        row: shopItems,
        purchases: sql<number>`(select count(*)::int from ${purchases} where ${purchases.shopItemId} = "shop_items"."id")`,
      })
      .from(shopItems)
      .orderBy(desc(shopItems.isActive), asc(shopItems.position), asc(shopItems.id)),
    db()
      .select({
        row: tokenPackages,
        payments: sql<number>`(select count(*)::int from ${payments} where ${payments.tokenPackageId} = "token_packages"."id" and ${payments.status} = 'succeeded')`,
      })
      .from(tokenPackages)
      .orderBy(desc(tokenPackages.isActive), asc(tokenPackages.position), asc(tokenPackages.id)),
    db()
      .select({
        row: subscriptionPlans,
        active: sql<number>`(select count(*)::int from ${subscriptions} where ${subscriptions.planId} = "subscription_plans"."id" and ${subscriptions.status} = 'active')`,
      })
      .from(subscriptionPlans)
      .orderBy(desc(subscriptionPlans.isActive), asc(subscriptionPlans.position), asc(subscriptionPlans.id)),
  ]);
  return {
    shopItems: items.map(({ row, purchases: n }) => ({ ...row, purchases: Number(n) })),
    tokenPackages: packages.map(({ row, payments: n }) => ({ ...row, payments: Number(n) })),
    plans: plans.map(({ row, active }) => ({ ...row, activeSubscriptions: Number(active) })),
  };
}

export async function getCatalogRow<K extends CatalogKind>(
  kind: K,
  id: string | undefined,
): Promise<
  (K extends "shop_item" ? ShopItemRow : K extends "token_package" ? TokenPackageRow : PlanRow) | null
> {
  if (!id || !CatalogIdPattern.test(id)) return null;
  const t = CATALOG_TABLES[kind] as unknown as typeof shopItems;
  const [row] = await db().select().from(t).where(eq(t.id, id)).limit(1);
  return (row as never) ?? null;
}

export type CatalogChange<T> =
  { ok: true; row: T; changed: boolean } | { ok: false; status: 404 | 409; field?: "id"; message: string };

const CatalogIdPattern = /^[a-z][a-z0-9-]{1,59}$/;

/** Columns from the shop item form (and the uploaded files, when given). */
async function shopItemColumns(
  form: ShopItemForm,
  files: { file?: CheckedFile; image?: CheckedFile },
  dataDir?: string,
) {
  const columns: Partial<typeof shopItems.$inferInsert> = {
    name: form.name,
    description: form.description,
    category: form.category,
    ratingTenths: Math.round(form.rating * 10),
    tokenPrice: form.token_price,
    originalPriceCents: toMinor(form.original_price),
    originalPrices: { us: form.original_price, eu: form.original_price_eu, in: form.original_price_in },
    maxDownloads: form.max_downloads,
  };
  if (files.file) {
    columns.fileStorageKey = await storeCatalogFile(files.file.bytes, dataDir);
    columns.fileName = files.file.name;
    columns.fileFormat = files.file.extension.toUpperCase();
    columns.fileSize = files.file.bytes.byteLength;
    columns.contentType = files.file.contentType;
  }
  if (files.image)
    columns.image = shopImagePath(await storeCatalogFile(files.image.bytes, dataDir), files.image.extension);
  return columns;
}

const tokenPackageColumns = (form: TokenPackageForm): Partial<typeof tokenPackages.$inferInsert> => ({
  name: form.name,
  description: form.description,
  tokens: form.tokens,
  bonusTokens: form.bonus_tokens,
  isPopular: form.is_popular,
  prices: { us: form.price_us, eu: form.price_eu, in: form.price_in },
});

const planColumns = (form: PlanForm): Partial<typeof subscriptionPlans.$inferInsert> => ({
  name: form.name,
  colour: form.colour,
  tagline: form.tagline,
  price: form.price,
  prices: { us: form.price_us, eu: form.price_eu, in: form.price },
  features: form.features,
  monthlyTokens: form.monthly_tokens,
  projectLimit: form.project_limit,
  isPopular: form.is_popular,
});

async function insertCatalogRow<K extends CatalogKind>(
  kind: K,
  id: string,
  columns: Record<string, unknown>,
  actor: AuditActor,
): Promise<CatalogChange<CatalogRow>> {
  const t = CATALOG_TABLES[kind] as unknown as typeof shopItems;
  return db().transaction(async (tx) => {
    const [taken] = await tx.select({ id: t.id }).from(t).where(eq(t.id, id)).limit(1);
    if (taken) return { ok: false, status: 409, field: "id", message: CATALOG_MESSAGES.idTaken } as const;
    const [last] = await tx.select({ n: sql<number>`coalesce(max(${t.position}), -1)::int` }).from(t);
    const inserted = await tx
      .insert(t)
      .values({
        ...columns,
        id,
        position: Number(last?.n ?? -1) + 1,
        managedBy: "staff",
        isActive: true,
      } as never)
      .onConflictDoNothing()
      .returning();
    const row = inserted[0] as CatalogRow | undefined;
    if (!row) return { ok: false, status: 409, field: "id", message: CATALOG_MESSAGES.idTaken } as const;
    await recordAudit(
      { actor, action: "catalog.create", target: { type: kind, id, label: row.name }, after: snapshot(row) },
      tx,
    );
    return { ok: true, row, changed: true } as const;
  });
}

async function updateCatalogRow<K extends CatalogKind>(
  kind: K,
  id: string | undefined,
  columns: Record<string, unknown>,
  actor: AuditActor,
  action: "catalog.update" | "catalog.retire" | "catalog.restore" = "catalog.update",
): Promise<CatalogChange<CatalogRow>> {
  if (!id || !CatalogIdPattern.test(id)) return { ok: false, status: 404, message: "Not found." };
  const t = CATALOG_TABLES[kind] as unknown as typeof shopItems;
  return db().transaction(async (tx) => {
    const [current] = await tx.select().from(t).where(eq(t.id, id)).for("update");
    if (!current) return { ok: false, status: 404, message: "Not found." } as const;
    const before = snapshot(current as CatalogRow);
    const change = difference(before, { ...before, ...columns });
    if (!Object.keys(change.after).length)
      return { ok: true, row: current as CatalogRow, changed: false } as const;
    const [row] = await tx
      .update(t)
      .set({ ...columns, managedBy: "staff", updatedAt: new Date() } as never)
      .where(eq(t.id, id))
      .returning();
    await recordAudit(
      {
        actor,
        action,
        target: { type: kind, id, label: (row as CatalogRow).name },
        before: change.before,
        after: change.after,
      },
      tx,
    );
    return { ok: true, row: row as CatalogRow, changed: true } as const;
  });
}

/** A new shop item with its file and image (both checked by checkCatalogFile). */
export async function createShopItem(
  input: { id: string; form: ShopItemForm; file: CheckedFile; image: CheckedFile },
  actor: AuditActor,
  dataDir?: string,
) {
  if (await getCatalogRow("shop_item", input.id))
    return { ok: false, status: 409, field: "id", message: CATALOG_MESSAGES.idTaken } as const;
  const columns = await shopItemColumns(input.form, { file: input.file, image: input.image }, dataDir);
  return insertCatalogRow("shop_item", input.id, columns, actor) as Promise<CatalogChange<ShopItemRow>>;
}

/**
 * Saves the form; a new file or image replaces the old one for everyone,
 * earlier buyers included (they download the current version). The old file
 * stays on disk.
 */
export async function updateShopItem(
  id: string | undefined,
  input: { form: ShopItemForm; file?: CheckedFile; image?: CheckedFile },
  actor: AuditActor,
  dataDir?: string,
) {
  if (!(await getCatalogRow("shop_item", id)))
    return { ok: false, status: 404, message: "Not found." } as const;
  const columns = await shopItemColumns(input.form, { file: input.file, image: input.image }, dataDir);
  return updateCatalogRow("shop_item", id, columns, actor) as Promise<CatalogChange<ShopItemRow>>;
}

export const createTokenPackage = (id: string, form: TokenPackageForm, actor: AuditActor) =>
  insertCatalogRow("token_package", id, tokenPackageColumns(form), actor) as Promise<
    CatalogChange<TokenPackageRow>
  >;
export const updateTokenPackage = (id: string | undefined, form: TokenPackageForm, actor: AuditActor) =>
  updateCatalogRow("token_package", id, tokenPackageColumns(form), actor) as Promise<
    CatalogChange<TokenPackageRow>
  >;
export const createPlan = (id: string, form: PlanForm, actor: AuditActor) =>
  insertCatalogRow("subscription_plan", id, planColumns(form), actor) as Promise<CatalogChange<PlanRow>>;
export const updatePlan = (id: string | undefined, form: PlanForm, actor: AuditActor) =>
  updateCatalogRow("subscription_plan", id, planColumns(form), actor) as Promise<CatalogChange<PlanRow>>;

/**
 * Retire (off sale) or restore. Retiring never touches what was sold: a
 * purchase keeps its downloads, a subscription runs to the end of its period
 * and then ends instead of renewing (renewSubscription), a package's
 * receipts stay. The row stays staff-managed, so the seed does not undo it.
 */
export function setCatalogActive(
  kind: CatalogKind,
  id: string | undefined,
  active: boolean,
  actor: AuditActor,
) {
  return updateCatalogRow(
    kind,
    id,
    { isActive: active },
    actor,
    active ? "catalog.restore" : "catalog.retire",
  );
}
