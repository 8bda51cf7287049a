import { sql } from "drizzle-orm";
import {
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { CATEGORY_VALUES, CURRENCIES } from "./values";
import { users } from "./accounts";
import { projects } from "./projects";
import { payments } from "./billing";

// Proposals the agency sends and a client signs (decision 0084). Written by
// models/projects/proposals.server.ts; the deposit's payment and the project it
// opens by models/billing/proposal-deposits.server.ts.

const createdAt = timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/** What a proposal's row says it is; "viewed" and "expired" are worked out from the dates (proposals.ts). */
export const PROPOSAL_STORED_STATUSES = [
  "draft",
  "sent",
  "signed",
  "declined",
  "superseded",
  "paid",
] as const;
export const PROPOSAL_PRICING = ["money", "tokens"] as const;

/** One line of a proposal: an amount per unit in minor units of its currency, or in tokens. */
export type ProposalLine = { description: string; quantity: number; unitAmount: number };

/**
 * One version of a proposal. Versions of one proposal share `series_id` (the
 * first version's id); a sent version is never edited: the next version
 * supersedes it when it is sent. The PDF is rendered and stored when the
 * version is sent; its SHA-256 is what a signature records.
 */
export const proposals = pgTable(
  "proposals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seriesId: uuid("series_id").notNull(),
    version: integer("version").notNull().default(1),
    /** The organisation's account row (users.id) the proposal is addressed to. */
    accountId: uuid("account_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The inbox item it answers ("service_quote", "collaboration", "investment_inquiry"…), when there is one. */
    sourceType: text("source_type"),
    sourceId: uuid("source_id"),
    title: text("title").notNull(),
    /** Markdown, rendered with raw HTML escaped (models/content/markdown.server.ts). */
    scope: text("scope").notNull(),
    pricing: text("pricing").notNull().default("money"),
    /** Null when priced in tokens. */
    currency: text("currency"),
    lines: jsonb("lines").$type<ProposalLine[]>().notNull(),
    /** Minor units of `currency`, or tokens: the lines' sum, worked out on the server. */
    total: integer("total").notNull(),
    depositPercent: integer("deposit_percent").notNull(),
    depositAmount: integer("deposit_amount").notNull(),
    /** The last day (agency time) it can be signed. */
    validUntil: date("valid_until").notNull(),
    deliveryDays: integer("delivery_days").notNull(),
    /** The project's category once the deposit is paid. */
    category: text("category").notNull().default("strategy"),
    /** When the rest is invoiced: the schedule the proposal states. */
    balanceSchedule: text("balance_schedule").notNull().default("on_delivery"),
    /** The terms as they were when the version was written (seeds/proposal-terms.md). */
    terms: text("terms").notNull(),
    termsVersion: text("terms_version").notNull(),
    status: text("status").notNull().default("draft"),
    pdf: bytea("pdf"),
    pdfSha256: text("pdf_sha256"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }),
    supersededBy: uuid("superseded_by"),
    supersededAt: timestamp("superseded_at", { withTimezone: true }),
    /** The signature's evidence: who (the person), when, from where, and the hash of the PDF they saw. */
    signerId: uuid("signer_id").references(() => users.id, { onDelete: "set null" }),
    signerName: text("signer_name"),
    signerEmail: text("signer_email"),
    signerIp: text("signer_ip"),
    signerUserAgent: text("signer_user_agent"),
    signedSha256: text("signed_sha256"),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    declinedBy: uuid("declined_by").references(() => users.id, { onDelete: "set null" }),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    declineReason: text("decline_reason"),
    depositPaymentId: uuid("deposit_payment_id").references(() => payments.id),
    /** The ledger's spend when the deposit was paid in tokens. */
    depositLedgerId: uuid("deposit_ledger_id"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** When the rest (total − deposit) became due: the project was completed (never for a 100% deposit). */
    balanceDueAt: timestamp("balance_due_at", { withTimezone: true }),
    /** The balance's payment (money) or ledger spend (tokens), and when it was paid: "Paid in full". */
    balancePaymentId: uuid("balance_payment_id").references(() => payments.id),
    balanceLedgerId: uuid("balance_ledger_id"),
    balancePaidAt: timestamp("balance_paid_at", { withTimezone: true }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt,
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("proposals_series_version_key").on(t.seriesId, t.version),
    // One draft at a time per proposal: the next version is written once.
    uniqueIndex("proposals_series_draft_key")
      .on(t.seriesId)
      .where(sql`${t.status} = 'draft'`),
    // A project comes from one proposal.
    uniqueIndex("proposals_project_id_key").on(t.projectId),
    uniqueIndex("proposals_deposit_payment_id_key").on(t.depositPaymentId),
    uniqueIndex("proposals_balance_payment_id_key").on(t.balancePaymentId),
    index("proposals_account_id_created_at_idx").on(t.accountId, t.createdAt),
    index("proposals_updated_at_idx").on(t.updatedAt, t.id),
    index("proposals_source_idx").on(t.sourceType, t.sourceId),
    check("proposals_status_check", sql`${t.status} in (${inList(PROPOSAL_STORED_STATUSES)})`),
    check("proposals_pricing_check", sql`${t.pricing} in (${inList(PROPOSAL_PRICING)})`),
    check(
      "proposals_currency_check",
      sql`(${t.pricing} = 'money' and ${t.currency} in (${inList(CURRENCIES)})) or (${t.pricing} = 'tokens' and ${t.currency} is null)`,
    ),
    check("proposals_total_check", sql`${t.total} > 0`),
    check(
      "proposals_deposit_check",
      sql`${t.depositPercent} between 1 and 100 and ${t.depositAmount} > 0 and ${t.depositAmount} <= ${t.total}`,
    ),
    check("proposals_delivery_days_check", sql`${t.deliveryDays} between 1 and 730`),
    check("proposals_category_check", sql`${t.category} in (${inList(CATEGORY_VALUES)})`),
    check("proposals_version_check", sql`${t.version} >= 1`),
    check(
      "proposals_signed_check",
      sql`${t.status} not in ('signed', 'paid') or (${t.signedAt} is not null and ${t.signedSha256} is not null and ${t.signerName} is not null)`,
    ),
    check(
      "proposals_sent_check",
      sql`${t.status} = 'draft' or (${t.pdfSha256} is not null and ${t.sentAt} is not null)`,
    ),
  ],
);
