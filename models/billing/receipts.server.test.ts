import { describe, expect, it } from "vitest";
import type { Receipt } from "./account-billing";
import { formatAmount as formatMoney } from "./money";
import { renderReceiptHtml, renderReceiptPdf } from "./receipts.server";

const receipt: Receipt = {
  id: "r-1",
  number: "ASC-2026-000123",
  issuedAt: new Date("2026-11-21T10:00:00Z"),
  kind: "token_purchase",
  description: "Popular (120 tokens) <b>",
  amountMinor: 1_080_000,
  currency: "INR",
  status: "Paid",
  method: "card",
  cardBrand: "Visa",
  cardLast4: "4242",
};
const parties = {
  seller: {
    name: "Ascendra",
    addressLines: ["Level 7 (Tidewater House)", "Navi Mumbai"],
    email: "support@ascendra.studio",
  },
  buyer: { name: "Asha Rao", email: "asha@example.com" },
};

describe("receipts", () => {
  it("format money in the currency's way", () => {
    expect(formatMoney({ amountMinor: 1_080_000, currency: "INR" })).toBe("₹10,800.00");
    expect(formatMoney({ amountMinor: 7000, currency: "USD" })).toBe("$70.00");
  });

  it("render as escaped, script-free HTML with only the card's brand and last four", () => {
    const html = renderReceiptHtml(receipt, parties, "/manageaccount/receipts/r-1/pdf");
    expect(html).toContain("ASC-2026-000123");
    expect(html).toContain("Visa •••• 4242");
    expect(html).toContain("₹10,800.00");
    expect(html).toContain("Popular (120 tokens) &#60;b&#62;");
    expect(html).not.toContain("<b>");
    expect(html).not.toContain("<script");
  });

  it("render as a valid one-page PDF whose cross-reference table points at every object", () => {
    const pdf = Buffer.from(renderReceiptPdf(receipt, parties)).toString("latin1");
    expect(pdf.startsWith("%PDF-1.4\n")).toBe(true);
    expect(pdf.trimEnd().endsWith("%%EOF")).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n/.exec(pdf)![1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe("xref");
    const offsets = [...pdf.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(6);
    offsets.forEach((offset, index) =>
      expect(pdf.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`),
    );
    const length = Number(/\/Length (\d+) >>\nstream\n/.exec(pdf)![1]);
    const stream = pdf.slice(pdf.indexOf("stream\n") + 7, pdf.indexOf("\nendstream"));
    expect(stream.length).toBe(length);
    // Text: parentheses escaped, the rupee sign spelled as a code, the card masked.
    expect(pdf).toContain("(Level 7 \\(Tidewater House\\)) Tj");
    expect(pdf).toContain("(10,800.00 INR) Tj");
    expect(pdf).toContain("(Visa **** 4242) Tj");
  });
});
