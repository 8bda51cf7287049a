import { z } from "zod";
// Our messages for what a schema does not name (side effect: z.config).
import "../platform/zod-messages";

// Payments: the methods a client can pick, card checks that need no server,
// and the test gateway's cards. Card numbers are checked here and handed to
// the gateway; only the brand and the last four digits are ever stored.

/** The API's `payment_method` values; `credit_card` is the default (docs/product.md, "Billing and shop"). */
import { CURRENCIES, PAYMENT_METHODS } from "../schema/values";

export { CURRENCIES, PAYMENT_METHODS };
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  credit_card: "Credit card",
  debit_card: "Debit card",
};

export type Currency = (typeof CURRENCIES)[number];

/** All three currencies have two decimal places; amounts are stored in minor units (cents, paise). */
export const toMinor = (whole: number) => Math.round(whole * 100);
export const fromMinor = (minor: number) => minor / 100;

/**
 * What the payment pages show (docs/decisions/0036): "test" (the test
 * gateway, with a banner), "card" (another gateway that takes cards on our
 * page), "hosted" (Stripe Checkout: the card is typed on Stripe's page),
 * "none" (payments are not set up).
 */
export type PaymentMode = "test" | "card" | "hosted" | "none";

/** Whether the card is typed on our own page (the test gateway, a card gateway), not on the processor's. */
export const cardsOnOurPage = (mode: PaymentMode) => mode === "test" || mode === "card";

/** The test gateway's cards (the numbers payment providers use in test mode). */
export const TEST_CARDS = { approved: "4242424242424242", declined: "4000000000000002" } as const;

export const PAYMENT_MESSAGES = {
  method: "Choose a payment method.",
  cardNumber: "Enter your card number.",
  cardNumberInvalid: "This card number is not valid.",
  expiry: "Enter the expiry date as MM/YY.",
  expired: "This card has expired.",
  cvc: "Enter the 3 or 4 digit security code.",
  cardName: "Enter the name on the card.",
  declined: "Your card was declined. Please use a different card; you have not been charged.",
  testModeOnly:
    "Payments are in test mode: use the test card 4242 4242 4242 4242. You have not been charged.",
  inProgress: "This payment is already being processed. Please wait a moment and reload the page.",
  keyReused:
    "This idempotency key was already used for a different payment. " +
    "Send a new key for a new payment; the same request with the same key answers the first result.",
  unknownSavedMethod: "Unknown payment method.",
  saveNeedsAccount: "Sign in to save a card.",
} as const;

const digits = (value: string) => value.replace(/[\s-]/g, "");

/** The Luhn checksum every card number carries. */
export function passesLuhn(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card network from the number's first digits. */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return "Visa";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "Mastercard";
  if (/^3[47]/.test(number)) return "American Express";
  if (/^(60|65|81|82|508)/.test(number)) return "RuPay";
  if (/^6/.test(number)) return "Discover";
  return "Card";
}

export type CardDetails = { number: string; expMonth: number; expYear: number; cvc: string; name: string };

/** "MM/YY" or "MM/YYYY" → month and four-digit year. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** A card is good through the last day of its expiry month. */
export const cardExpired = (month: number, year: number, now = new Date()) =>
  year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);

const method = z.enum(PAYMENT_METHODS, { error: PAYMENT_MESSAGES.method });

/**
 * The card fields of every payment form and of the API. All optional as a
 * group: the API may send none (test mode approves that), but once a card
 * number is given, every field must be valid.
 */
export const PaymentFields = {
  payment_method: method.optional().default("credit_card"),
  card_number: z.string().trim().max(40, PAYMENT_MESSAGES.cardNumberInvalid).optional(),
  card_expiry: z.string().trim().max(10, PAYMENT_MESSAGES.expiry).optional(),
  card_cvc: z.string().trim().max(8, PAYMENT_MESSAGES.cvc).optional(),
  card_name: z.string().trim().max(120, PAYMENT_MESSAGES.cardName).optional(),
  /**
   * A saved card (docs/decisions/0023): the id of one of the client's saved
   * payment methods, or (older API clients) of an earlier receipt. When set,
   * the card fields are ignored.
   */
  payment_method_id: z.string().trim().max(80).nullish(),
  /** Save the card typed in for next time (it is stored by the gateway; we keep brand, last four, expiry). */
  save_card: z.boolean().optional(),
};

type PaymentFieldValues = {
  card_number?: string;
  card_expiry?: string;
  card_cvc?: string;
  card_name?: string;
  payment_method_id?: string | null;
};

/** A saved card was chosen: the typed card is not used. */
const paysWithSavedCard = (value: PaymentFieldValues | undefined) =>
  typeof value?.payment_method_id === "string" && value.payment_method_id.trim().length > 0;

/** The card the fields describe, or null when none was given; adds an issue per bad field. */
function readCard(
  raw: PaymentFieldValues,
  ctx: Pick<z.RefinementCtx, "addIssue">,
  required: boolean,
  now = new Date(),
): CardDetails | null {
  // Also runs when other fields failed (see withCard), so nothing here trusts the types.
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  const value = {
    card_number: text(raw.card_number),
    card_expiry: text(raw.card_expiry),
    card_cvc: text(raw.card_cvc),
    card_name: text(raw.card_name),
  };
  const number = digits(value.card_number);
  const anyGiven = [number, value.card_expiry, value.card_cvc].some((v) => v.length > 0);
  if (!anyGiven && !required) return null;
  if (!number) ctx.addIssue({ code: "custom", path: ["card_number"], message: PAYMENT_MESSAGES.cardNumber });
  else if (!passesLuhn(number))
    ctx.addIssue({ code: "custom", path: ["card_number"], message: PAYMENT_MESSAGES.cardNumberInvalid });
  const expiry = parseExpiry(value.card_expiry ?? "");
  if (!expiry) ctx.addIssue({ code: "custom", path: ["card_expiry"], message: PAYMENT_MESSAGES.expiry });
  else if (cardExpired(expiry.month, expiry.year, now))
    ctx.addIssue({ code: "custom", path: ["card_expiry"], message: PAYMENT_MESSAGES.expired });
  const cvc = value.card_cvc ?? "";
  if (!/^\d{3,4}$/.test(cvc))
    ctx.addIssue({ code: "custom", path: ["card_cvc"], message: PAYMENT_MESSAGES.cvc });
  if (required && !(value.card_name ?? "").trim())
    ctx.addIssue({ code: "custom", path: ["card_name"], message: PAYMENT_MESSAGES.cardName });
  if (!number || !passesLuhn(number) || !expiry || !/^\d{3,4}$/.test(cvc)) return null;
  return { number, expMonth: expiry.month, expYear: expiry.year, cvc, name: (value.card_name ?? "").trim() };
}

const silent: Pick<z.RefinementCtx, "addIssue"> = { addIssue() {} };
/** Run even when other fields failed, so every message shows at once. */
export const ALWAYS = { when: () => true } as const;

/**
 * Adds the card checks to a payment schema (reported together with the other
 * fields' errors) and the parsed card to its output (`card`, null when none
 * was given or `skip` says the card is not used).
 */
export function withCard<T extends z.ZodType<PaymentFieldValues>>(
  schema: T,
  options: { cardRequired: boolean; now?: Date; skip?: (value: z.output<T>) => boolean },
) {
  const skip = (value: z.output<T>) =>
    paysWithSavedCard(value as PaymentFieldValues) || Boolean(options.skip?.(value));
  return schema
    .superRefine((value, ctx) => {
      if (!skip(value)) readCard(value ?? {}, ctx, options.cardRequired, options.now);
    }, ALWAYS)
    .transform((value) => ({
      ...value,
      card: skip(value) ? null : readCard(value, silent, options.cardRequired, options.now),
    }));
}

/** A fresh key for a payment or checkout form: a resubmitted form carries the same one. */
export const newIdempotencyKey = () => globalThis.crypto.randomUUID();
export const IdempotencyKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,80}$/, "Invalid request key.");
