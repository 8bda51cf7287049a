// The billing side of Manage account, as the Billing & Payments tab, the
// receipts and the data export see it. Pure: types and formatting only; the
// data comes from account-billing.server.ts.

/** One document per payment: token purchase, subscription charge or gift card. */
export type ReceiptKind =
  "token_purchase" | "subscription" | "gift_card" | "proposal_deposit" | "proposal_balance";

export const RECEIPT_KIND_LABELS: Record<ReceiptKind, string> = {
  token_purchase: "Creative Tokens",
  subscription: "Subscription",
  gift_card: "Gift card",
  proposal_deposit: "Proposal deposit",
  proposal_balance: "Proposal balance",
};

/** A payment as the gateway recorded it (docs/product.md, "Billing and shop": invoices of id, date, amount, status). */
export type Receipt = {
  id: string;
  /** What people read and quote: the payment's number, e.g. #1001 (as billing's pages and the ledger show it). */
  number: string;
  issuedAt: Date;
  kind: ReceiptKind;
  description: string;
  /** In the currency's minor unit (paise, cents). */
  amountMinor: number;
  currency: string;
  /** "Paid" is the status the spec shows. */
  status: "Paid" | "Refunded";
  /** How it was paid: "card", "upi", "netbanking"… */
  method: string;
  /** Only the brand and last four digits are ever stored (spec: a masked card). */
  cardBrand: string | null;
  cardLast4: string | null;
  /** Given back so far, in minor units (docs/decisions/0036); 0 when nothing was refunded. */
  refundedMinor?: number;
};

/** A saved card as the pages and payment forms show it (no gateway reference): brand, last four, expiry. */
export type SavedCardOption = {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
};
/** A saved payment method as the gateway describes it: never more than brand, last four and expiry. */
export type PaymentMethod = SavedCardOption;

/** "Visa •••• 4242" and "01/2039" (docs/decisions/0023). */
export const cardLabel = (m: { brand: string; last4: string }) => `${m.brand} •••• ${m.last4}`;
export const cardExpiryLabel = (m: { expMonth: number; expYear: number }) =>
  `${String(m.expMonth).padStart(2, "0")}/${m.expYear}`;

export type { MoneyAmount } from "../platform/money";

export type PlanSummary = {
  /** Lower-case plan name, as the API's current_plan (docs/product.md, "Accounts"). */
  slug: string;
  name: string;
  /** "₹25,000/month"; null for the free plan. */
  priceLabel: string | null;
  /** When the current period ends (renews or, after Cancel Plan, stops); null without a subscription. */
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** How much the client's own uploads may take. */
  storageQuotaBytes: number;
};

const METHOD_LABELS: Record<string, string> = {
  card: "Card",
  credit_card: "Credit card",
  upi: "UPI",
  netbanking: "Net banking",
  wallet: "Wallet",
  gift_card: "Gift card",
};

/** "upi" → "UPI"; an unknown method reads as it was recorded. */
export const paymentMethodLabel = (method: string) => METHOD_LABELS[method] ?? method;

/** "Visa •••• 4242" — how a card is shown everywhere. */
export const maskedCard = (brand: string | null, last4: string | null) =>
  brand && last4 ? cardLabel({ brand, last4 }) : (brand ?? "");
