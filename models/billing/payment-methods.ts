import { z } from "zod";
import { PaymentFields, withCard } from "./payments";

// Saved cards (docs/decisions/0023): the add-card form's schema and the
// words the pages use. The card itself is held by the payment gateway; we
// keep its reference, brand, last four digits and expiry.

export const PAYMENT_METHOD_MESSAGES = {
  added: (card: string) => `${card} is saved.`,
  alreadySaved: (card: string) => `${card} was already saved; its details are up to date.`,
  removed: "Payment method removed.",
  notFound: "That payment method was not found.",
  defaultSet: (card: string) => `${card} is now your default card; your plan renews with it.`,
  inUse: (card: string, plan: string) =>
    `${card} pays for your ${plan} plan. Make another card the default first, or cancel the plan.`,
  unsupported: "Our payment provider cannot save cards right now. You can still pay with a card each time.",
} as const;

/** Add a card: number, expiry, security code and name are all required; "make default" is optional. */
export const addCardFields = z.object({
  card_number: PaymentFields.card_number,
  card_expiry: PaymentFields.card_expiry,
  card_cvc: PaymentFields.card_cvc,
  card_name: PaymentFields.card_name,
  make_default: z.boolean().optional().default(false),
});

export function addCardSchema(options: { now?: Date } = {}) {
  return withCard(addCardFields, { cardRequired: true, now: options.now });
}
