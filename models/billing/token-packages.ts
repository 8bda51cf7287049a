import { z } from "zod";
import { IdempotencyKey, PaymentFields, withCard } from "./payments";

// Buying Creative Tokens: the form and API schema and the spec's words.

export const PACKAGE_REGIONS = ["us", "eu", "in"] as const;

export const PACKAGE_CURRENCIES = { us: "USD", eu: "EUR", in: "INR" } as const;
export type PackageRegion = keyof typeof PACKAGE_CURRENCIES;

export const TOKEN_PURCHASE_MESSAGES = {
  purchased: (tokens: number, balance: number) =>
    `Success! You purchased ${tokens} Creative Tokens. Your new balance is ${balance} tokens.`,
  packageInvalid: "Choose a token package.",
  regionInvalid: "Choose a region: US, Europe or India.",
} as const;

/** The product's default error texts (docs/product.md, "Error messages") of the token calls. */
export const TOKEN_PACKAGE_API_ERRORS = {
  fetchPackages: "Failed to fetch token packages",
  purchase: "Failed to purchase tokens",
} as const;

/**
 * POST /api/purchase-tokens/ {package_id, payment_method (default credit_card)}
 * and the purchase page. `region` picks the currency (US dollars by default);
 * the card fields are required on the page and optional in the API.
 */
export const purchaseTokensFields = z.object({
  package_id: z
    .string({ error: TOKEN_PURCHASE_MESSAGES.packageInvalid })
    .trim()
    .min(1, TOKEN_PURCHASE_MESSAGES.packageInvalid)
    .max(60, TOKEN_PURCHASE_MESSAGES.packageInvalid),
  region: z.enum(PACKAGE_REGIONS, { error: TOKEN_PURCHASE_MESSAGES.regionInvalid }).optional().default("us"),
  idempotency_key: IdempotencyKey.optional(),
  ...PaymentFields,
});

export function purchaseTokensSchema(options: { cardRequired: boolean; now?: Date }) {
  return withCard(purchaseTokensFields, options);
}
export type PurchaseTokensInput = z.output<ReturnType<typeof purchaseTokensSchema>>;
