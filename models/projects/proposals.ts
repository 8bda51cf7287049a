import { z } from "zod";
import { CATEGORY_VALUES, CURRENCIES } from "../schema/values";
import { formatMinor } from "../platform/money";
import { todayInAgencyTimeZone } from "../platform/form-fields";
import { CATEGORIES } from "./projects";
import { PROPOSAL_MESSAGES, type ProposalStatus } from "./proposal-words";

export * from "./proposal-words";

// Proposals' pure rules (decision 0084): the form, the totals, the status a
// person reads, and every message. Shared by the staff pages, the client's
// page, the PDF and the tests.

/** The most line rows one proposal has (the form shows them all, so it works without JavaScript). */
export const MAX_PROPOSAL_LINES = 8;
export const PROPOSAL_PRICING_OPTIONS = [
  { value: "money", label: "Money" },
  { value: "tokens", label: "Creative Tokens" },
] as const;
export type ProposalPricing = (typeof PROPOSAL_PRICING_OPTIONS)[number]["value"];
export type ProposalCurrency = (typeof CURRENCIES)[number];
export const PROPOSAL_CURRENCIES = CURRENCIES;
export const PROPOSAL_CATEGORY_OPTIONS = CATEGORIES;
export const BALANCE_SCHEDULE_LABEL = "The balance is invoiced on delivery.";

const M = PROPOSAL_MESSAGES;

/** "2026-12-31" → "31 December 2026": a proposal's dates, the same on the page and in the PDF. */
export function formatProposalDate(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** Amounts as a proposal shows them: "₹1,50,000.00" or "1,200 tokens". */
export function formatProposalAmount(
  amount: number,
  pricing: ProposalPricing,
  currency: string | null,
): string {
  if (pricing === "tokens") return `${new Intl.NumberFormat("en-US").format(amount)} tokens`;
  return formatMinor(amount, currency ?? "USD", "cents");
}

export type ProposalLineInput = { description: string; quantity: number; unitAmount: number };

const lineTotal = (line: ProposalLineInput) => line.quantity * line.unitAmount;
export const proposalTotal = (lines: ProposalLineInput[]) =>
  lines.reduce((sum, line) => sum + lineTotal(line), 0);
/** The deposit, rounded up to the unit (a cent or a token), never more than the total. */
export const depositAmount = (total: number, percent: number) =>
  Math.min(total, Math.ceil((total * percent) / 100));

/** Whether a version can still be signed on `now`'s day (agency time): through its last valid day. */
export const isExpired = (validUntil: string, now = new Date()) => todayInAgencyTimeZone(now) > validUntil;

/** The status a person reads: a sent version that is past its date is expired; one the client opened, viewed. */
export function displayStatus(
  row: {
    status: string;
    validUntil: string;
    viewedAt: Date | null;
    balanceDueAt?: Date | null;
    balancePaidAt?: Date | null;
  },
  now = new Date(),
): ProposalStatus {
  if (row.status === "paid") {
    if (row.balancePaidAt) return "paid_in_full";
    return row.balanceDueAt ? "balance_due" : "paid";
  }
  if (row.status === "sent") {
    if (isExpired(row.validUntil, now)) return "expired";
    return row.viewedAt ? "viewed" : "sent";
  }
  return row.status as ProposalStatus;
}

export type ProposalFormValues = {
  client_email: string;
  /** The organisation chosen when the client's person belongs to several (empty: their only one). */
  organisation_id: string;
  title: string;
  scope: string;
  pricing: string;
  currency: string;
  category: string;
  deposit_percent: string;
  valid_until: string;
  delivery_days: string;
  lines: { description: string; quantity: string; amount: string }[];
};

export type ProposalInput = {
  clientEmail: string;
  organisationId?: string | null;
  title: string;
  scope: string;
  pricing: ProposalPricing;
  currency: ProposalCurrency | null;
  category: (typeof CATEGORY_VALUES)[number];
  depositPercent: number;
  validUntil: string;
  deliveryDays: number;
  lines: ProposalLineInput[];
};

export type ProposalFormResult =
  | { ok: true; value: ProposalInput; values: ProposalFormValues }
  | { ok: false; errors: Record<string, string>; values: ProposalFormValues };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/** Whole units typed by staff ("1500", "1,500.50") → minor units; null when it is not a positive amount. */
export function parseMajorAmount(value: string): number | null {
  const cleaned = value.replace(/,/g, "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".") as [string, string?];
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return minor > 0 ? minor : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const wholeIn = (value: string, min: number, max: number) =>
  /^\d{1,7}$/.test(value) && Number(value) >= min && Number(value) <= max ? Number(value) : null;

/** The values a proposal's form shows for a stored version (amounts back in whole units). */
export function proposalFormValues(row: {
  clientEmail: string;
  organisationId?: string | null;
  title: string;
  scope: string;
  pricing: string;
  currency: string | null;
  category: string;
  depositPercent: number;
  validUntil: string;
  deliveryDays: number;
  lines: ProposalLineInput[];
}): ProposalFormValues {
  return {
    client_email: row.clientEmail,
    organisation_id: row.organisationId ?? "",
    title: row.title,
    scope: row.scope,
    pricing: row.pricing,
    currency: row.currency ?? "",
    category: row.category,
    deposit_percent: String(row.depositPercent),
    valid_until: row.validUntil,
    delivery_days: String(row.deliveryDays),
    lines: row.lines.map((line) => ({
      description: line.description,
      quantity: String(line.quantity),
      amount: row.pricing === "tokens" ? String(line.unitAmount) : (line.unitAmount / 100).toFixed(2),
    })),
  };
}

/**
 * Reads the staff form: every field checked, each problem a message under its
 * field, what was typed kept. Amounts are whole units typed by a person; the
 * totals and the deposit are worked out here, never taken from the form.
 */
export function parseProposalForm(form: FormData, now = new Date()): ProposalFormResult {
  const values: ProposalFormValues = {
    client_email: text(form, "client_email").toLowerCase(),
    organisation_id: text(form, "organisation_id"),
    title: text(form, "title"),
    scope: text(form, "scope"),
    pricing: text(form, "pricing") || "money",
    currency: text(form, "currency"),
    category: text(form, "category"),
    deposit_percent: text(form, "deposit_percent"),
    valid_until: text(form, "valid_until"),
    delivery_days: text(form, "delivery_days"),
    lines: Array.from({ length: MAX_PROPOSAL_LINES }, (_, i) => ({
      description: text(form, `line_${i}_description`),
      quantity: text(form, `line_${i}_quantity`),
      amount: text(form, `line_${i}_amount`),
    })),
  };
  const errors: Record<string, string> = {};
  if (!values.client_email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.client_email))
    errors.client_email = M.clientRequired;
  if (!values.title) errors.title = M.titleRequired;
  else if (values.title.length > 200) errors.title = M.tooLong(200);
  if (!values.scope) errors.scope = M.scopeRequired;
  else if (values.scope.length > 20_000) errors.scope = M.tooLong(20_000);
  const pricing: ProposalPricing = values.pricing === "tokens" ? "tokens" : "money";
  const currency = (PROPOSAL_CURRENCIES as readonly string[]).includes(values.currency)
    ? (values.currency as ProposalCurrency)
    : null;
  if (pricing === "money" && !currency) errors.currency = M.currencyRequired;
  const category = (CATEGORY_VALUES as readonly string[]).includes(values.category)
    ? (values.category as ProposalInput["category"])
    : null;
  if (!category) errors.category = M.categoryInvalid;
  const depositPercent = wholeIn(values.deposit_percent, 1, 100);
  if (depositPercent === null) errors.deposit_percent = M.depositRange;
  const deliveryDays = wholeIn(values.delivery_days, 1, 730);
  if (deliveryDays === null) errors.delivery_days = M.deliveryDaysRange;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.valid_until) || values.valid_until < todayInAgencyTimeZone(now))
    errors.valid_until = M.validUntilInvalid;

  const lines: ProposalLineInput[] = [];
  values.lines.forEach((line, i) => {
    const n = i + 1;
    if (!line.description && !line.quantity && !line.amount) return;
    if (!line.description || !line.amount) {
      errors.lines ??= M.lineIncomplete(n);
      return;
    }
    if (line.description.length > 300) {
      errors.lines ??= M.tooLong(300);
      return;
    }
    const quantity = line.quantity ? wholeIn(line.quantity, 1, 1000) : 1;
    if (quantity === null) {
      errors.lines ??= M.lineQuantity(n);
      return;
    }
    const unitAmount =
      pricing === "tokens" ? wholeIn(line.amount, 1, 1_000_000) : parseMajorAmount(line.amount);
    if (unitAmount === null) {
      errors.lines ??= pricing === "tokens" ? M.lineTokens(n) : M.lineAmount(n);
      return;
    }
    lines.push({ description: line.description, quantity, unitAmount });
  });
  if (!lines.length) errors.lines ??= M.linesRequired;
  // The payments table holds amounts in a 32-bit integer.
  if (!errors.lines && proposalTotal(lines) > 2_000_000_000) errors.lines = M.totalTooLarge;

  if (Object.keys(errors).length) return { ok: false, errors, values };
  return {
    ok: true,
    values,
    value: {
      clientEmail: values.client_email,
      organisationId: UUID.test(values.organisation_id) ? values.organisation_id.toLowerCase() : null,
      title: values.title,
      scope: values.scope,
      pricing,
      currency: pricing === "money" ? currency : null,
      category: category!,
      depositPercent: depositPercent!,
      validUntil: values.valid_until,
      deliveryDays: deliveryDays!,
      lines,
    },
  };
}

/** The project's timeline choice nearest the promised days (the clock itself counts the proposal's days). */
export function timelineForDays(days: number): "1_week" | "2_weeks" | "1_month" | "flexible" {
  if (days <= 7) return "1_week";
  if (days <= 14) return "2_weeks";
  if (days <= 31) return "1_month";
  return "flexible";
}

/**
 * The project's budget band (rupee ranges, projects.ts BUDGETS) from the proposal's total. Dollars and euros
 * count at a rough 85 rupees: the band is a filter in the pipeline, not a price. Tokens count as the lowest band.
 */
export function budgetForTotal(total: number, pricing: ProposalPricing, currency: string | null): string {
  if (pricing === "tokens") return "under_1k";
  const rupees = (total / 100) * (currency === "INR" ? 1 : 85);
  if (rupees < 15_000) return "under_1k";
  if (rupees < 50_000) return "1k_5k";
  if (rupees < 100_000) return "5k_10k";
  if (rupees < 500_000) return "10k_50k";
  return "above_50k";
}

/** The consent sentence the client ticks; recorded on the certificate as it was shown. */

/** What the proposal's PDF shows: the version as sent (models/billing/proposal-pdf.server.ts lays it out). */
export type ProposalDocument = {
  id: string;
  version: number;
  title: string;
  /** Markdown source. */
  scope: string;
  pricing: ProposalPricing;
  currency: string | null;
  lines: ProposalLineInput[];
  total: number;
  depositPercent: number;
  depositAmount: number;
  validUntil: string;
  deliveryDays: number;
  terms: string;
  termsVersion: string;
  client: { name: string; email: string };
  sentAt: Date;
};

/** The signature's evidence, as the certificate page prints it. */
export type ProposalSignature = {
  signerName: string;
  signerEmail: string;
  organisation: string;
  signedAt: Date;
  ip: string;
  userAgent: string;
  sha256: string;
  consent: string;
};

/** Renders a version's PDF: passed in by the caller (billing lays PDFs out; projects may not import it). */
export type ProposalPdfRenderer = (document: ProposalDocument) => Uint8Array;

/** seeds/proposal-terms.md: the terms every new proposal carries, loaded by `npm run seed` (and on boot when missing). */
export const proposalTermsSchema = z.object({
  title: z.string().min(1),
  version: z.string().min(1),
  body: z.string().min(1),
});
export type ProposalTerms = z.infer<typeof proposalTermsSchema>;
export const PROPOSAL_TERMS_BLOCK = "proposal-terms";
