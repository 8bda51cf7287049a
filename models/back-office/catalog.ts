import { z } from "zod";
import { PACKAGE_COLOURS } from "../content/marketing-enums";
import { CATEGORY_LABELS, SHOP_CATEGORIES } from "../billing/shop-categories";

// The back-office catalogue: the forms staff fill in for shop items, token
// packages and subscription plans, and the rules for uploaded files. Pure:
// the pages, their actions and the tests share it (docs/decisions/0025).

export {
  CATALOG_KINDS,
  CATALOG_MESSAGES,
  CATALOG_PATH_KINDS,
  SHOP_FILE_RULES,
  SHOP_IMAGE_RULES,
  type CatalogKind,
} from "./catalog-kinds";

const text = (label: string, max: number) =>
  z
    .string({ error: `Please enter the ${label}.` })
    .trim()
    .min(1, { error: `Please enter the ${label}.`, abort: true })
    .max(max, { error: `Please keep the ${label} under ${max} characters.` });

const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `Please enter the ${label} as a number.` })
    .int({ error: `The ${label} must be a whole number.` })
    .min(min, { error: `The ${label} must be at least ${min}.` })
    .max(max, { error: `The ${label} must be at most ${max}.` });

const money = (label: string, min: number) =>
  z.coerce
    .number({ error: `Please enter the ${label} as a number.` })
    .min(min, { error: `The ${label} must be at least ${min}.` })
    .max(10_000_000, { error: `The ${label} is too large.` })
    .refine((n) => Math.round(n * 100) === n * 100, { error: `The ${label} has at most two decimals.` });

/** Ids are permanent (purchases, carts and subscriptions point at them): set once, on create. */
export const CatalogId = z
  .string({ error: "Please enter an id." })
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9-]{1,59}$/, {
    error: "Use 2 to 60 lower-case letters, digits and dashes, starting with a letter.",
  });

const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

export const ShopItemFormSchema = z.object({
  name: text("name", 80),
  description: text("description", 300),
  category: z.enum(SHOP_CATEGORIES, { error: "Please choose a category." }),
  rating: z.coerce
    .number({ error: "Please enter the rating as a number." })
    .min(0, { error: "The rating is from 0 to 5." })
    .max(5, { error: "The rating is from 0 to 5." })
    .refine((n) => Math.round(n * 10) === n * 10, { error: "The rating has one decimal at most." }),
  token_price: whole("token price", 1, 100_000),
  original_price: money("original price", 0),
  original_price_eu: money("original euro price", 0),
  original_price_in: money("original rupee price", 0),
  max_downloads: whole("number of downloads", 1, 100),
});
export type ShopItemForm = z.infer<typeof ShopItemFormSchema>;

export const TokenPackageFormSchema = z.object({
  name: text("name", 60),
  description: text("description", 300),
  tokens: whole("number of tokens", 1, 1_000_000),
  bonus_tokens: whole("bonus tokens", 0, 1_000_000),
  price_us: money("US dollar price", 0.01),
  price_eu: money("euro price", 0.01),
  price_in: money("rupee price", 1),
  is_popular: checkbox,
});
export type TokenPackageForm = z.infer<typeof TokenPackageFormSchema>;

export const PlanFormSchema = z.object({
  name: text("name", 60),
  colour: z.enum(PACKAGE_COLOURS, { error: "Please choose a colour." }),
  tagline: text("tagline", 160),
  price: whole("monthly price", 0, 10_000_000),
  price_us: money("monthly US dollar price", 0),
  price_eu: money("monthly euro price", 0),
  monthly_tokens: whole("monthly tokens", 0, 1_000_000),
  project_limit: whole("project limit", -1, 1000),
  features: z
    .string({ error: "Please list at least one feature." })
    .transform((value) =>
      value
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().max(200, { error: "Please keep each feature under 200 characters." }))
        .min(1, { error: "Please list at least one feature." })
        .max(20, { error: "Please list at most 20 features." }),
    ),
  is_popular: checkbox,
});
export type PlanForm = z.infer<typeof PlanFormSchema>;

export const CATEGORY_OPTIONS = SHOP_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));
export const COLOUR_OPTIONS = PACKAGE_COLOURS.map((value) => ({
  value,
  label: value[0]!.toUpperCase() + value.slice(1),
}));
