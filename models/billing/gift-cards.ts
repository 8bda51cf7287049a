import { z } from "zod";
import { requiredEmail, requiredText, todayInAgencyTimeZone } from "../forms/common";
import { ALWAYS, IdempotencyKey, PaymentFields, withCard } from "./payments";

// Gift cards (docs/product.md, "Billing and shop"): amounts in rupees.

export const GIFT_PRESETS = [5000, 15000, 25000, 50000] as const;
export const GIFT_DEFAULT_PRESET = 15000;
export const GIFT_MIN = 1000;
export const GIFT_MAX = 100000;
export const GIFT_MESSAGE_MAX = 500;
/** Valid 1 year from purchase (docs/product.md, "Billing and shop"). */
export const GIFT_VALIDITY_MONTHS = 12;
export const GIFT_CUSTOM_PLACEHOLDER = "1,000 - 1,00,000";

export const GIFT_MESSAGES = {
  purchased: "Gift card purchased successfully!",
  // Ours, where the spec is silent.
  customRange: "Enter an amount between ₹1,000 and ₹1,00,000.",
  presetInvalid: "Choose one of the amounts.",
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

/** "15,000", "₹ 15000" and "15000" are the same amount; anything else is not a number. */
export function parseRupees(value: string): number | null {
  const cleaned = value.replace(/[₹,\s]/g, "");
  return /^\d{1,7}$/.test(cleaned) ? Number(cleaned) : null;
}

/**
 * The amount the buyer chose. A custom amount, when typed, wins over the
 * presets (with JavaScript, typing one deselects the presets; without it the
 * server decides by which field is set). No choice at all is the default preset.
 */
export function chosenAmount(
  preset: string | undefined,
  custom: string | undefined,
):
  | { ok: true; amount: number; custom: boolean }
  | { ok: false; field: "amount" | "customAmount"; message: string } {
  if (custom && custom.trim()) {
    const amount = parseRupees(custom);
    if (amount === null || amount < GIFT_MIN || amount > GIFT_MAX)
      return { ok: false, field: "customAmount", message: M.customRange };
    return { ok: true, amount, custom: true };
  }
  if (!preset) return { ok: true, amount: GIFT_DEFAULT_PRESET, custom: false };
  const amount = Number(preset);
  if (!(GIFT_PRESETS as readonly number[]).includes(amount))
    return { ok: false, field: "amount", message: M.presetInvalid };
  return { ok: true, amount, custom: false };
}

/** Rupees to tokens at the seeded rate, rounded down to whole tokens. */
export const tokensForGift = (amountInr: number, inrPerToken: number) => Math.floor(amountInr / inrPerToken);

/** The gift card form: the spec's fields, then the card that pays. Every message shows at once. */
export const giftCardFields = z.object({
  amount: z.string().trim().optional(),
  customAmount: z.string().trim().max(20, M.customRange).optional(),
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

export function giftCardSchema(options: { now?: Date; cardRequired?: boolean } = {}) {
  const fields = giftCardFields
    .superRefine((value, ctx) => {
      // Runs even when other fields failed, so nothing here trusts the types.
      const text = (v: unknown) => (typeof v === "string" ? v : undefined);
      const chosen = chosenAmount(text(value?.amount), text(value?.customAmount));
      if (!chosen.ok) ctx.addIssue({ code: "custom", path: [chosen.field], message: chosen.message });
      const date = text(value?.deliveryDate);
      if (date && /^\d{4}-\d{2}-\d{2}$/.test(date) && date < todayInAgencyTimeZone(options.now)) {
        ctx.addIssue({ code: "custom", path: ["deliveryDate"], message: M.deliveryPast });
      }
    }, ALWAYS)
    .transform((value) => {
      const chosen = chosenAmount(value.amount, value.customAmount);
      return { ...value, message: value.message.trim(), amountInr: chosen.ok ? chosen.amount : 0 };
    });
  return withCard(fields, { cardRequired: options.cardRequired ?? true, now: options.now });
}
export type GiftCardInput = z.output<ReturnType<typeof giftCardSchema>>;

export const RedeemGiftCardSchema = z.object({ code: requiredText(M.codeRequired, 40) });

/** Codes are typed by people: case, spaces and dashes do not matter. */
export const normaliseGiftCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, "");
