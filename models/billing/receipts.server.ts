import { createHash } from "node:crypto";
import PDFDocument from "pdfkit";
import { maskedCard, paymentMethodLabel, RECEIPT_KIND_LABELS, type Receipt } from "./account-billing";
import { formatAmount } from "../platform/money";
import { fontRuns, receiptFontAscent, receiptFontBytes, type ReceiptWeight } from "./receipt-fonts.server";

// A receipt as a printable HTML page and as a PDF. The data comes from billing
// (account-billing.server.ts). The PDF is laid out by pdfkit in Noto Sans, so
// long lines wrap, and ₹ and names in Latin, Cyrillic, Greek, Vietnamese or
// Devanagari print as themselves (docs/decisions/0034).

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
          ["Refunded", formatAmount({ amountMinor: receipt.refundedMinor, currency: receipt.currency })],
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
  return receiptDocument({
    number: receipt.number,
    parties,
    rows: receiptLines(receipt),
    total: ["Amount", formatAmount(receipt)],
    actions: `<a href="${escapeHtml(pdfHref)}">Download PDF</a> · Use your browser's Print to print or save this page.`,
  });
}

/** The HTML receipt page both kinds of receipt share: the seller, who was billed, the lines and the total. */
function receiptDocument(receipt: {
  number: string;
  parties: ReceiptParties;
  rows: readonly (readonly [string, string])[];
  total: [string, string];
  /** Trusted markup (escaped by the caller) for the line under the table. */
  actions: string;
}): string {
  const { number, parties, total } = receipt;
  const rows = receipt.rows
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
<title>Receipt ${escapeHtml(number)} — ${escapeHtml(parties.seller.name)}</title>
<style>${RECEIPT_STYLE}</style>
</head>
<body>
<header>
  <div><h1>Receipt</h1><p class="muted">${escapeHtml(number)}</p></div>
  <p>${seller}</p>
</header>
<p>Billed to<br><strong>${escapeHtml(parties.buyer.name)}</strong><br>${escapeHtml(parties.buyer.email)}</p>
<table>${rows}<tr><th scope="row">${escapeHtml(total[0])}</th><td class="total">${escapeHtml(total[1])}</td></tr></table>
<p class="muted">Thank you for your business.</p>
<p class="actions">${receipt.actions}</p>
</body>
</html>`;
}

// ---------------------------------------------------------------------------
// PDF: A4, set in Noto Sans (receipt-fonts.server.ts), every line wrapped within the margins.

/** A4 in points, with 50 pt margins all round. */
export const PAGE = { width: 595.28, left: 50, right: 545.28, top: 50, bottom: 50 };
const SELLER_X = 340;
const VALUE_X = 200;
const RULE_GRAY = "#d9d9d9";

type TextStyle = { size: number; weight?: ReceiptWeight; width: number; lineGap?: number };

/** One receipt document: pdfkit plus the fonts it has been given so far. */
export class ReceiptPdf {
  readonly doc: PDFKit.PDFDocument;
  private readonly registered = new Set<string>();

  constructor(issuedAt: Date, title: string) {
    this.doc = new PDFDocument({
      size: "A4",
      margins: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.left, right: PAGE.width - PAGE.right },
      // No Helvetica: every glyph comes from the embedded Noto Sans files.
      font: null as unknown as string,
      // The receipt's own date, not the time of download: the same receipt is the same file.
      info: { Title: title, CreationDate: issuedAt },
    });
  }

  /** Draws text at (x, y), wrapped to style.width, switching font file per run of script; returns the y below it. */
  text(
    value: string,
    x: number,
    y: number,
    { size, weight = "regular", width, lineGap = 2 }: TextStyle,
  ): number {
    const runs = fontRuns(value, weight);
    // Every file puts its baseline where Latin's is, or a Devanagari run would sit higher than the Latin beside it.
    const baseline = -receiptFontAscent(weight) * size;
    runs.forEach((run, index) => {
      if (!this.registered.has(run.font)) {
        this.doc.registerFont(run.font, receiptFontBytes(run.font));
        this.registered.add(run.font);
      }
      this.doc.font(run.font).fontSize(size);
      const options = { width, lineGap, baseline, continued: index < runs.length - 1 };
      if (index === 0) this.doc.text(run.text, x, y, options);
      else this.doc.text(run.text, options);
    });
    return runs.length ? this.doc.y : y;
  }

  rule(y: number) {
    this.doc
      .save()
      .moveTo(PAGE.left, y)
      .lineTo(PAGE.right, y)
      .lineWidth(0.75)
      .strokeColor(RULE_GRAY)
      .stroke();
    this.doc.restore();
  }

  /** The finished file. pdfkit writes into its stream's buffer as it goes, so after end() it is all there. */
  bytes(): Uint8Array<ArrayBuffer> {
    this.doc.end();
    const chunks: Buffer[] = [];
    for (let chunk: Buffer | null; (chunk = this.doc.read() as Buffer | null) !== null;) chunks.push(chunk);
    return new Uint8Array(Buffer.concat(chunks));
  }
}

export function renderReceiptPdf(receipt: Receipt, parties: ReceiptParties): Uint8Array<ArrayBuffer> {
  const pdf = new ReceiptPdf(receipt.issuedAt, `Receipt ${receipt.number}`);
  const leftWidth = SELLER_X - 20 - PAGE.left;
  let y = pdf.text("Receipt", PAGE.left, PAGE.top, { size: 22, weight: "bold", width: leftWidth });
  y = pdf.text(receipt.number, PAGE.left, y, { size: 11, width: leftWidth });
  let sellerY = PAGE.top + 4;
  for (const line of [parties.seller.name, ...parties.seller.addressLines, parties.seller.email])
    sellerY = pdf.text(line, SELLER_X, sellerY, { size: 10, width: PAGE.right - SELLER_X });

  const width = PAGE.right - PAGE.left;
  y = Math.max(y, sellerY) + 28;
  y = pdf.text("Billed to", PAGE.left, y, { size: 10, width });
  y = pdf.text(parties.buyer.name, PAGE.left, y + 2, { size: 11, weight: "bold", width });
  y = pdf.text(parties.buyer.email, PAGE.left, y, { size: 11, width }) + 20;

  const row = (term: string, value: string, valueStyle: Omit<TextStyle, "width">) => {
    const page = pdf.doc.page;
    const termBottom = pdf.text(term, PAGE.left, y, {
      size: 11,
      weight: "bold",
      width: VALUE_X - 10 - PAGE.left,
    });
    const valueBottom = pdf.text(value, VALUE_X, y, { ...valueStyle, width: PAGE.right - VALUE_X });
    // A value too long for the page goes on over the next one (pdfkit adds it); the row ends where the value does.
    y = (pdf.doc.page === page ? Math.max(termBottom, valueBottom) : valueBottom) + 6;
  };
  for (const [term, value] of receiptLines(receipt)) {
    row(term, value, { size: 11 });
    pdf.rule(y);
    y += 10;
  }
  row("Amount", formatAmount(receipt), { size: 14, weight: "bold" });
  pdf.text("Thank you for your business.", PAGE.left, y + 30, { size: 10, width });
  return pdf.bytes();
}

/** A shop checkout paid in Creative Tokens: what it bought, what it cost, the balance after. */
export type CheckoutReceipt = {
  number: string;
  issuedAt: Date;
  lines: { name: string; quantity: number; tokens: number }[];
  totalTokens: number;
  balanceAfter: number;
};

const tokenCount = (n: number) => `${n} Creative ${n === 1 ? "Token" : "Tokens"}`;

/** A token checkout's receipt, print-ready like a payment's (its own PDF is the browser's Print). */
export function renderCheckoutReceiptHtml(order: CheckoutReceipt, parties: ReceiptParties): string {
  const rows: [string, string][] = [
    ["Order number", order.number],
    ["Date", dateFormat.format(order.issuedAt)],
    ...order.lines.map((line): [string, string] => [
      line.quantity > 1 ? `${line.name} × ${line.quantity}` : line.name,
      tokenCount(line.tokens),
    ]),
    ["Paid with", "Creative Tokens"],
    ["Balance after", tokenCount(order.balanceAfter)],
  ];
  return receiptDocument({
    number: order.number,
    parties,
    rows,
    total: ["Total", tokenCount(order.totalTokens)],
    actions: "Use your browser's Print to print or save this page as a PDF.",
  });
}
