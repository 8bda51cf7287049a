// The shop's categories and their labels, without anything else of the shop's
// rules, so a page that only lists categories (the back-office catalogue
// form) loads no more than this.

import { SHOP_CATEGORIES } from "../schema/values";

export { SHOP_CATEGORIES };
export type ShopCategory = (typeof SHOP_CATEGORIES)[number];
export const CATEGORY_FILTERS = ["all", ...SHOP_CATEGORIES] as const;
export const CATEGORY_LABELS: Record<(typeof CATEGORY_FILTERS)[number], string> = {
  all: "All",
  templates: "Templates",
  assets: "Assets",
  tools: "Tools",
  graphics: "Graphics",
};
