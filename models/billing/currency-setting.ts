import { z } from "zod";
import { REGION_LABELS, REGIONS, type Region } from "./currency";

// The account's choice of currency: Billing's setting and sign-up's optional select (docs/decisions/0059).

export const CURRENCY_MESSAGES = {
  invalid: "Choose a currency: US dollars, euros or Indian rupees.",
  changed: (name: string) =>
    `Your currency changed to ${name} since this page was opened. Check the price, then pay again.`,
  saved: (name: string) => `Saved. You now see and pay every price in ${name}.`,
} as const;

/** The choices as the select lists them. */
export const REGION_OPTIONS = REGIONS.map((value) => ({ value, label: REGION_LABELS[value] }));

/** Billing's form: `region` is one of us, eu, in. */
export const RegionSettingSchema = z.object({
  region: z.enum(REGIONS, { error: CURRENCY_MESSAGES.invalid }),
});

/** Sign-up's select: empty means "decide for me" (the browser's language, then rupees). */
export const OptionalRegion = z
  .union([z.literal(""), z.enum(REGIONS)], { error: CURRENCY_MESSAGES.invalid })
  .optional()
  .transform((value) => (value ? value : null));

const CURRENCY_NAMES: Record<Region, string> = { us: "US dollars", eu: "euros", in: "Indian rupees" };

export const regionSavedMessage = (region: Region) => CURRENCY_MESSAGES.saved(CURRENCY_NAMES[region]);

export const currencyName = (region: Region) => CURRENCY_NAMES[region];
