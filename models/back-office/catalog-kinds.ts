// The catalogue's kinds, messages and upload rules, without Zod: the list
// page loads only this (docs/decisions/0025). The forms are in catalog.ts.

export const CATALOG_KINDS = {
  shop_item: { label: "Shop item", plural: "Shop items", path: "items" },
  token_package: { label: "Token package", plural: "Token packages", path: "packages" },
  subscription_plan: { label: "Subscription plan", plural: "Subscription plans", path: "plans" },
} as const;
export type CatalogKind = keyof typeof CATALOG_KINDS;
export const CATALOG_PATH_KINDS: Record<string, CatalogKind> = {
  items: "shop_item",
  packages: "token_package",
  plans: "subscription_plan",
};

export const CATALOG_MESSAGES = {
  idTaken: "That id is already used. Ids are permanent: choose another.",
  created: (name: string) => `${name} was added. Clients see it now.`,
  updated: (name: string) => `${name} was saved. Clients see the change now.`,
  retired: (name: string) =>
    `${name} was retired: it is no longer on sale. Earlier purchases and subscriptions are unaffected.`,
  restored: (name: string) => `${name} is on sale again.`,
  nothingChanged: "Nothing changed.",
  fileRequired: "Please choose the file clients download.",
  imageRequired: "Please choose an image for the shop card.",
  fileType: (extensions: readonly string[]) =>
    `Please upload a ${extensions.slice(0, -1).join(", ")} or ${extensions.at(-1)} file.`,
  fileTooLarge: (mb: number) => `The file is too large. The maximum size is ${mb} MB.`,
  fileContent: "This file's contents do not match its extension. Please upload the original file.",
} as const;

const MB = 1024 * 1024;

/** What a shop item's downloadable file may be: the types the seed allows, 20 MB. */
export const SHOP_FILE_RULES = {
  extensions: ["zip", "pdf", "svg", "txt", "csv", "json"] as const,
  maxBytes: 20 * MB,
};
/** The shop card's image: raster images only (an uploaded SVG could carry script), 2 MB. */
export const SHOP_IMAGE_RULES = { extensions: ["png", "jpg", "jpeg", "webp"] as const, maxBytes: 2 * MB };
