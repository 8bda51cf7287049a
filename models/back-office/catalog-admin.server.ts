// The catalogue's staff side (moved from models/billing/catalog.server.ts:
// back-office sits to billing's right, decision 0066): the uploaded shop
// images it serves, and the rows staff create, edit, retire and restore.

import { asc, desc, eq, sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "../platform/audit.server";
import type { CatalogKind, PlanForm, ShopItemForm, TokenPackageForm } from "./catalog";
import { CATALOG_MESSAGES } from "./catalog";
import {
  parseShopImageFile,
  SHOP_IMAGE_PREFIX,
  shopImagePath,
  storeCatalogFile,
  type CheckedFile,
} from "./catalog-files.server";
import { db } from "../platform/db.server";
import { toMinor } from "../billing/payments";
import { payments, purchases, shopItems, subscriptionPlans, subscriptions, tokenPackages } from "../schema";
import { openUpload } from "../platform/uploads.server";
import { stable, type PlanRow, type ShopItemRow, type TokenPackageRow } from "../billing/catalog.server";

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
        payments: sql<number>`(select count(*)::int from ${payments}
          where ${payments.tokenPackageId} = "token_packages"."id" and ${payments.status} = 'succeeded')`,
      })
      .from(tokenPackages)
      .orderBy(desc(tokenPackages.isActive), asc(tokenPackages.position), asc(tokenPackages.id)),
    db()
      .select({
        row: subscriptionPlans,
        active: sql<number>`(select count(*)::int from ${subscriptions}
          where ${subscriptions.planId} = "subscription_plans"."id" and ${subscriptions.status} = 'active')`,
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
