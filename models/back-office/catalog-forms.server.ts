import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import type { AuditActor } from "../platform/audit.server";
import {
  createPlan,
  createShopItem,
  createTokenPackage,
  updatePlan,
  updateShopItem,
  updateTokenPackage,
} from "./catalog-admin.server";
import type { PlanRow, ShopItemRow, TokenPackageRow } from "../billing/catalog.server";
import { fromMinor } from "../billing/payments";
import {
  CATALOG_MESSAGES,
  CatalogId,
  PlanFormSchema,
  ShopItemFormSchema,
  TokenPackageFormSchema,
  type CatalogKind,
} from "./catalog";
import { checkCatalogFile, type CheckedFile } from "./catalog-files.server";

// The catalogue page's action, kept out of the route so the route stays thin:
// validate the form (and the uploaded files), then create or update through
// models/back-office/catalog-admin.server.ts.

/** A row as the form's default values (strings, as inputs hold them). */
export function catalogFormValues(
  kind: CatalogKind,
  row: ShopItemRow | TokenPackageRow | PlanRow,
): Record<string, string> & { name: string } {
  if (kind === "shop_item") {
    const item = row as ShopItemRow;
    return {
      name: item.name,
      description: item.description,
      category: item.category,
      rating: String(item.ratingTenths / 10),
      token_price: String(item.tokenPrice),
      original_price: String(fromMinor(item.originalPriceCents)),
      original_price_eu: String(item.originalPrices.eu),
      original_price_in: String(item.originalPrices.in),
      max_downloads: String(item.maxDownloads),
      file_name: item.fileName,
      image: item.image,
    };
  }
  if (kind === "token_package") {
    const pkg = row as TokenPackageRow;
    return {
      name: pkg.name,
      description: pkg.description,
      tokens: String(pkg.tokens),
      bonus_tokens: String(pkg.bonusTokens),
      price_us: String(pkg.prices.us),
      price_eu: String(pkg.prices.eu),
      price_in: String(pkg.prices.in),
      ...(pkg.isPopular ? { is_popular: "on" } : {}),
    };
  }
  const plan = row as PlanRow;
  return {
    name: plan.name,
    colour: plan.colour,
    tagline: plan.tagline,
    price: String(plan.price),
    price_us: String(plan.prices.us),
    price_eu: String(plan.prices.eu),
    monthly_tokens: String(plan.monthlyTokens),
    project_limit: String(plan.projectLimit),
    features: plan.features.join("\n"),
    ...(plan.isPopular ? { is_popular: "on" } : {}),
  };
}

export type SaveOutcome =
  | { status: "saved"; id: string; name: string; changed: boolean; result: SubmissionResult<string[]> }
  | { status: "invalid"; httpStatus: 400 | 409; result: SubmissionResult<string[]> }
  | { status: "not_found" };

const SCHEMAS = {
  shop_item: ShopItemFormSchema,
  token_package: TokenPackageFormSchema,
  subscription_plan: PlanFormSchema,
} as const;

const chosenFile = (value: FormDataEntryValue | null): File | null =>
  value instanceof File && value.size > 0 && value.name ? value : null;

/** Validates and saves one catalogue form; `id` null creates. */
export async function saveCatalogForm(
  kind: CatalogKind,
  id: string | null,
  formData: FormData,
  actor: AuditActor,
): Promise<SaveOutcome> {
  const base = SCHEMAS[kind];
  const schema =
    id === null
      ? base.extend({ id: CatalogId.refine((value) => value !== "new", { error: CATALOG_MESSAGES.idTaken }) })
      : base;
  const submission = parseWithZod(formData, { schema });
  // The files are checked even when a text field is wrong, so every message shows at once.
  const fileErrors: Record<string, string[]> = {};
  const files: { file?: CheckedFile; image?: CheckedFile } = {};
  if (kind === "shop_item") {
    for (const name of ["file", "image"] as const) {
      const upload = chosenFile(formData.get(name));
      if (!upload) {
        if (id === null)
          fileErrors[name] = [
            name === "file" ? CATALOG_MESSAGES.fileRequired : CATALOG_MESSAGES.imageRequired,
          ];
        continue;
      }
      const checked = await checkCatalogFile(upload, name);
      if (checked.ok) files[name] = checked.file;
      else fileErrors[name] = [checked.message];
    }
  }
  if (submission.status !== "success" || Object.keys(fileErrors).length) {
    const fieldErrors = {
      ...(submission.status === "success" ? {} : (submission.error ?? {})),
      ...fileErrors,
    } as Record<string, string[]>;
    return { status: "invalid", httpStatus: 400, result: submission.reply({ fieldErrors }) };
  }
  const value = submission.value as never;
  const newId = id === null ? (submission.value as unknown as { id: string }).id : null;
  let outcome;
  if (kind === "shop_item") {
    outcome = newId
      ? await createShopItem({ id: newId, form: value, file: files.file!, image: files.image! }, actor)
      : await updateShopItem(id!, { form: value, ...files }, actor);
  } else if (kind === "token_package") {
    outcome = newId
      ? await createTokenPackage(newId, value, actor)
      : await updateTokenPackage(id!, value, actor);
  } else {
    outcome = newId ? await createPlan(newId, value, actor) : await updatePlan(id!, value, actor);
  }
  if (!outcome.ok && outcome.status === 404) return { status: "not_found" };
  if (!outcome.ok)
    return {
      status: "invalid",
      httpStatus: 409,
      result: submission.reply({ fieldErrors: { id: [outcome.message] } }),
    };
  return {
    status: "saved",
    id: outcome.row.id,
    name: outcome.row.name,
    changed: outcome.changed,
    result: submission.reply(),
  };
}
