import { readFileSync } from "node:fs";
import path from "node:path";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "../platform/audit.server";
import { db, type Database, type Transaction } from "../platform/db.server";
import { isUuid } from "../platform/ids";
import { SEEDS_DIR } from "../platform/paths.server";
import { readPage } from "../platform/paging.server";
import {
  buyerTaxDetails,
  invoicingSettings,
  paymentRefunds,
  payments,
  taxInvoiceCounters,
  taxInvoices,
  users,
} from "../schema";
import {
  creditLines,
  documentNumber,
  financialYear,
  indianDay,
  inrMinor,
  invoicingSettingsSchema,
  lineFromGross,
  placeOfSupply,
  regimeNotes,
  rupeesInWords,
  stateName,
  taxRegime,
  totalsOf,
  type BuyerTaxDetails,
  type InvoiceBuyer,
  type InvoiceDocument,
  type InvoiceKind,
  type InvoicingSettings,
} from "./invoices";

// Tax invoices and credit notes, the database half (decision 0082). Issued
// inside the transaction that fulfils a payment (`issueInvoiceForPayment`) or
// settles a refund (`issueCreditNoteForRefund`), numbered from a counter row
// that transaction holds locked, so numbers are gapless (a rolled-back issue
// gives its number back) and one payment has one invoice (its row is locked
// first; a unique index backs it). An issued row is never changed: a trigger
// refuses any UPDATE or DELETE.

type Reader = Database | Transaction;

// ---------------------------------------------------------------------------
// Settings: the stored row (staff's or the seed's), else seeds/invoicing.json as shipped.

let shipped: InvoicingSettings | null = null;
const shippedSettings = () =>
  (shipped ??= invoicingSettingsSchema.parse(
    JSON.parse(readFileSync(path.join(SEEDS_DIR, "invoicing.json"), "utf8")),
  ));

/** The agency's details and tax settings, as stored (or as shipped, before the first seed). */
export async function getInvoicingSettings(database: Reader = db()): Promise<InvoicingSettings> {
  const [row] = await database
    .select({ data: invoicingSettings.data })
    .from(invoicingSettings)
    .where(eq(invoicingSettings.id, "agency"));
  return row ? invoicingSettingsSchema.parse(row.data) : shippedSettings();
}

/** The seed's write: the shipped settings, unless staff have saved their own. */
export async function upsertInvoicingSettingsSeed(tx: Transaction, data: InvoicingSettings) {
  const written = await tx
    .insert(invoicingSettings)
    .values({ id: "agency", data })
    .onConflictDoUpdate({
      target: invoicingSettings.id,
      set: { data: sql`excluded.data`, updatedAt: sql`now()` },
      setWhere: sql`${invoicingSettings.managedBy} = 'seed' and ${invoicingSettings.data} is distinct from excluded.data`,
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const row = written[0];
  if (!row) return { inserted: 0, updated: 0, unchanged: 1 };
  return row.inserted ? { inserted: 1, updated: 0, unchanged: 0 } : { inserted: 0, updated: 1, unchanged: 0 };
}

export const hasInvoicingSettings = async (database: Database) =>
  (await database.select({ n: count() }).from(invoicingSettings))[0]!.n > 0;

/** Staff save the settings: from now on the seed leaves them alone; the audit log keeps before and after. */
export async function saveInvoicingSettings(data: InvoicingSettings, actor: AuditActor): Promise<void> {
  await db().transaction(async (tx) => {
    const before = await getInvoicingSettings(tx);
    await tx
      .insert(invoicingSettings)
      .values({ id: "agency", data, managedBy: "staff" })
      .onConflictDoUpdate({
        target: invoicingSettings.id,
        set: { data, managedBy: "staff", updatedAt: sql`now()` },
      });
    await recordAudit(
      {
        actor,
        action: "invoicing.settings",
        target: { type: "invoicing", id: "agency", label: "Invoicing settings" },
        before: before as unknown as Record<string, unknown>,
        after: data as unknown as Record<string, unknown>,
      },
      tx,
    );
  });
}

// ---------------------------------------------------------------------------
// The buyer's tax details.

export async function getBuyerTaxDetails(accountId: string): Promise<BuyerTaxDetails | null> {
  const [row] = await db().select().from(buyerTaxDetails).where(eq(buyerTaxDetails.accountId, accountId));
  return row
    ? {
        legalName: row.legalName,
        address: row.address,
        country: row.country as BuyerTaxDetails["country"],
        stateCode: row.stateCode,
        gstin: row.gstin,
        vatNumber: row.vatNumber,
      }
    : null;
}

export async function saveBuyerTaxDetails(accountId: string, details: BuyerTaxDetails): Promise<void> {
  const values = { ...details, updatedAt: new Date() };
  await db()
    .insert(buyerTaxDetails)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: buyerTaxDetails.accountId, set: values });
}

// ---------------------------------------------------------------------------
// Issuing.

export type IssuedInvoice = { id: string; number: string; kind: InvoiceKind };

/**
 * The next number of a series in a financial year, inside the issuing
 * transaction: the counter row is created or incremented, and stays locked
 * (the upsert's row lock, as SELECT … FOR UPDATE) until that transaction ends,
 * so the next issuer waits, and a rollback gives the number back.
 */
async function nextSequence(tx: Transaction, series: InvoiceKind, year: string): Promise<number> {
  const [row] = await tx
    .insert(taxInvoiceCounters)
    .values({ series, financialYear: year, lastSequence: 1 })
    .onConflictDoUpdate({
      target: [taxInvoiceCounters.series, taxInvoiceCounters.financialYear],
      set: { lastSequence: sql`${taxInvoiceCounters.lastSequence} + 1` },
    })
    .returning({ sequence: taxInvoiceCounters.lastSequence });
  return row!.sequence;
}

type PaymentForInvoice = typeof payments.$inferSelect;

/** Who the payment's invoice is made out to: the organisation's tax details, else its name and a country its currency implies. */
async function buyerOf(tx: Transaction, payment: PaymentForInvoice): Promise<InvoiceBuyer> {
  const [row] = payment.userId
    ? await tx
        .select({
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          username: users.username,
          details: buyerTaxDetails,
        })
        .from(users)
        .leftJoin(buyerTaxDetails, eq(buyerTaxDetails.accountId, users.id))
        .where(eq(users.id, payment.userId))
    : [];
  const email = row?.email ?? payment.payerEmail ?? "";
  const details = row?.details;
  if (details)
    return {
      legalName: details.legalName,
      email,
      address: details.address,
      country: details.country,
      stateCode: details.stateCode,
      gstin: details.gstin,
      vatNumber: details.vatNumber,
    };
  const order = (payment.order ?? {}) as { senderName?: string };
  const name = row ? `${row.firstName} ${row.lastName}`.trim() || row.username : (order.senderName ?? email);
  // No details: rupees are paid from India (the agency's own state), other currencies from abroad (decision 0082).
  return {
    legalName: name,
    email,
    address: "",
    country: payment.currency === "INR" ? "IN" : "ZZ",
    stateCode: "",
    gstin: "",
    vatNumber: "",
  };
}

const insertDocument = async (
  tx: Transaction,
  document: InvoiceDocument,
  row: {
    paymentId: string;
    accountId: string | null;
    invoiceId?: string;
    refundId?: string;
    sequence: number;
  },
): Promise<IssuedInvoice> => {
  const [issued] = await tx
    .insert(taxInvoices)
    .values({
      number: document.number,
      kind: document.kind,
      financialYear: document.financialYear,
      sequence: row.sequence,
      invoiceId: row.invoiceId ?? null,
      paymentId: row.paymentId,
      refundId: row.refundId ?? null,
      accountId: row.accountId,
      issuedAt: new Date(document.issuedAt),
      regime: document.regime,
      currency: document.currency,
      totalMinor: document.totals.totalMinor,
      taxMinor: document.totals.taxMinor,
      inrTotalMinor: document.inrTotalMinor,
      document: document as unknown as Record<string, unknown>,
    })
    .returning({ id: taxInvoices.id, number: taxInvoices.number, kind: taxInvoices.kind });
  return issued as IssuedInvoice;
};

/** The rupee figures of a document: as they are for rupees, at the frozen rate otherwise. */
function inrFigures(document: Pick<InvoiceDocument, "exchangeRate" | "totals">) {
  const toInr = (minor: number) =>
    document.exchangeRate ? inrMinor(minor, document.exchangeRate.rate) : minor;
  const inrTotalMinor = toInr(document.totals.totalMinor);
  return {
    inrTotalMinor,
    inrTaxableMinor: toInr(document.totals.taxableMinor),
    inrTaxMinor: toInr(document.totals.taxMinor),
    inrTotalInWords: rupeesInWords(inrTotalMinor),
  };
}

/**
 * The tax invoice of a succeeded payment, issued once, in the transaction
 * that fulfils it (any kind of payment: token packages, plans and their
 * renewals, gift cards, proposal deposits). Called again for the same
 * payment, in this transaction or a concurrent one, it answers the invoice
 * already issued. Answers null for a payment that has not succeeded.
 */
export async function issueInvoiceForPayment(
  tx: Transaction,
  paymentId: string,
  now: Date = new Date(),
): Promise<IssuedInvoice | null> {
  // The payment's row lock: a concurrent issue for it waits here, then finds the invoice.
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
  if (!payment || payment.status !== "succeeded") return null;
  const [existing] = await tx
    .select({ id: taxInvoices.id, number: taxInvoices.number, kind: taxInvoices.kind })
    .from(taxInvoices)
    .where(and(eq(taxInvoices.paymentId, paymentId), eq(taxInvoices.kind, "invoice")));
  if (existing) return existing as IssuedInvoice;

  const settings = await getInvoicingSettings(tx);
  const buyer = await buyerOf(tx, payment);
  const regime = taxRegime(settings, buyer, now);
  const lines = [
    lineFromGross(
      { description: payment.description, sac: settings.sac.code, grossMinor: payment.amountMinor },
      regime,
      settings.sac.gstRatePercent,
    ),
  ];
  const totals = totalsOf(lines, payment.amountMinor);
  const rate = (settings.exchangeRates as Record<string, string>)[payment.currency];
  if (payment.currency !== "INR" && !rate)
    throw new Error(
      `No exchange rate for ${payment.currency} in the invoicing settings: add it before taking payments in it.`,
    );
  const exchangeRate = payment.currency === "INR" ? null : { rate: rate!, asOf: settings.exchangeRates.asOf };
  const year = financialYear(now);
  const sequence = await nextSequence(tx, "invoice", year);
  const document: InvoiceDocument = {
    kind: "invoice",
    number: documentNumber(settings.invoicePrefix, year, sequence),
    financialYear: year,
    issuedAt: now.toISOString(),
    supplier: { ...settings.supplier, stateName: stateName(settings.supplier.stateCode) },
    buyer,
    placeOfSupply: placeOfSupply(settings, buyer),
    regime,
    currency: payment.currency,
    exchangeRate,
    lines,
    totals,
    ...inrFigures({ exchangeRate, totals }),
    notes: regimeNotes(regime, settings, buyer, now),
    paymentNumber: payment.number,
  };
  return insertDocument(tx, document, { paymentId, accountId: payment.userId, sequence });
}

/**
 * The credit note of a refund (decision 0082), in the transaction that
 * settles it (which holds the payment's row lock): its own number in the
 * credit-note series, the invoice it corrects, and the refunded amount with
 * its tax taken back in proportion. Once per refund; null when the payment
 * has no invoice (it was paid before invoices were issued).
 */
export async function issueCreditNoteForRefund(
  tx: Transaction,
  refundId: string,
  now: Date = new Date(),
): Promise<IssuedInvoice | null> {
  const [refund] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
  if (!refund) return null;
  const issued = await tx
    .select({
      id: taxInvoices.id,
      kind: taxInvoices.kind,
      refundId: taxInvoices.refundId,
      number: taxInvoices.number,
      totalMinor: taxInvoices.totalMinor,
      accountId: taxInvoices.accountId,
      document: taxInvoices.document,
    })
    .from(taxInvoices)
    .where(eq(taxInvoices.paymentId, refund.paymentId))
    .orderBy(asc(taxInvoices.createdAt));
  const invoiceRow = issued.find((row) => row.kind === "invoice");
  if (!invoiceRow) return null;
  const done = issued.find((row) => row.refundId === refundId);
  if (done) return { id: done.id, number: done.number, kind: "credit_note" };
  const invoice = invoiceRow.document as unknown as InvoiceDocument;
  const creditedBefore = issued
    .filter((row) => row.kind === "credit_note")
    .reduce((sum, row) => sum + row.totalMinor, 0);
  const amount = Math.min(refund.amountMinor, invoice.totals.totalMinor - creditedBefore);
  if (amount <= 0) return null;
  const lines = creditLines(invoice, creditedBefore, amount);
  const totals = totalsOf(lines, amount);
  const settings = await getInvoicingSettings(tx);
  const year = financialYear(now);
  const sequence = await nextSequence(tx, "credit_note", year);
  const document: InvoiceDocument = {
    ...invoice,
    kind: "credit_note",
    number: documentNumber(settings.creditNotePrefix, year, sequence),
    financialYear: year,
    issuedAt: now.toISOString(),
    invoiceNumber: invoice.number,
    invoiceIssuedAt: invoice.issuedAt,
    reason: refund.reason || "Refund",
    lines,
    totals,
    // The invoice's frozen rate: a credit note reverses the invoice at the rate it was issued at.
    ...inrFigures({ exchangeRate: invoice.exchangeRate, totals }),
  };
  return insertDocument(tx, document, {
    paymentId: refund.paymentId,
    accountId: invoiceRow.accountId,
    invoiceId: invoiceRow.id,
    refundId,
    sequence,
  });
}

// ---------------------------------------------------------------------------
// Reading: the client's list and file, staff's list and export.

const listColumns = {
  id: taxInvoices.id,
  number: taxInvoices.number,
  kind: sql<InvoiceKind>`${taxInvoices.kind}`,
  issuedAt: taxInvoices.issuedAt,
  currency: taxInvoices.currency,
  totalMinor: taxInvoices.totalMinor,
  taxMinor: taxInvoices.taxMinor,
  inrTotalMinor: taxInvoices.inrTotalMinor,
  regime: taxInvoices.regime,
};

/** An organisation's invoices and credit notes, newest first (a page of them). */
export async function listAccountInvoices(accountId: string, requestedPage = 1) {
  const where = eq(taxInvoices.accountId, accountId);
  return readPage(requestedPage, db().select({ n: count() }).from(taxInvoices).where(where), (page) =>
    db()
      .select(listColumns)
      .from(taxInvoices)
      .where(where)
      .orderBy(desc(taxInvoices.issuedAt), desc(taxInvoices.number))
      .limit(page.limit)
      .offset(page.offset),
  );
}

/** One document for its organisation only (null for anyone else's or an unknown id). */
export async function getAccountInvoice(accountId: string, id: string): Promise<InvoiceDocument | null> {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .select({ document: taxInvoices.document })
    .from(taxInvoices)
    .where(and(eq(taxInvoices.id, id), eq(taxInvoices.accountId, accountId)));
  return row ? (row.document as unknown as InvoiceDocument) : null;
}

/** One document for staff. */
export async function getInvoice(id: string): Promise<InvoiceDocument | null> {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .select({ document: taxInvoices.document })
    .from(taxInvoices)
    .where(eq(taxInvoices.id, id));
  return row ? (row.document as unknown as InvoiceDocument) : null;
}

/** A payment's invoice and credit notes, in the order issued (staff's payment page). */
export async function paymentDocuments(paymentId: string) {
  if (!isUuid(paymentId)) return [];
  return db()
    .select({ id: taxInvoices.id, number: taxInvoices.number, kind: listColumns.kind })
    .from(taxInvoices)
    .where(eq(taxInvoices.paymentId, paymentId))
    .orderBy(asc(taxInvoices.createdAt), asc(taxInvoices.number));
}

/** The financial years anything was issued in, newest first. */
export async function invoiceYears(): Promise<string[]> {
  const rows = await db()
    .selectDistinct({ year: taxInvoices.financialYear })
    .from(taxInvoices)
    .orderBy(desc(taxInvoices.financialYear));
  return rows.map((row) => row.year);
}

/** Staff's list: a financial year's documents (or all), by series and number. */
export async function listInvoices(year: string | null, requestedPage = 1) {
  const where = year ? eq(taxInvoices.financialYear, year) : undefined;
  return readPage(requestedPage, db().select({ n: count() }).from(taxInvoices).where(where), (page) =>
    db()
      .select({ ...listColumns, buyer: sql<string>`${taxInvoices.document}->'buyer'->>'legalName'` })
      .from(taxInvoices)
      .where(where)
      .orderBy(desc(taxInvoices.financialYear), asc(taxInvoices.kind), desc(taxInvoices.sequence))
      .limit(page.limit)
      .offset(page.offset),
  );
}

export const INVOICE_CSV_HEADER = [
  "Type",
  "Number",
  "Date",
  "Financial year",
  "Against invoice",
  "Buyer",
  "Buyer GSTIN",
  "Buyer VAT number",
  "Buyer country",
  "Place of supply",
  "Regime",
  "SAC",
  "Currency",
  "Taxable value",
  "CGST",
  "SGST",
  "IGST",
  "Rounding",
  "Total",
  "Exchange rate",
  "Taxable value (INR)",
  "Tax (INR)",
  "Total (INR)",
  "Receipt",
] as const;

const decimal = (minor: number) => (minor / 100).toFixed(2);

/** One CSV row per document: figures in the invoice's currency and in rupees, for the accountant. */
function invoiceCsvRow(d: InvoiceDocument): string[] {
  return [
    d.kind === "invoice" ? "Tax invoice" : "Credit note",
    d.number,
    indianDay(new Date(d.issuedAt)),
    d.financialYear,
    d.invoiceNumber ?? "",
    d.buyer.legalName,
    d.buyer.gstin,
    d.buyer.vatNumber,
    d.buyer.country,
    `${d.placeOfSupply.code} ${d.placeOfSupply.label}`,
    d.regime,
    [...new Set(d.lines.map((line) => line.sac))].join(" "),
    d.currency,
    decimal(d.totals.taxableMinor),
    decimal(d.totals.cgstMinor),
    decimal(d.totals.sgstMinor),
    decimal(d.totals.igstMinor),
    decimal(d.totals.roundingMinor),
    decimal(d.totals.totalMinor),
    d.exchangeRate?.rate ?? "1",
    decimal(d.inrTaxableMinor),
    decimal(d.inrTaxMinor),
    decimal(d.inrTotalMinor),
    String(d.paymentNumber),
  ];
}

/** The accountant's export: a year's (or every) document in number order, audited like every export. */
export async function exportInvoices(year: string | null, actor: AuditActor) {
  const rows = await db()
    .select({ document: taxInvoices.document })
    .from(taxInvoices)
    .where(year ? eq(taxInvoices.financialYear, year) : undefined)
    .orderBy(asc(taxInvoices.financialYear), asc(taxInvoices.kind), asc(taxInvoices.sequence));
  await recordAudit({
    actor,
    action: "invoice.export",
    target: { type: "invoicing", id: year ?? "all", label: `Tax invoices ${year ?? "(all years)"}` },
    after: { year: year ?? "all", rows: rows.length },
  });
  return {
    header: [...INVOICE_CSV_HEADER],
    rows: rows.map((row) => invoiceCsvRow(row.document as unknown as InvoiceDocument)),
  };
}
