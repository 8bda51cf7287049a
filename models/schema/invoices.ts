import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { paymentRefunds, payments } from "./billing";

// Tax invoices and credit notes (docs/decisions/0082). An issued row is never
// changed nor deleted: a trigger written by hand at the end of the migration
// (drizzle/0029_tax_invoices.sql) refuses both; corrections are credit notes.

const createdAt = timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * The agency's details and tax settings, one row ("agency"): seeds/invoicing.json
 * until staff save theirs (then "staff", and the seed leaves it alone).
 */
export const invoicingSettings = pgTable(
  "invoicing_settings",
  {
    id: text("id").primaryKey().default("agency"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    managedBy: text("managed_by").notNull().default("seed"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("invoicing_settings_managed_by_check", sql`${t.managedBy} in ('seed', 'staff')`),
    check("invoicing_settings_one_row_check", sql`${t.id} = 'agency'`),
  ],
);

/** What a client's organisation puts on its invoices: legal name, address, state or country, GSTIN or VAT number. */
export const buyerTaxDetails = pgTable(
  "buyer_tax_details",
  {
    accountId: uuid("account_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    legalName: text("legal_name").notNull(),
    address: text("address").notNull(),
    country: text("country").notNull(),
    stateCode: text("state_code").notNull().default(""),
    gstin: text("gstin").notNull().default(""),
    vatNumber: text("vat_number").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("buyer_tax_details_country_check", sql`${t.country} ~ '^[A-Z]{2}$'`)],
);

/** The last number given in each series and financial year; locked by the transaction that issues the next. */
export const taxInvoiceCounters = pgTable(
  "tax_invoice_counters",
  {
    series: text("series").notNull(),
    financialYear: text("financial_year").notNull(),
    lastSequence: integer("last_sequence").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.series, t.financialYear] }),
    check("tax_invoice_counters_series_check", sql`${t.series} in ('invoice', 'credit_note')`),
    check("tax_invoice_counters_sequence_check", sql`${t.lastSequence} > 0`),
  ],
);

/**
 * Every tax invoice and credit note as issued: the columns staff filter and
 * export by, and `document`, the whole frozen invoice (supplier, buyer, place
 * of supply, lines, taxes, totals, rate, wording) the PDF is drawn from.
 */
export const taxInvoices = pgTable(
  "tax_invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: text("number").notNull(),
    kind: text("kind").notNull(),
    financialYear: text("financial_year").notNull(),
    sequence: integer("sequence").notNull(),
    /** A credit note's invoice. */
    invoiceId: uuid("invoice_id").references((): AnyPgColumn => taxInvoices.id),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id),
    /** A credit note's refund. */
    refundId: uuid("refund_id").references(() => paymentRefunds.id),
    /** The organisation's account (no foreign key: an invoice outlives the account, its buyer is in `document`). */
    accountId: uuid("account_id"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    regime: text("regime").notNull(),
    currency: text("currency").notNull(),
    totalMinor: integer("total_minor").notNull(),
    taxMinor: integer("tax_minor").notNull(),
    inrTotalMinor: integer("inr_total_minor").notNull(),
    document: jsonb("document").$type<Record<string, unknown>>().notNull(),
    createdAt,
  },
  (t) => [
    uniqueIndex("tax_invoices_number_key").on(t.number),
    // Gapless per series and year: the counter gives each number once (staff's list filters by year through it).
    uniqueIndex("tax_invoices_sequence_key").on(t.financialYear, t.kind, t.sequence),
    // One invoice per payment, whatever the code does (concurrency-tested).
    uniqueIndex("tax_invoices_payment_id_key")
      .on(t.paymentId)
      .where(sql`${t.kind} = 'invoice'`),
    uniqueIndex("tax_invoices_refund_id_key").on(t.refundId),
    index("tax_invoices_account_id_issued_at_idx").on(t.accountId, t.issuedAt),
    check("tax_invoices_kind_check", sql`${t.kind} in ('invoice', 'credit_note')`),
    check(
      "tax_invoices_credit_note_check",
      sql`(${t.kind} = 'invoice') = (${t.invoiceId} is null and ${t.refundId} is null)`,
    ),
    check(
      "tax_invoices_regime_check",
      sql`${t.regime} in ('intra_state', 'inter_state', 'export_lut', 'eu_reverse_charge', 'no_tax')`,
    ),
    check(
      "tax_invoices_amounts_check",
      sql`${t.totalMinor} > 0 and ${t.taxMinor} >= 0 and ${t.inrTotalMinor} > 0`,
    ),
  ],
);
