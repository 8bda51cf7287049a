import { createHash } from "node:crypto";
import {
  formatMoney,
  maskedCard,
  paymentMethodLabel,
  RECEIPT_KIND_LABELS,
  type Receipt,
} from "./account-billing";

// A receipt as a printable HTML page and as a one-page PDF. Pure: the data
// comes from billing (account-billing.server.ts); no library, because a
// receipt is a dozen lines of text and a PDF of that is small enough to write.

export type ReceiptParties = {
  seller: { name: string; addressLines: string[]; email: string };
  buyer: { name: string; email: string };
};

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** The receipt's lines, shared by both formats. */
export function receiptLines(receipt: Receipt) {
  const paidWith = receipt.cardBrand
    ? maskedCard(receipt.cardBrand, receipt.cardLast4)
    : paymentMethodLabel(receipt.method);
  return [
    ["Receipt number", receipt.number],
    ["Date", dateFormat.format(receipt.issuedAt)],
    ["Item", `${RECEIPT_KIND_LABELS[receipt.kind]}: ${receipt.description}`],
    ["Paid with", paidWith],
    ["Status", receipt.status],
    // A refund, full or partial (docs/decisions/0036).
    ...(receipt.refundedMinor
      ? ([
          ["Refunded", formatMoney({ amountMinor: receipt.refundedMinor, currency: receipt.currency })],
        ] as const)
      : []),
  ] as const;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The receipt's only style sheet; the CSP below allows exactly this text (by its hash). */
const RECEIPT_STYLE = `
  body { font: 15px/1.5 system-ui, sans-serif; color: #111; background: #fff; max-width: 44rem; margin: 2.5rem auto; padding: 0 1.25rem; }
  h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
  .muted { color: #555; }
  header { display: flex; justify-content: space-between; gap: 2rem; flex-wrap: wrap; margin-bottom: 2rem; }
  table { width: 100%; border-collapse: collapse; margin: 1.5rem 0; }
  th, td { text-align: left; padding: .6rem 0; border-bottom: 1px solid #ddd; vertical-align: top; }
  th { width: 11rem; font-weight: 600; }
  .total { font-size: 1.3rem; font-weight: 700; }
  .actions { margin-top: 2rem; }
  @media print { .actions { display: none; } body { margin: 0 auto; } }
`;

/**
 * The receipt page's Content-Security-Policy: it is our HTML with the client's
 * details in it, served outside the app's documents, so it gets its own policy:
 * nothing may load or run but its one style sheet.
 */
export const RECEIPT_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(RECEIPT_STYLE).digest("base64")}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** A standalone, print-ready HTML document (no scripts; the browser's Print saves it as PDF too). */
export function renderReceiptHtml(receipt: Receipt, parties: ReceiptParties, pdfHref: string): string {
  const rows = receiptLines(receipt)
    .map(([term, value]) => `<tr><th scope="row">${escapeHtml(term)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join("");
  const seller = [parties.seller.name, ...parties.seller.addressLines, parties.seller.email]
    .map(escapeHtml)
    .join("<br>");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Receipt ${escapeHtml(receipt.number)} — ${escapeHtml(parties.seller.name)}</title>
<style>${RECEIPT_STYLE}</style>
</head>
<body>
<header>
  <div><h1>Receipt</h1><p class="muted">${escapeHtml(receipt.number)}</p></div>
  <p>${seller}</p>
</header>
<p>Billed to<br><strong>${escapeHtml(parties.buyer.name)}</strong><br>${escapeHtml(parties.buyer.email)}</p>
<table>${rows}<tr><th scope="row">Amount</th><td class="total">${escapeHtml(formatMoney(receipt))}</td></tr></table>
<p class="muted">Thank you for your business.</p>
<p class="actions"><a href="${escapeHtml(pdfHref)}">Download PDF</a> · Use your browser's Print to print or save this page.</p>
</body>
</html>`;
}

// ---------------------------------------------------------------------------
// PDF: one A4 page, Helvetica (a standard font every reader has), WinAnsi text.

/** Characters outside Latin-1 have no glyph in WinAnsi: spell them out. */
function pdfText(text: string): string {
  const spelled = text
    .replace(/₹/g, "INR ")
    .replace(/€/g, "EUR ")
    .replace(/•/g, "*")
    .replace(/[“”]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/[–—]/g, "-")
    .replace(/\u00a0|\u202f/g, " ")
    .replace(/[^\x20-\x7e\xa0-\xff]/g, "?");
  return spelled.replace(/[\\()]/g, (c) => `\\${c}`);
}

/** Amounts in PDFs use the currency code: 2,500.00 INR reads right without the ₹ glyph. */
const pdfMoney = (receipt: Receipt) =>
  `${new Intl.NumberFormat(receipt.currency === "INR" ? "en-IN" : "en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(receipt.amountMinor / 100)} ${receipt.currency}`;

export function renderReceiptPdf(receipt: Receipt, parties: ReceiptParties): Uint8Array<ArrayBuffer> {
  const ops: string[] = [];
  const text = (font: "F1" | "F2", size: number, x: number, y: number, value: string) =>
    ops.push(`BT /${font} ${size} Tf ${x} ${y} Td (${pdfText(value)}) Tj ET`);
  let y = 780;
  text("F2", 22, 50, y, "Receipt");
  text("F1", 11, 50, (y -= 18), receipt.number);
  let sellerY = 780;
  for (const line of [parties.seller.name, ...parties.seller.addressLines, parties.seller.email])
    text("F1", 10, 360, (sellerY -= 14) + 14, line);
  y = Math.min(y, sellerY) - 36;
  text("F1", 10, 50, y, "Billed to");
  text("F2", 11, 50, (y -= 15), parties.buyer.name);
  text("F1", 11, 50, (y -= 15), parties.buyer.email);
  y -= 30;
  for (const [term, value] of receiptLines(receipt)) {
    text("F2", 11, 50, y, term);
    text("F1", 11, 200, y, value);
    ops.push(`0.85 G 50 ${y - 8} m 545 ${y - 8} l S 0 G`);
    y -= 26;
  }
  text("F2", 11, 50, y, "Amount");
  text("F2", 14, 200, y, pdfMoney(receipt));
  text("F1", 10, 50, y - 50, "Thank you for your business.");
  const content = ops.join("\n");

  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(pdf, "latin1"));
}
