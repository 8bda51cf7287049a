import { z } from "zod";
import { SHOP_CATEGORIES, DEFAULT_MAX_DOWNLOADS } from "./shop";

// Seeded billing content, validated at seed time (pure: tests read the files
// directly). seeds/shop-items.json is the catalogue; seeds/billing.json holds
// the numbers the agency may change (referral reward, gift card rate) and the
// gift card page's copy.

const text = z.string().trim().min(1, "is required");
const slug = z.string().regex(/^[a-z][a-z0-9-]*$/, "must be lower-case letters, digits and dashes");
const media = z.string().regex(/^\/media\/[\w\-/]+\.(svg|png|webp|jpg)$/, "must be an image in public/media");

/** A downloadable file in seeds/shop-files/ (checked to exist when seeding). */
export const SHOP_FILE_TYPES = {
  zip: "application/zip",
  pdf: "application/pdf",
  svg: "image/svg+xml",
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  json: "application/json",
} as const;
export type ShopFileType = keyof typeof SHOP_FILE_TYPES;
const fileName = z
  .string()
  .regex(
    new RegExp(`^[a-z0-9][a-z0-9-]*\\.(${Object.keys(SHOP_FILE_TYPES).join("|")})$`),
    `must be a file name in seeds/shop-files ending in .${Object.keys(SHOP_FILE_TYPES).join(", .")}`,
  );

export const shopItemSchema = z.object({
  id: slug,
  name: text.max(80, "must be at most 80 characters"),
  description: text.max(300, "must be at most 300 characters"),
  image: media,
  category: z.enum(SHOP_CATEGORIES, { error: `must be one of ${SHOP_CATEGORIES.join(", ")}` }),
  rating: z.number().min(0).max(5).multipleOf(0.1, "must have one decimal at most"),
  tokenPrice: z.int().positive(),
  /** Shown struck through next to the token price, in the client's currency (US dollars in the API). */
  originalPrices: z.object({
    us: z.number().nonnegative(),
    eu: z.number().nonnegative(),
    in: z.number().nonnegative(),
  }),
  maxDownloads: z.int().positive().max(100).default(DEFAULT_MAX_DOWNLOADS),
  file: fileName,
});
export type ShopItemSeed = z.infer<typeof shopItemSchema>;

export const shopItemsSchema = z.object({
  items: z
    .array(shopItemSchema)
    .min(1, "needs at least one item")
    .refine((items) => new Set(items.map((i) => i.id)).size === items.length, "item ids must be unique"),
});

export const billingSettingsSchema = z.object({
  /**
   * Storage for the client's own project uploads, per plan id, in GB (shown in
   * Manage account, docs/decisions/0023). A client without a plan has 1 GB
   * (FREE_STORAGE_QUOTA_BYTES). Optional, so a database seeded before it existed still reads.
   */
  storage: z
    .object({ planQuotaGb: z.record(slug, z.number().positive().max(10_000)) })
    .optional()
    .default({ planQuotaGb: {} }),
  referral: z.object({
    /** Tokens the referrer gets, once, when the invited person makes a first purchase. */
    rewardTokens: z.int().positive().max(1000),
  }),
  giftCards: z.object({
    /** A redeemed gift card in rupees becomes floor(amount / inrPerToken) tokens. */
    inrPerToken: z.int().positive(),
    /**
     * A token's worth on a card in dollars and euros, in cents (decision 0059); optional, so a
     * database seeded before it existed still reads (giftTokenRates defaults it).
     */
    centsPerToken: z.object({ us: z.int().positive(), eu: z.int().positive() }).optional(),
    title: text,
    intro: text,
    perfectFor: z.object({
      title: text,
      items: z
        .array(z.object({ title: text, text }))
        .length(4, "needs the four cards of docs/product.md, 'Billing and shop'"),
    }),
    terms: z.object({
      title: text,
      items: z
        .array(z.object({ title: text, text }))
        .min(4, "needs validity, usage, transferability and balance"),
    }),
  }),
});
export type BillingSettings = z.infer<typeof billingSettingsSchema>;
