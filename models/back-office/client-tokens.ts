import { z } from "zod";
import { TOKEN_VALIDITY_DAYS } from "../billing/tokens";

// The manual token grant or deduction on a client's back-office page. Pure:
// the form, its action and the tests share it. The ledger (decision 0012)
// refuses a deduction below zero; this says so in words.

export const TOKEN_ADJUST_DIRECTIONS = [
  { value: "grant", label: "Grant tokens" },
  { value: "deduct", label: "Deduct tokens" },
] as const;

export const TOKEN_ADJUST_MESSAGES = {
  amountRequired: "Please enter how many tokens.",
  amountInvalid: "Enter a whole number of tokens from 1 to 100,000.",
  reasonRequired: "Please give a reason: it is kept in the ledger and the audit log.",
  reasonTooShort: "Please give a reason of at least 3 characters.",
  reasonTooLong: "Please keep the reason under 300 characters.",
  validDaysInvalid: "Enter a whole number of days from 1 to 90.",
  granted: (amount: number, balance: number) =>
    `Granted ${amount} token${amount === 1 ? "" : "s"}. The balance is now ${balance}.`,
  deducted: (amount: number, balance: number) =>
    `Deducted ${amount} token${amount === 1 ? "" : "s"}. The balance is now ${balance}.`,
  belowZero: (amount: number, balance: number) =>
    `Cannot deduct ${amount} token${amount === 1 ? "" : "s"}: the client has ${balance}, and a balance can never go below zero.`,
} as const;

const M = TOKEN_ADJUST_MESSAGES;

export const TokenAdjustSchema = z.object({
  direction: z.enum(["grant", "deduct"], { error: "Please choose grant or deduct." }),
  amount: z.coerce
    .number({ error: M.amountRequired })
    .int({ error: M.amountInvalid })
    .min(1, { error: M.amountInvalid })
    .max(100_000, { error: M.amountInvalid }),
  reason: z
    .string({ error: M.reasonRequired })
    .trim()
    .min(1, { error: M.reasonRequired, abort: true })
    .min(3, { error: M.reasonTooShort, abort: true })
    .max(300, { error: M.reasonTooLong }),
  /** A grant's life in days: 90 like every grant unless staff give a goodwill grant a shorter one. */
  validDays: z.coerce
    .number({ error: M.validDaysInvalid })
    .int({ error: M.validDaysInvalid })
    .min(1, { error: M.validDaysInvalid })
    .max(TOKEN_VALIDITY_DAYS, { error: M.validDaysInvalid })
    .default(TOKEN_VALIDITY_DAYS),
});
export type TokenAdjustInput = z.infer<typeof TokenAdjustSchema>;
