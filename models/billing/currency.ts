// One currency per client (docs/decisions/0059-one-currency-per-client.md).
//
// A region is one of the three price lists the catalogue keeps (token
// packages, plans, shop items' original prices): `{ us, eu, in }` in whole
// units of each region's currency. Which one a client sees is decided once
// here, and every price on their pages and every charge uses it.

import { formatMajor } from "../platform/money";

export const REGIONS = ["us", "eu", "in"] as const;
export type Region = (typeof REGIONS)[number];

export const REGION_CURRENCIES = { us: "USD", eu: "EUR", in: "INR" } as const;
export type RegionCurrency = (typeof REGION_CURRENCIES)[Region];

/** What the region select offers, in the order it lists them. */
export const REGION_LABELS: Record<Region, string> = {
  us: "US dollars ($)",
  eu: "Euros (€)",
  in: "Indian rupees (₹)",
};

/** With nothing else to go on: the studio's home prices. */
export const DEFAULT_REGION: Region = "in";

/** A price list with one whole-unit price per region (the catalogue's shape). */
export type RegionPrices = Record<Region, number>;

export const isRegion = (value: unknown): value is Region =>
  typeof value === "string" && (REGIONS as readonly string[]).includes(value);

export function regionForCurrency(currency: string | null | undefined): Region | null {
  const upper = currency?.toUpperCase();
  const found = REGIONS.find((r) => REGION_CURRENCIES[r] === upper);
  return found ?? null;
}

// The euro area (and the EU's members that price in euros for us): a language
// tag's region subtag, or a language spoken mainly there when no region is given.
const EURO_COUNTRIES = new Set([
  "AT", "BE", "HR", "CY", "EE", "FI", "FR", "DE", "GR", "IE", "IT", "LV", "LT", "LU", "MT", "NL", "PT",
  "SK", "SI", "ES", "AD", "MC", "SM", "VA", "ME", "XK",
]); // prettier-ignore
const EURO_LANGUAGES = new Set([
  "de", "fr", "it", "es", "nl", "pt", "fi", "el", "et", "lv", "lt", "sk", "sl", "hr", "mt", "ga", "lb", "ca", "eu", "gl",
]); // prettier-ignore
// Languages of India (besides English, which says nothing on its own).
const INDIAN_LANGUAGES = new Set([
  "hi", "bn", "te", "mr", "ta", "ur", "gu", "kn", "ml", "or", "pa", "as", "mai", "sa", "kok", "ne", "sd",
]); // prettier-ignore

/** The region a single language tag points to ("de-AT" → eu, "en-IN" → in, "en-US" → us), or null. */
export function regionForLanguageTag(tag: string): Region | null {
  const [language = "", ...rest] = tag.trim().split(/[-_]/);
  const lang = language.toLowerCase();
  const country = rest.find((part) => /^[a-z]{2}$/i.test(part))?.toUpperCase();
  if (country) {
    if (country === "IN") return "in";
    if (country === "US") return "us";
    if (EURO_COUNTRIES.has(country)) return "eu";
  }
  if (INDIAN_LANGUAGES.has(lang)) return "in";
  if (EURO_LANGUAGES.has(lang)) return "eu";
  return null;
}

/**
 * The region an Accept-Language header points to: the most preferred tag
 * (by q, then order) that names one; null when none does ("en", "*", "ja").
 */
export function regionFromAcceptLanguage(header: string | null | undefined): Region | null {
  if (!header) return null;
  const tags = header
    .slice(0, 1000)
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((t) => t.tag && t.tag !== "*" && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of tags) {
    const region = regionForLanguageTag(tag);
    if (region) return region;
  }
  return null;
}

export type RegionSource = "setting" | "last_purchase" | "browser" | "default";

export type RegionInputs = {
  /** The account's own choice (signup or settings); null when never chosen. */
  setting?: string | null;
  /** The currency of the client's most recent payment, if any. */
  lastPurchaseCurrency?: string | null;
  /** The request's Accept-Language header. */
  acceptLanguage?: string | null;
};

export type RegionDecision = { region: Region; currency: RegionCurrency; source: RegionSource };

/**
 * The one currency a visitor or client sees and pays in:
 * the account's setting, else the last purchase's currency, else the
 * browser's language, else rupees.
 */
export function decideRegion(inputs: RegionInputs): RegionDecision {
  const pick = (region: Region, source: RegionSource): RegionDecision => ({
    region,
    currency: REGION_CURRENCIES[region],
    source,
  });
  if (isRegion(inputs.setting)) return pick(inputs.setting, "setting");
  const purchased = regionForCurrency(inputs.lastPurchaseCurrency);
  if (purchased) return pick(purchased, "last_purchase");
  const browser = regionFromAcceptLanguage(inputs.acceptLanguage);
  if (browser) return pick(browser, "browser");
  return pick(DEFAULT_REGION, "default");
}

/** A catalogue price in the region's currency: `{ amount, currency }` in whole units. */
export function priceFor(prices: RegionPrices, region: Region): { amount: number; currency: RegionCurrency } {
  return { amount: prices[region], currency: REGION_CURRENCIES[region] };
}

/** A catalogue price as the client reads it: "€165", "$179", "₹14,999" (whole units, decimals when there are any). */
export const formatRegionPrice = (prices: RegionPrices, region: Region) =>
  formatMajor(prices[region], REGION_CURRENCIES[region]);

/**
 * A plan's price list: `prices`, with the rupee figure from `price` (the column the spec's
 * API answers and staff edit), so the two can never disagree.
 */
export const planPrices = (plan: { price: number; prices: RegionPrices }): RegionPrices => ({
  ...plan.prices,
  in: plan.price,
});
