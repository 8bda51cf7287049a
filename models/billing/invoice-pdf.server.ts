import { formatMinor } from "../platform/money";
import {
  countryName,
  invoiceDate,
  REGIME_LABELS,
  stateName,
  type InvoiceDocument,
  type TaxLine,
} from "./invoices";
import { PAGE, ReceiptPdf } from "./receipts.server";

// A tax invoice or credit note as a PDF (decision 0082), drawn from its frozen
// document with the receipts' pdfkit pages and Noto Sans fonts: every field
// GST rule 46 asks for (and the LUT or reverse-charge wording), so what the
// accountant reads is exactly what was issued.

const money = (minor: number, currency: string) => formatMinor(minor, currency, "cents");
const day = (iso: string) => invoiceDate(iso);
const TAX_NAMES = { cgst: "CGST", sgst: "SGST", igst: "IGST" } as const;
const taxLabel = (tax: Pick<TaxLine, "component" | "ratePercent">) =>
  `${TAX_NAMES[tax.component]} @ ${tax.ratePercent}%`;

/** The document's title: what the accountant files it as. */
const invoiceTitle = (d: Pick<InvoiceDocument, "kind" | "regime">) =>
  d.kind === "credit_note" ? "Credit Note" : d.regime === "no_tax" ? "Bill of Supply" : "Tax Invoice";

/** The buyer's lines: name, address, state or country, tax ids, email. */
function buyerLines(d: InvoiceDocument): string[] {
  const { buyer } = d;
  return [
    buyer.legalName,
    ...buyer.address.split(/\r?\n/).filter(Boolean),
    buyer.country === "IN"
      ? `State: ${stateName(buyer.stateCode || d.supplier.stateCode)} (${buyer.stateCode || d.supplier.stateCode}), India`
      : `Country: ${countryName(buyer.country)}`,
    ...(buyer.gstin ? [`GSTIN: ${buyer.gstin}`] : buyer.country === "IN" ? ["GSTIN: Unregistered"] : []),
    ...(buyer.vatNumber ? [`VAT number: ${buyer.vatNumber}`] : []),
    ...(buyer.email ? [buyer.email] : []),
  ];
}

function supplierLines(d: InvoiceDocument): string[] {
  const { supplier } = d;
  return [
    supplier.legalName,
    ...(supplier.tradeName && supplier.tradeName !== supplier.legalName
      ? [`Trading as ${supplier.tradeName}`]
      : []),
    ...supplier.addressLines,
    `State: ${supplier.stateName} (${supplier.stateCode})`,
    ...(supplier.gstin ? [`GSTIN: ${supplier.gstin}`] : []),
    `PAN: ${supplier.pan}`,
    supplier.email,
  ];
}

/** The totals' rows: taxable value, each tax with its rate, rounding, total; then the rupee equivalent. */
function totalRows(d: InvoiceDocument): [string, string][] {
  const c = d.currency;
  const rates = new Map(d.lines.flatMap((line) => line.taxes).map((t) => [t.component, t.ratePercent]));
  const tax = (component: "cgst" | "sgst" | "igst", minor: number): [string, string][] =>
    rates.has(component)
      ? [[taxLabel({ component, ratePercent: rates.get(component)! }), money(minor, c)]]
      : [];
  return [
    ["Taxable value", money(d.totals.taxableMinor, c)],
    ...tax("cgst", d.totals.cgstMinor),
    ...tax("sgst", d.totals.sgstMinor),
    ...tax("igst", d.totals.igstMinor),
    ...(rates.size === 0 ? ([["Tax", money(0, c)]] as [string, string][]) : []),
    ...(d.totals.roundingMinor
      ? ([["Rounding", money(d.totals.roundingMinor, c)]] as [string, string][])
      : []),
    [d.kind === "credit_note" ? "Total credited" : "Total", money(d.totals.totalMinor, c)],
    ...(d.exchangeRate
      ? ([
          ["Exchange rate", `1 ${c} = ₹${d.exchangeRate.rate} (as of ${d.exchangeRate.asOf})`],
          ["Taxable value (INR)", money(d.inrTaxableMinor, "INR")],
          ["Total (INR)", money(d.inrTotalMinor, "INR")],
        ] as [string, string][])
      : []),
  ];
}

/** The document's PDF: the same file every time it is downloaded. */
export function renderInvoicePdf(d: InvoiceDocument): Uint8Array<ArrayBuffer> {
  const title = invoiceTitle(d);
  const pdf = new ReceiptPdf(new Date(d.issuedAt), `${title} ${d.number}`);
  const width = PAGE.right - PAGE.left;

  // Stacked, not side by side: read back (and by screen readers), each block comes whole.
  let y = pdf.text(title, PAGE.left, PAGE.top, { size: 20, weight: "bold", width });
  y += 6;
  for (const [index, line] of supplierLines(d).entries())
    y = pdf.text(line, PAGE.left, y, {
      size: index === 0 ? 10.5 : 9.5,
      weight: index === 0 ? "bold" : "regular",
      width,
    });
  y += 10;
  pdf.rule(y);
  y += 8;
  const heading: [string, string][] = [
    [d.kind === "credit_note" ? "Credit note number" : "Invoice number", d.number],
    [d.kind === "credit_note" ? "Credit note date" : "Invoice date", day(d.issuedAt)],
    ...(d.invoiceNumber
      ? ([
          ["Against invoice", `${d.invoiceNumber} of ${day(d.invoiceIssuedAt!)}`],
          ["Reason", d.reason ?? "Refund"],
        ] as [string, string][])
      : []),
    ["Place of supply", d.placeOfSupply.label],
    ["Supply", REGIME_LABELS[d.regime]],
    ["Currency", d.currency],
    ["Receipt", `#${d.paymentNumber}`],
  ];
  for (const [term, value] of heading) {
    const termBottom = pdf.text(`${term}:`, PAGE.left, y, { size: 9.5, weight: "bold", width: 120 });
    y = Math.max(termBottom, pdf.text(value, PAGE.left + 125, y, { size: 9.5, width: width - 125 })) + 2;
  }

  y += 12;
  y = pdf.text("Billed to", PAGE.left, y, { size: 9, weight: "bold", width });
  for (const [index, line] of buyerLines(d).entries())
    y = pdf.text(line, PAGE.left, y, {
      size: index === 0 ? 10.5 : 9.5,
      weight: index === 0 ? "bold" : "regular",
      width,
    });

  // The lines: description, SAC, quantity, unit price, taxable value, taxes, total.
  y += 14;
  const cols = [
    { label: "Description", x: PAGE.left, w: 135 },
    { label: "SAC", x: PAGE.left + 138, w: 42 },
    { label: "Qty", x: PAGE.left + 182, w: 22 },
    { label: "Unit price", x: PAGE.left + 206, w: 62 },
    { label: "Taxable value", x: PAGE.left + 270, w: 64 },
    { label: "Tax", x: PAGE.left + 337, w: 100 },
    { label: "Amount", x: PAGE.left + 440, w: width - 440 },
  ];
  let rowBottom = y;
  for (const col of cols)
    rowBottom = Math.max(
      rowBottom,
      pdf.text(col.label, col.x, y, { size: 8.5, weight: "bold", width: col.w }),
    );
  y = rowBottom + 3;
  pdf.rule(y);
  y += 5;
  for (const line of d.lines) {
    const c = d.currency;
    const cells = [
      line.description,
      line.sac,
      String(line.quantity),
      money(line.unitPriceMinor, c),
      money(line.taxableMinor, c),
      line.taxes.length
        ? line.taxes.map((t) => `${taxLabel(t)}: ${money(t.amountMinor, c)}`)
        : d.regime === "no_tax"
          ? "Not charged"
          : "Zero-rated",
      money(line.totalMinor, c),
    ];
    rowBottom = y;
    cells.forEach((value, i) => {
      let cellY = y;
      for (const part of typeof value === "string" ? [value] : value)
        cellY = pdf.text(part, cols[i]!.x, cellY, { size: 9, width: cols[i]!.w });
      rowBottom = Math.max(rowBottom, cellY);
    });
    y = rowBottom + 3;
    pdf.rule(y);
    y += 5;
  }

  y += 6;
  const labelX = PAGE.left + 230;
  for (const [term, value] of totalRows(d)) {
    const bold = term.startsWith("Total");
    const left = pdf.text(term, labelX, y, { size: 9.5, weight: bold ? "bold" : "regular", width: 140 });
    y =
      Math.max(
        left,
        pdf.text(value, labelX + 145, y, {
          size: 9.5,
          weight: bold ? "bold" : "regular",
          width: PAGE.right - labelX - 145,
        }),
      ) + 2;
  }
  y += 10;
  y = pdf.text(`Amount in words (INR): ${d.inrTotalInWords}`, PAGE.left, y, {
    size: 9.5,
    weight: "bold",
    width,
  });
  for (const note of d.notes) y = pdf.text(note, PAGE.left, y + 6, { size: 9.5, width });
  y += 16;
  pdf.text(
    d.regime === "intra_state" || d.regime === "inter_state"
      ? "Tax is not payable on reverse charge basis. This is a computer-generated document and needs no signature."
      : "This is a computer-generated document and needs no signature.",
    PAGE.left,
    y,
    { size: 8.5, width },
  );
  return pdf.bytes();
}
