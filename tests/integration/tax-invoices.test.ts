// Tax invoices and credit notes (decision 0082): the figures of each regime
// against hand-computed cases, the frozen exchange rate, credit notes, the
// frozen rows, gapless numbering and one invoice per payment under
// concurrency, and the PDFs read back with poppler's pdftotext.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { GiftCardInput } from "~models/billing/gift-cards";
import { purchaseGiftCard } from "~models/billing/gift-cards.server";
import { renderInvoicePdf } from "~models/billing/invoice-pdf.server";
import {
  LUT_DECLARATION,
  REVERSE_CHARGE_WORDING,
  type BuyerTaxDetails,
  type InvoiceDocument,
  type InvoicingSettings,
} from "~models/billing/invoices";
import {
  getInvoicingSettings,
  issueInvoiceForPayment,
  saveBuyerTaxDetails,
  saveInvoicingSettings,
} from "~models/billing/invoices.server";
import { refundPayment } from "~models/billing/refunds.server";
import { renewSubscription, subscribe } from "~models/billing/subscriptions.server";
import { purchaseTokens } from "~models/billing/token-purchases.server";
import { staffActor } from "~models/platform/audit.server";
import { db, getDatabaseHandle, setDatabase } from "~models/platform/db.server";
import { withStatementLog } from "~models/platform/testing.server";
import { payments, subscriptions, taxInvoiceCounters, taxInvoices } from "~models/schema";
import { runSeed } from "~models/views/seed.server";
import { signedInClient, type Client } from "./project-helpers";

const card = { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123", name: "Asha Rao" };
const declined = { ...card, number: "4000000000000002" };
let staff: Client;
let settings: InvoicingSettings;

beforeAll(async () => {
  await runSeed();
  staff = await signedInClient("staff");
  // The seeded LUT runs to March 2027; these tests must not depend on the day they run.
  settings = await getInvoicingSettings();
  settings = { ...settings, lut: { ...settings.lut, validFrom: "2020-04-01", validTo: "2099-03-31" } };
  await saveInvoicingSettings(settings, staffActor(staff));
});

const invoiceOf = async (paymentId: string) => {
  const rows = await db()
    .select()
    .from(taxInvoices)
    .where(eq(taxInvoices.paymentId, paymentId))
    .orderBy(asc(taxInvoices.createdAt));
  return rows.map((row) => ({ ...row, doc: row.document as unknown as InvoiceDocument }));
};

async function buy(client: Client, region: "in" | "us" | "eu", packageId = "essential") {
  const bought = await purchaseTokens(client.id, {
    package_id: packageId,
    region,
    payment_method: "credit_card",
    card,
  });
  if (!bought.ok) throw new Error(bought.message);
  const [invoice, ...more] = await invoiceOf(bought.paymentId);
  expect(more).toHaveLength(0);
  return { paymentId: bought.paymentId, invoice: invoice!, doc: invoice!.doc };
}

async function clientWith(details: BuyerTaxDetails | null) {
  const client = await signedInClient();
  if (details) await saveBuyerTaxDetails(client.id, details);
  return client;
}

const mumbaiBuyer: BuyerTaxDetails = {
  legalName: "Tidal Foods Private Limited",
  address: "14 Palm Beach Road\nNerul, Navi Mumbai 400706",
  country: "IN",
  stateCode: "27",
  gstin: "27AAPFU0939F1ZV",
  vatNumber: "",
};
const bengaluruBuyer: BuyerTaxDetails = {
  legalName: "Kite Labs Private Limited",
  address: "2 MG Road\nBengaluru 560001",
  country: "IN",
  stateCode: "29",
  gstin: "29AAGCB7383J1Z4",
  vatNumber: "",
};
const berlinBuyer: BuyerTaxDetails = {
  legalName: "Nordlicht Studio GmbH",
  address: "Torstraße 12\n10119 Berlin",
  country: "DE",
  stateCode: "",
  gstin: "",
  vatNumber: "DE123456789",
};
const austinBuyer: BuyerTaxDetails = {
  legalName: "Lone Star Coffee LLC",
  address: "500 Congress Ave\nAustin, TX 78701",
  country: "US",
  stateCode: "",
  gstin: "",
  vatNumber: "",
};

describe("the figures, checked by hand", () => {
  it("within Maharashtra: ₹5,800 is ₹4,915.25 + CGST 9% ₹442.37 + SGST 9% ₹442.37 + ₹0.01 rounding", async () => {
    const { doc, invoice } = await buy(await clientWith(mumbaiBuyer), "in");
    expect(invoice.number).toMatch(/^ASC\/\d{2}-\d{2}\/\d{6}$/);
    expect(doc).toMatchObject({
      regime: "intra_state",
      placeOfSupply: { code: "27", label: "Maharashtra (27)" },
      currency: "INR",
      exchangeRate: null,
      buyer: { legalName: mumbaiBuyer.legalName, gstin: "27AAPFU0939F1ZV", stateCode: "27" },
      supplier: { gstin: "27AAKCA1234F1Z0", pan: "AAKCA1234F", stateCode: "27" },
      totals: {
        taxableMinor: 491_525,
        cgstMinor: 44_237,
        sgstMinor: 44_237,
        igstMinor: 0,
        taxMinor: 88_474,
        roundingMinor: 1,
        totalMinor: 580_000,
      },
      inrTotalMinor: 580_000,
      inrTotalInWords: "Indian Rupees Five Thousand Eight Hundred Only",
      notes: [],
    });
    expect(doc.lines).toEqual([
      {
        description: expect.stringContaining("Essential"),
        sac: "998361",
        quantity: 1,
        unitPriceMinor: 491_525,
        taxableMinor: 491_525,
        taxes: [
          { component: "cgst", ratePercent: 9, amountMinor: 44_237 },
          { component: "sgst", ratePercent: 9, amountMinor: 44_237 },
        ],
        totalMinor: 579_999,
      },
    ]);
  });

  it("Maharashtra to Karnataka: IGST 18%, ₹884.745 → ₹884.75 half up", async () => {
    const { doc } = await buy(await clientWith(bengaluruBuyer), "in");
    expect(doc).toMatchObject({
      regime: "inter_state",
      placeOfSupply: { code: "29", label: "Karnataka (29)" },
      totals: {
        taxableMinor: 491_525,
        cgstMinor: 0,
        sgstMinor: 0,
        igstMinor: 88_475,
        roundingMinor: 0,
        totalMinor: 580_000,
      },
    });
  });

  it("a client without details paying rupees is billed in Maharashtra, unregistered", async () => {
    const client = await clientWith(null);
    const { doc } = await buy(client, "in");
    expect(doc).toMatchObject({
      regime: "intra_state",
      buyer: { country: "IN", gstin: "", email: client.email },
    });
  });

  it("an export under LUT in dollars: no tax, the rate frozen at issue, the INR equivalent", async () => {
    const { doc, invoice } = await buy(await clientWith(austinBuyer), "us");
    expect(doc).toMatchObject({
      regime: "export_lut",
      currency: "USD",
      placeOfSupply: { code: "96", label: "Other country (United States)" },
      exchangeRate: { rate: "84.2500", asOf: "2026-11-02" },
      totals: { taxableMinor: 7_000, taxMinor: 0, roundingMinor: 0, totalMinor: 7_000 },
      // $70 × ₹84.25 = ₹5,897.50
      inrTotalMinor: 589_750,
      inrTaxableMinor: 589_750,
      inrTotalInWords: "Indian Rupees Five Thousand Eight Hundred Ninety-Seven and Fifty Paise Only",
      notes: [LUT_DECLARATION("AD270326000123X", "2020-04-01", "2099-03-31")],
    });
    expect(invoice.inrTotalMinor).toBe(589_750);

    // Staff move the rate: the issued invoice keeps its own; the next one takes the new.
    await saveInvoicingSettings(
      { ...settings, exchangeRates: { ...settings.exchangeRates, USD: "90.0000" } },
      staffActor(staff),
    );
    try {
      const [again] = await invoiceOf(invoice.paymentId);
      expect(again!.doc.exchangeRate).toEqual({ rate: "84.2500", asOf: "2026-11-02" });
      expect(again!.inrTotalMinor).toBe(589_750);
      const next = await buy(await clientWith(austinBuyer), "us");
      expect(next.doc.inrTotalMinor).toBe(630_000);
    } finally {
      await saveInvoicingSettings(settings, staffActor(staff));
    }
  });

  it("an EU business with a VAT number: reverse charge, zero-rated, in euros with the rupee equivalent", async () => {
    const { doc } = await buy(await clientWith(berlinBuyer), "eu");
    expect(doc).toMatchObject({
      regime: "eu_reverse_charge",
      currency: "EUR",
      buyer: { vatNumber: "DE123456789", country: "DE" },
      exchangeRate: { rate: "89.5000" },
      totals: { taxableMinor: 6_500, taxMinor: 0, totalMinor: 6_500 },
      // €65 × ₹89.50 = ₹5,817.50
      inrTotalMinor: 581_750,
    });
    expect(doc.notes).toContain(REVERSE_CHARGE_WORDING);
  });

  it("a refund issues credit notes against the invoice, the tax taken back in proportion", async () => {
    const { paymentId, invoice } = await buy(await clientWith(mumbaiBuyer), "in");
    const half = await refundPayment({
      paymentId,
      amountMinor: 290_000,
      reason: "Half the work",
      staff: { id: staff.id },
    });
    expect(half.ok).toBe(true);
    const [, first] = await invoiceOf(paymentId);
    expect(first!.number).toMatch(/^CN\/\d{2}-\d{2}\/\d{6}$/);
    expect(first).toMatchObject({ kind: "credit_note", invoiceId: invoice.id, totalMinor: 290_000 });
    // Half of 491525 = 245762.5 → 245763; half of 44237 = 22118.5 → 22119; 290000 − 290001 = −1.
    expect(first!.doc).toMatchObject({
      invoiceNumber: invoice.number,
      reason: "Half the work",
      regime: "intra_state",
      totals: {
        taxableMinor: 245_763,
        cgstMinor: 22_119,
        sgstMinor: 22_119,
        roundingMinor: -1,
        totalMinor: 290_000,
      },
    });
    const rest = await refundPayment({
      paymentId,
      amountMinor: 290_000,
      reason: "",
      staff: { id: staff.id },
    });
    expect(rest.ok).toBe(true);
    const [, a, b] = await invoiceOf(paymentId);
    expect(b!.doc.totals).toMatchObject({
      taxableMinor: 245_762,
      cgstMinor: 22_118,
      sgstMinor: 22_118,
      totalMinor: 290_000,
    });
    // Both credit notes add up to the invoice, to the paisa.
    expect(a!.doc.totals.taxableMinor + b!.doc.totals.taxableMinor).toBe(491_525);
    expect(a!.doc.totals.cgstMinor + b!.doc.totals.cgstMinor).toBe(44_237);
    expect(Number(b!.number.slice(-6))).toBe(Number(a!.number.slice(-6)) + 1);
  });

  it("a refunded dollar invoice is credited at the invoice's frozen rate", async () => {
    const { paymentId } = await buy(await clientWith(austinBuyer), "us");
    await saveInvoicingSettings(
      { ...settings, exchangeRates: { ...settings.exchangeRates, USD: "99.0000" } },
      staffActor(staff),
    );
    try {
      expect(
        (await refundPayment({ paymentId, amountMinor: 1_000, reason: "", staff: { id: staff.id } })).ok,
      ).toBe(true);
      const [, note] = await invoiceOf(paymentId);
      expect(note!.doc).toMatchObject({ exchangeRate: { rate: "84.2500" }, inrTotalMinor: 84_250 });
    } finally {
      await saveInvoicingSettings(settings, staffActor(staff));
    }
  });
});

describe("every kind of payment, once", () => {
  it("a plan and its renewal, a guest's gift card; a declined payment none", async () => {
    const client = await clientWith(bengaluruBuyer);
    const started = await subscribe(client.id, { plan_id: "starter", payment_method: "credit_card", card });
    if (!started.ok) throw new Error(started.message);
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.id, started.subscriptionId));
    expect(await renewSubscription(sub!.id, new Date(sub!.currentPeriodEnd.getTime() + 1000))).toBe(1);
    const planPayments = await db().select().from(payments).where(eq(payments.userId, client.id));
    expect(planPayments.filter((p) => p.status === "succeeded")).toHaveLength(2);
    for (const payment of planPayments) {
      const [invoice, ...more] = await invoiceOf(payment.id);
      expect(more).toHaveLength(0);
      expect(invoice).toMatchObject({
        regime: "inter_state",
        totalMinor: payment.amountMinor,
        accountId: client.id,
      });
    }

    const gift = await purchaseGiftCard(
      {
        giftAmount: 2500,
        region: "in",
        currency: "INR",
        recipientName: "Meera",
        recipientEmail: "meera@example.com",
        senderName: "Ravi Menon",
        senderEmail: "ravi@example.com",
        message: "",
        deliveryDate: "",
        payment_method: "credit_card",
        card,
      } as unknown as GiftCardInput,
      { userId: null },
    );
    if (!gift.ok) throw new Error(gift.message);
    const [giftInvoice] = await invoiceOf(gift.giftCard.paymentId);
    expect(giftInvoice).toMatchObject({ accountId: null, totalMinor: 250_000 });
    expect(giftInvoice!.doc.buyer).toMatchObject({
      legalName: "Ravi Menon",
      email: "ravi@example.com",
      country: "IN",
    });

    const client2 = await clientWith(null);
    const refused = await purchaseTokens(client2.id, {
      package_id: "essential",
      region: "in",
      payment_method: "credit_card",
      card: declined,
    });
    expect(refused.ok).toBe(false);
    const [failed] = await db().select().from(payments).where(eq(payments.userId, client2.id));
    expect(await invoiceOf(failed!.id)).toHaveLength(0);
  });
});

/** A succeeded payment written directly, as fulfilment finds it. */
async function paidPayment(client: Client, amountMinor = 118_000) {
  const [row] = await db()
    .insert(payments)
    .values({
      userId: client.id,
      kind: "token_package",
      description: "Test bundle",
      amountMinor,
      currency: "INR",
      method: "credit_card",
      status: "succeeded",
      gateway: "test",
      idempotencyKey: `invoice-test:${crypto.randomUUID()}`,
      completedAt: new Date(),
    })
    .returning();
  return row!;
}

const lastSequence = async (series: "invoice" | "credit_note", year: string) =>
  (
    await db()
      .select({ n: taxInvoiceCounters.lastSequence })
      .from(taxInvoiceCounters)
      .where(sql`${taxInvoiceCounters.series} = ${series} and ${taxInvoiceCounters.financialYear} = ${year}`)
  )[0]?.n ?? 0;

describe("numbering and issuing once", () => {
  const future = new Date("2031-06-01T10:00:00Z"); // its own financial year, 2031-32: numbers from 1

  it("20 issues at once take 1..20, no gap, no duplicate", async () => {
    const client = await clientWith(mumbaiBuyer);
    const paid = await Promise.all(Array.from({ length: 20 }, () => paidPayment(client)));
    const issued = await Promise.all(
      paid.map((payment) => db().transaction((tx) => issueInvoiceForPayment(tx, payment.id, future))),
    );
    const numbers = issued.map((invoice) => invoice!.number).sort();
    expect(numbers).toEqual(
      Array.from({ length: 20 }, (_, i) => `ASC/31-32/${String(i + 1).padStart(6, "0")}`),
    );
    expect(await lastSequence("invoice", "2031-32")).toBe(20);
  });

  it("a rolled-back issue gives its number back", async () => {
    const client = await clientWith(mumbaiBuyer);
    const payment = await paidPayment(client);
    const before = await lastSequence("invoice", "2031-32");
    await expect(
      db().transaction(async (tx) => {
        const invoice = await issueInvoiceForPayment(tx, payment.id, future);
        expect(invoice!.number).toBe(`ASC/31-32/${String(before + 1).padStart(6, "0")}`);
        throw new Error("fulfilment failed");
      }),
    ).rejects.toThrow("fulfilment failed");
    expect(await invoiceOf(payment.id)).toHaveLength(0);
    const again = await db().transaction((tx) => issueInvoiceForPayment(tx, payment.id, future));
    expect(again!.number).toBe(`ASC/31-32/${String(before + 1).padStart(6, "0")}`);
  });

  it("one payment fulfilled ten times at once has one invoice", async () => {
    const client = await clientWith(mumbaiBuyer);
    const payment = await paidPayment(client);
    const before = await lastSequence("invoice", "2031-32");
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        db().transaction((tx) => issueInvoiceForPayment(tx, payment.id, future)),
      ),
    );
    expect(new Set(answers.map((a) => a!.id)).size).toBe(1);
    expect(await invoiceOf(payment.id)).toHaveLength(1);
    expect(await lastSequence("invoice", "2031-32")).toBe(before + 1);
  });

  it("the unique index refuses a second invoice for a payment, whatever the code does", async () => {
    const client = await clientWith(mumbaiBuyer);
    const payment = await paidPayment(client);
    await db().transaction((tx) => issueInvoiceForPayment(tx, payment.id, future));
    const [row] = await invoiceOf(payment.id);
    const { id: _id, doc: _doc, createdAt: _c, ...copy } = row!;
    await expect(
      db()
        .insert(taxInvoices)
        .values({ ...copy, number: "ASC/31-32/999999", sequence: 999_999 }),
    ).rejects.toThrow();
  });

  it("costs a fixed number of statements in the fulfilment transaction, and two for a second call", async () => {
    const client = await clientWith(mumbaiBuyer);
    const payment = await paidPayment(client);
    const original = getDatabaseHandle()!;
    const statements: string[] = [];
    setDatabase(withStatementLog(original, (query) => statements.push(query)));
    try {
      await db().transaction(async (tx) => {
        statements.length = 0;
        await issueInvoiceForPayment(tx, payment.id, future);
        // Lock the payment, look for its invoice, the settings, the buyer, the counter, the insert.
        expect(statements).toHaveLength(6);
        statements.length = 0;
        await issueInvoiceForPayment(tx, payment.id, future);
        expect(statements).toHaveLength(2);
      });
    } finally {
      setDatabase(original);
    }
  });

  it("a payment that has not succeeded gets no invoice", async () => {
    const client = await clientWith(null);
    const payment = await paidPayment(client);
    await db().update(payments).set({ status: "failed" }).where(eq(payments.id, payment.id));
    expect(await db().transaction((tx) => issueInvoiceForPayment(tx, payment.id, future))).toBeNull();
  });
});

describe("issued means frozen", () => {
  it("the database refuses to change or delete an issued invoice", async () => {
    const { invoice } = await buy(await clientWith(mumbaiBuyer), "in");
    await expect(
      db().update(taxInvoices).set({ totalMinor: 1 }).where(eq(taxInvoices.id, invoice.id)),
    ).rejects.toThrow();
    await expect(
      db()
        .update(taxInvoices)
        .set({ document: { ...invoice.document, buyer: {} } })
        .where(eq(taxInvoices.id, invoice.id)),
    ).rejects.toThrow();
    await expect(db().delete(taxInvoices).where(eq(taxInvoices.id, invoice.id))).rejects.toThrow();
    const [still] = await invoiceOf(invoice.paymentId);
    expect(still!.totalMinor).toBe(580_000);
  });

  it("a buyer who changes their details later does not change an issued invoice", async () => {
    const client = await clientWith(mumbaiBuyer);
    const { paymentId } = await buy(client, "in");
    await saveBuyerTaxDetails(client.id, { ...mumbaiBuyer, legalName: "Renamed Foods" });
    const [invoice] = await invoiceOf(paymentId);
    expect(invoice!.doc.buyer.legalName).toBe(mumbaiBuyer.legalName);
  });
});

// ---------------------------------------------------------------------------
// The PDFs, read back as the accountant's software would: poppler's pdftotext.

const dir = mkdtempSync(path.join(os.tmpdir(), "invoice-pdf-"));
function pdfText(doc: InvoiceDocument): string {
  const file = path.join(dir, `${doc.number.replaceAll("/", "-")}.pdf`);
  writeFileSync(file, renderInvoicePdf(doc));
  return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
}

describe("the PDF carries every required field", () => {
  it("intra-state: supplier and buyer, GSTINs, number, date, place of supply, SAC, taxable value, CGST and SGST, total, words", async () => {
    const { doc } = await buy(await clientWith(mumbaiBuyer), "in");
    const text = pdfText(doc);
    for (const field of [
      "Tax Invoice",
      doc.number,
      new Intl.DateTimeFormat("en-GB", {
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "Asia/Kolkata",
      }).format(new Date(doc.issuedAt)),
      "Ascendra Brand Studio Private Limited",
      "Plot 14, Sector 30A, Vashi",
      "GSTIN: 27AAKCA1234F1Z0",
      "PAN: AAKCA1234F",
      "Tidal Foods Private Limited",
      "14 Palm Beach Road",
      "GSTIN: 27AAPFU0939F1ZV",
      "Place of supply: Maharashtra (27)",
      "998361",
      "₹4,915.25",
      "CGST @ 9%",
      "SGST @ 9%",
      "₹442.37",
      "Rounding",
      "₹5,800.00",
      "Indian Rupees Five Thousand Eight Hundred Only",
    ])
      expect(text, field).toContain(field);
  });

  it("inter-state: IGST's rate and amount", async () => {
    const text = pdfText((await buy(await clientWith(bengaluruBuyer), "in")).doc);
    for (const field of [
      "Place of supply: Karnataka (29)",
      "GSTIN: 29AAGCB7383J1Z4",
      "IGST @ 18%",
      "₹884.75",
    ])
      expect(text, field).toContain(field);
  });

  it("export under LUT: the declaration, the rate and the INR equivalent", async () => {
    const text = pdfText((await buy(await clientWith(austinBuyer), "us")).doc);
    for (const field of [
      "Lone Star Coffee LLC",
      "Country: United States",
      "Other country (United States)",
      "Supply meant for export under Letter of Undertaking AD270326000123X",
      "without payment of integrated tax",
      "$70.00",
      "1 USD = ₹84.2500",
      "Total (INR)",
      "₹5,897.50",
      "Indian Rupees Five Thousand Eight Hundred Ninety-Seven and Fifty Paise Only",
    ])
      expect(text, field).toContain(field);
  });

  it("EU reverse charge: the VAT number and the wording", async () => {
    const text = pdfText((await buy(await clientWith(berlinBuyer), "eu")).doc);
    for (const field of [
      "VAT number: DE123456789",
      "Reverse charge",
      "€65.00",
      "1 EUR = ₹89.5000",
      "₹5,817.50",
    ])
      expect(text, field).toContain(field);
  });

  it("a credit note names the invoice it corrects", async () => {
    const { paymentId, invoice } = await buy(await clientWith(mumbaiBuyer), "in");
    await refundPayment({
      paymentId,
      amountMinor: 290_000,
      reason: "Half the work",
      staff: { id: staff.id },
    });
    const [, note] = await invoiceOf(paymentId);
    const text = pdfText(note!.doc);
    for (const field of [
      "Credit Note",
      note!.number,
      `Against invoice: ${invoice.number}`,
      "Half the work",
      "₹2,457.63",
      "₹221.19",
      "Total credited",
      "₹2,900.00",
    ])
      expect(text, field).toContain(field);
  });
});
