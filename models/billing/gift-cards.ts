import { z } from "zod";
import { requiredEmail, requiredText, todayInAgencyTimeZone } from "../forms/common";
import {
  DEFAULT_REGION,
  isRegion,
  REGION_CURRENCIES,
  regionForCurrency,
  regionFromAcceptLanguage,
  REGIONS,
  type Region,
} from "./currency";
import { formatMajor } from "./money";
import { ALWAYS, IdempotencyKey, PaymentFields, withCard } from "./payments";

// Gift cards (docs/product.md, "Billing and shop"), sold in the buyer's currency
// (docs/decisions/0059): each currency has its own amounts, and a card keeps
// its currency; redeemed, it becomes Creative Tokens at that currency's rate.

/**
 * The amounts each currency offers, in whole units: four presets, the one chosen by default,
 * and the custom range. Rupees are the spec's; dollars and euros are round figures of about
 * the same worth (₹5,000 is about $60 or €55, ₹1,00,000 about $1,200), the two kept alike
 * because the currencies are close and buyers compare round numbers, not exchange rates.
 */
export const GIFT_AMOUNTS: Record<
  Region,
  {
    presets: readonly number[];
    preset: number;
    min: number;
    max: number;
    placeholder: string;
    symbol: string;
  }
> = {
  in: {
    presets: [5000, 15000, 25000, 50000],
    preset: 15000,
    min: 1000,
    max: 100000,
    placeholder: "1,000 - 1,00,000",
    symbol: "₹",
  },
  us: {
    presets: [50, 150, 300, 600],
    preset: 150,
    min: 15,
    max: 1200,
    placeholder: "15 - 1,200",
    symbol: "$",
  },
  eu: {
    presets: [50, 150, 300, 600],
    preset: 150,
    min: 15,
    max: 1200,
    placeholder: "15 - 1,200",
    symbol: "€",
  },
};
export const GIFT_MESSAGE_MAX = 500;
/** Valid 1 year from purchase (docs/product.md, "Billing and shop"). */
export const GIFT_VALIDITY_MONTHS = 12;

/** An amount as the buyer reads it: "₹15,000", "$150", "€150". */
export const formatGiftAmount = (amount: number, region: Region) =>
  formatMajor(amount, REGION_CURRENCIES[region], "whole");

export const GIFT_MESSAGES = {
  purchased: "Gift card purchased successfully!",
  // Ours, where the spec is silent.
  customRange: (region: Region) =>
    `Enter an amount between ${formatGiftAmount(GIFT_AMOUNTS[region].min, region)} and ${formatGiftAmount(GIFT_AMOUNTS[region].max, region)}.`,
  presetInvalid: "Choose one of the amounts.",
  amountInvalid: "Enter a whole amount, such as 150.",
  recipientName: "Recipient name is required.",
  recipientEmail: "Recipient email is required.",
  senderName: "Your name is required.",
  senderEmail: "Your email is required.",
  deliveryDate: "Enter a valid date.",
  deliveryPast: "The delivery date cannot be earlier than today.",
  messageTooLong: `Your message can be at most ${GIFT_MESSAGE_MAX} characters.`,
  codeRequired: "Enter the gift card code.",
  codeUnknown: "This gift card code is not valid.",
  codeRedeemed: "This gift card has already been redeemed.",
  codeExpired: "This gift card has expired.",
  tooManyCodes: (minutes: number) =>
    `Too many wrong codes. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
  redeemed: (tokens: number, amount: string) =>
    `Gift card redeemed: ${amount} became ${tokens} Creative Tokens.`,
} as const;

const M = GIFT_MESSAGES;

/** "15,000", "₹ 15000", "$1,200" and "15000" are amounts; anything else (decimals too) is not. */
export function parseGiftAmount(value: string): number | null {
  const cleaned = value.replace(/[₹$€,\s]/g, "");
  return /^\d{1,7}$/.test(cleaned) ? Number(cleaned) : null;
}

/**
 * The amount the buyer chose, in the region's currency. A custom amount, when typed, wins
 * over the presets (with JavaScript, typing one deselects the presets; without it the server
 * decides by which field is set). No choice at all is the region's default preset.
 */
export function chosenAmount(
  preset: string | undefined,
  custom: string | undefined,
  region: Region,
):
  | { ok: true; amount: number; custom: boolean }
  | { ok: false; field: "amount" | "customAmount"; message: string } {
  const rules = GIFT_AMOUNTS[region];
  if (custom && custom.trim()) {
    const amount = parseGiftAmount(custom);
    if (amount === null || amount < rules.min || amount > rules.max)
      return { ok: false, field: "customAmount", message: M.customRange(region) };
    return { ok: true, amount, custom: true };
  }
  if (!preset) return { ok: true, amount: rules.preset, custom: false };
  const amount = Number(preset);
  if (!rules.presets.includes(amount)) return { ok: false, field: "amount", message: M.presetInvalid };
  return { ok: true, amount, custom: false };
}

/** What one Creative Token is worth on a gift card, in minor units of each currency (paise, cents). */
export type GiftTokenRates = Record<Region, number>;

/**
 * The rates from the billing settings: rupees per token as seeded (`inrPerToken`), and cents per
 * token for dollars and euros (`centsPerToken`), which default to the rupee rate's worth at the
 * token packages' own exchange (a package's dollar price is about 1/83 of its rupee price, its euro
 * price about 1/89): ₹100 a token is $1.20 or €1.10.
 */
export const giftTokenRates = (settings: {
  inrPerToken: number;
  centsPerToken?: { us: number; eu: number };
}): GiftTokenRates => ({
  in: settings.inrPerToken * 100,
  us: settings.centsPerToken?.us ?? 120,
  eu: settings.centsPerToken?.eu ?? 110,
});

/** A card's amount (whole units of its currency) to tokens at its currency's rate, rounded down. */
export const tokensForGift = (amount: number, region: Region, rates: GiftTokenRates) =>
  Math.floor((amount * 100) / rates[region]);

/** What an amount redeems as, in words ("150 Creative Tokens"), at a token's worth in minor units. */
export function giftTokensWords(amount: number, minorPerToken: number): string {
  const tokens = Math.floor((amount * 100) / minorPerToken);
  return `${tokens} Creative Token${tokens === 1 ? "" : "s"}`;
}

/** The gift card form: the spec's fields, then the card that pays. Every message shows at once. */
export const giftCardFields = z.object({
  amount: z.string().trim().optional(),
  customAmount: z.string().trim().max(20, M.amountInvalid).optional(),
  /** The price list the page showed (us, eu, in); the server decides again before charging. */
  region: z.enum(REGIONS).optional(),
  recipientName: requiredText(M.recipientName, 120),
  recipientEmail: requiredEmail(M.recipientEmail),
  senderName: requiredText(M.senderName, 120),
  senderEmail: requiredEmail(M.senderEmail),
  deliveryDate: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, M.deliveryDate)
    .optional()
    .default(""),
  message: z.string().max(GIFT_MESSAGE_MAX, M.messageTooLong).optional().default(""),
  idempotency_key: IdempotencyKey.optional(),
  ...PaymentFields,
});

/** A form that names no currency (posted by an older page) is in rupees, as every card was. */
const DEFAULT_GIFT_REGION: Region = "in";

export function giftCardSchema(options: { now?: Date; cardRequired?: boolean } = {}) {
  const fields = giftCardFields
    .superRefine((value, ctx) => {
      // Runs even when other fields failed, so nothing here trusts the types.
      const text = (v: unknown) => (typeof v === "string" ? v : undefined);
      const region = isRegion(value?.region) ? value.region : DEFAULT_GIFT_REGION;
      const chosen = chosenAmount(text(value?.amount), text(value?.customAmount), region);
      if (!chosen.ok) ctx.addIssue({ code: "custom", path: [chosen.field], message: chosen.message });
      const date = text(value?.deliveryDate);
      if (date && /^\d{4}-\d{2}-\d{2}$/.test(date) && date < todayInAgencyTimeZone(options.now)) {
        ctx.addIssue({ code: "custom", path: ["deliveryDate"], message: M.deliveryPast });
      }
    }, ALWAYS)
    .transform((value) => {
      const region = value.region ?? DEFAULT_GIFT_REGION;
      const chosen = chosenAmount(value.amount, value.customAmount, region);
      return {
        ...value,
        region,
        currency: REGION_CURRENCIES[region],
        message: value.message.trim(),
        giftAmount: chosen.ok ? chosen.amount : 0,
      };
    });
  return withCard(fields, { cardRequired: options.cardRequired ?? true, now: options.now });
}
export type GiftCardInput = z.output<ReturnType<typeof giftCardSchema>>;

export const RedeemGiftCardSchema = z.object({ code: requiredText(M.codeRequired, 40) });

/** Codes are typed by people: case, spaces and dashes do not matter. */
export const normaliseGiftCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, "");

/** How the page chose its currency: the buyer's pick (`?currency=`), or the browser's language, or the default. */
export type GiftRegionSource = "choice" | "browser" | "default";

/**
 * The currency a signed-out buyer sees (decision 0059): the one they picked on the page
 * (`?currency=EUR`; also `eu`), else the one their browser's language points to, else rupees.
 * A signed-in buyer pays in their account's currency instead (`clientRegion`).
 */
export function guestGiftRegion(
  choice: string | null | undefined,
  acceptLanguage: string | null | undefined,
): { region: Region; source: GiftRegionSource } {
  const lower = choice?.toLowerCase();
  const picked = isRegion(lower) ? lower : regionForCurrency(choice);
  if (picked) return { region: picked, source: "choice" };
  const browser = regionFromAcceptLanguage(acceptLanguage);
  if (browser) return { region: browser, source: "browser" };
  return { region: DEFAULT_REGION, source: "default" };
}
