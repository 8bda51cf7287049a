import { z } from "zod";

// The back-office refund form (docs/decisions/0036): an amount in the
// payment's currency (up to two decimals) and an optional note for the audit log.

const REFUND_FORM_MESSAGES = {
  amount: "Enter the amount to refund, for example 1300 or 1300.50.",
  reason: "Keep the note under 300 characters.",
} as const;

export const refundFormSchema = z.object({
  amount: z
    .string({ error: REFUND_FORM_MESSAGES.amount })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, REFUND_FORM_MESSAGES.amount)
    .transform((value) => Math.round(Number(value) * 100)),
  reason: z.string().trim().max(300, REFUND_FORM_MESSAGES.reason).optional().default(""),
});
