import { z } from "zod";
import { PaymentFields, withCard } from "./payments";

// A proposal deposit's form and messages (decision 0084), shared by the client's
// page and models/billing/proposal-deposits.server.ts. The amount is not a field:
// it is the signed proposal's.

/** The deposit form's payment fields (before the card checks: what the form's constraints are read from). */
export const depositPaymentFields = z.object({ ...PaymentFields });

export function depositPaymentSchema(options: { cardRequired: boolean; now?: Date }) {
  return withCard(depositPaymentFields, options);
}
export type DepositPaymentInput = z.output<ReturnType<typeof depositPaymentSchema>>;

export const DEPOSIT_MESSAGES = {
  noRightToPay: "Only an owner or a billing member of your organisation can pay the deposit.",
  noRightToSpend:
    "Only an owner, approver or billing member of your organisation can spend tokens on the deposit.",
  tokensOnly: "This proposal is priced in tokens: pay its deposit from your wallet.",
  moneyOnly: "This proposal is priced in money: pay its deposit by card.",
} as const;
