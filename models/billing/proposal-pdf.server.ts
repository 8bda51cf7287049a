import PDFDocument from "pdfkit";
import { markdownToText } from "../content/markdown.server";
import {
  BALANCE_SCHEDULE_LABEL,
  formatProposalAmount,
  formatProposalDate,
  type ProposalDocument,
  type ProposalSignature,
} from "../projects/proposals";
import { fontRuns, receiptFontAscent, receiptFontBytes, type ReceiptWeight } from "./receipt-fonts.server";

// A proposal's PDF and, once signed, the same document with a signature
// certificate page (decision 0084). Laid out with pdfkit in the receipts' Noto
// Sans (decision 0034). Deterministic: the file's dates are the version's
// sent date (and the signature's), so the same version is the same bytes, and
// the SHA-256 stored when it was sent is the hash of the file a client downloads.

const PAGE = { width: 595.28, height: 841.89, left: 50, right: 545.28, top: 50, bottom: 60 };
const WIDTH = PAGE.right - PAGE.left;
const RULE_GRAY = "#d9d9d9";

type Style = { size: number; weight?: ReceiptWeight; width?: number; x?: number };

class ProposalPdf {
  readonly doc: PDFKit.PDFDocument;
  private readonly registered = new Set<string>();
  y = PAGE.top;

  constructor(title: string, date: Date) {
    this.doc = new PDFDocument({
      size: "A4",
      margins: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.left, right: PAGE.width - PAGE.right },
      font: null as unknown as string,
      info: { Title: title, CreationDate: date, ModDate: date },
    });
  }

  /** Room for `height` points more on this page, or a new page. */
  room(height: number) {
    if (this.y + height > PAGE.height - PAGE.bottom) this.newPage();
  }

  newPage() {
    this.doc.addPage();
    this.y = PAGE.top;
  }

  /** Text at the cursor (or at `x`), wrapped; moves the cursor below it unless `keepY`. */
  text(
    value: string,
    { size, weight = "regular", width = WIDTH, x = PAGE.left }: Style,
    keepY = false,
  ): number {
    const runs = fontRuns(value, weight);
    const baseline = -receiptFontAscent(weight) * size;
    const startPage = this.doc.page;
    runs.forEach((run, index) => {
      if (!this.registered.has(run.font)) {
        this.doc.registerFont(run.font, receiptFontBytes(run.font));
        this.registered.add(run.font);
      }
      this.doc.font(run.font).fontSize(size);
      const options = { width, lineGap: 2, baseline, continued: index < runs.length - 1 };
      if (index === 0) this.doc.text(run.text, x, this.y, options);
      else this.doc.text(run.text, options);
    });
    const bottom = runs.length ? this.doc.y : this.y;
    if (this.doc.page !== startPage) this.y = bottom;
    else if (!keepY) this.y = bottom;
    return bottom;
  }

  gap(points: number) {
    this.y += points;
  }

  rule() {
    this.doc
      .save()
      .moveTo(PAGE.left, this.y)
      .lineTo(PAGE.right, this.y)
      .lineWidth(0.75)
      .strokeColor(RULE_GRAY)
      .stroke();
    this.doc.restore();
    this.y += 6;
  }

  bytes(): Uint8Array<ArrayBuffer> {
    this.doc.end();
    const chunks: Buffer[] = [];
    for (let chunk: Buffer | null; (chunk = this.doc.read() as Buffer | null) !== null;) chunks.push(chunk);
    return new Uint8Array(Buffer.concat(chunks));
  }
}

const COLUMNS = { description: PAGE.left, quantity: 330, unit: 370, total: 460 };

function drawProposal(pdf: ProposalPdf, proposal: ProposalDocument) {
  const amount = (value: number) => formatProposalAmount(value, proposal.pricing, proposal.currency);
  pdf.text("Proposal", { size: 22, weight: "bold" });
  pdf.text(proposal.title, { size: 14, weight: "bold" });
  pdf.text(
    `Version ${proposal.version} · sent ${formatProposalDate(proposal.sentAt.toISOString().slice(0, 10))}`,
    {
      size: 10,
    },
  );
  pdf.text(`Reference ${proposal.id}`, { size: 9 });
  pdf.gap(12);
  pdf.text("From", { size: 9 });
  pdf.text("Ascendra, Navi Mumbai, Maharashtra, India", { size: 11 });
  pdf.gap(4);
  pdf.text("For", { size: 9 });
  pdf.text(`${proposal.client.name} <${proposal.client.email}>`, { size: 11 });
  pdf.gap(14);

  pdf.text("Scope", { size: 13, weight: "bold" });
  pdf.gap(2);
  for (const paragraph of markdownToText(proposal.scope).split("\n").filter(Boolean)) {
    pdf.room(16);
    pdf.text(paragraph, { size: 10.5 });
    pdf.gap(3);
  }
  pdf.gap(10);

  pdf.room(60);
  pdf.text("Price", { size: 13, weight: "bold" });
  pdf.gap(4);
  const header = (label: string, x: number, width: number) =>
    pdf.text(label, { size: 9, weight: "bold", x, width }, true);
  header("Item", COLUMNS.description, COLUMNS.quantity - COLUMNS.description - 10);
  header("Qty", COLUMNS.quantity, 35);
  header("Unit", COLUMNS.unit, 85);
  pdf.text("Amount", { size: 9, weight: "bold", x: COLUMNS.total, width: PAGE.right - COLUMNS.total });
  pdf.rule();
  for (const line of proposal.lines) {
    pdf.room(30);
    const top = pdf.y;
    const bottoms = [
      pdf.text(
        line.description,
        { size: 10, x: COLUMNS.description, width: COLUMNS.quantity - COLUMNS.description - 10 },
        true,
      ),
      pdf.text(String(line.quantity), { size: 10, x: COLUMNS.quantity, width: 35 }, true),
      pdf.text(amount(line.unitAmount), { size: 10, x: COLUMNS.unit, width: 85 }, true),
      pdf.text(
        amount(line.quantity * line.unitAmount),
        { size: 10, x: COLUMNS.total, width: PAGE.right - COLUMNS.total },
        true,
      ),
    ];
    pdf.y = Math.max(top, ...bottoms) + 4;
    pdf.rule();
  }
  pdf.room(80);
  pdf.text(`Total: ${amount(proposal.total)}`, { size: 13, weight: "bold" });
  pdf.text(`Deposit on signing (${proposal.depositPercent}%): ${amount(proposal.depositAmount)}`, {
    size: 11,
  });
  pdf.text(`Balance: ${amount(proposal.total - proposal.depositAmount)}. ${BALANCE_SCHEDULE_LABEL}`, {
    size: 11,
  });
  pdf.text(`Delivery: within ${proposal.deliveryDays} days of the deposit.`, { size: 11 });
  pdf.text(`Valid until: ${formatProposalDate(proposal.validUntil)}.`, { size: 11 });
  pdf.gap(14);

  pdf.room(40);
  pdf.text(`Terms (version ${proposal.termsVersion})`, { size: 13, weight: "bold" });
  pdf.gap(2);
  for (const paragraph of markdownToText(proposal.terms).split("\n").filter(Boolean)) {
    pdf.room(16);
    pdf.text(paragraph, { size: 9.5 });
    pdf.gap(2);
  }
}

/** The proposal as sent: the file a client reads, downloads and signs (its SHA-256 is the one stored). */
export function renderProposalPdf(proposal: ProposalDocument): Uint8Array<ArrayBuffer> {
  const pdf = new ProposalPdf(`Proposal: ${proposal.title} (version ${proposal.version})`, proposal.sentAt);
  drawProposal(pdf, proposal);
  return pdf.bytes();
}

/** The signed copy: the same proposal, then a certificate page with the signature's evidence. */
export function renderSignedProposalPdf(
  proposal: ProposalDocument,
  signature: ProposalSignature,
): Uint8Array<ArrayBuffer> {
  const pdf = new ProposalPdf(
    `Signed proposal: ${proposal.title} (version ${proposal.version})`,
    signature.signedAt,
  );
  drawProposal(pdf, proposal);
  pdf.newPage();
  pdf.text("Signature certificate", { size: 20, weight: "bold" });
  pdf.text("Signed electronically on the Ascendra client workspace.", { size: 10 });
  pdf.gap(14);
  const row = (term: string, value: string) => {
    pdf.room(30);
    pdf.text(term, { size: 9, weight: "bold" });
    pdf.text(value, { size: 11 });
    pdf.gap(6);
  };
  row("Proposal", `${proposal.title} (version ${proposal.version})`);
  row("Reference", proposal.id);
  row("Signed by", signature.signerName);
  row("Signer's email", signature.signerEmail);
  row("For", signature.organisation);
  row(
    "Signed at (UTC)",
    signature.signedAt
      .toISOString()
      .replace("T", " ")
      .replace(/\.\d+Z$/, " UTC"),
  );
  row("IP address", signature.ip);
  row("Browser", signature.userAgent || "not given");
  row("SHA-256 of the proposal PDF signed", signature.sha256);
  row("Consent given", signature.consent);
  pdf.gap(10);
  pdf.text(
    "The SHA-256 above is the fingerprint of the proposal PDF the signer was shown and could download. " +
      "Anyone can check a copy: its SHA-256 must be the same.",
    { size: 9 },
  );
  return pdf.bytes();
}
