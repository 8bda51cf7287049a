import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { Receipt } from "./account-billing";
import { formatAmount as formatMoney } from "../platform/money";
import { fontRuns } from "./receipt-fonts.server";
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

// ---------------------------------------------------------------------------
// Reading the PDF back: its objects, its page's text (through each font's
// ToUnicode map) and where each piece of text starts and ends.

type PdfObject = { dict: string; stream?: Buffer };
type Fragment = {
  font: string;
  size: number;
  x: number;
  y: number;
  cids: number[];
  adjust: number;
  text: string;
};

function parsePdf(bytes: Uint8Array) {
  const raw = Buffer.from(bytes).toString("latin1");
  const objects = new Map<number, PdfObject>();
  for (const m of raw.matchAll(/(?:^|\n)(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) {
    const body = m[2]!;
    const start = body.indexOf("\nstream\n");
    if (start < 0) {
      objects.set(Number(m[1]), { dict: body });
      continue;
    }
    const dict = body.slice(0, start);
    const length = Number(/\/Length (\d+)/.exec(dict)![1]);
    const data = Buffer.from(body.slice(start + 8, start + 8 + length), "latin1");
    expect(body.slice(start + 8 + length)).toBe("\nendstream");
    objects.set(Number(m[1]), { dict, stream: /\/FlateDecode/.test(dict) ? inflateSync(data) : data });
  }
  const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)![1]);
  const pages = [...objects.values()].filter((o) => /\/Type \/Page\b/.test(o.dict));

  // Per font resource name: its ToUnicode map, its glyph widths (1/1000 em) and its PostScript name.
  const fonts = new Map<string, { name: string; unicode: Map<number, string>; widths: number[] }>();
  for (const page of pages) {
    const resources = objects.get(ref(page.dict, "Resources"))!.dict;
    for (const [, id, num] of resources.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = objects.get(Number(num))!.dict;
      const cmap = objects.get(ref(font, "ToUnicode"))!.stream!.toString("latin1");
      const unicode = new Map<number, string>();
      const hex = (h: string) =>
        String.fromCodePoint(...(h.match(/.{4}/g) ?? []).map((u) => parseInt(u, 16)));
      for (const [, from, list] of cmap.matchAll(/<([0-9a-f]{4})> <[0-9a-f]{4}> \[([^\]]*)\]/gi))
        [...list!.matchAll(/<([0-9a-f]+)>/gi)].forEach((u, i) =>
          unicode.set(parseInt(from!, 16) + i, hex(u[1]!)),
        );
      const descendant = objects.get(Number(/\/DescendantFonts \[(\d+) 0 R\]/.exec(font)![1]))!.dict;
      const widths = /\/W \[0 \[([^\]]*)\]\]/.exec(descendant)![1]!.trim().split(/\s+/).map(Number);
      fonts.set(id!, { name: /\/BaseFont \/(\S+)/.exec(font)![1]!, unicode, widths });
    }
  }

  const fragments: Fragment[] = [];
  for (const page of pages) {
    const content = objects.get(ref(page.dict, "Contents"))!.stream!.toString("latin1");
    let font = "";
    let size = 0;
    for (const block of content.match(/\nBT\n[\s\S]*?\nET/g) ?? []) {
      const [, x, y] = /1 0 0 1 (\S+) (\S+) Tm/.exec(block)!;
      const tf = /\/(F\d+) (\S+) Tf/.exec(block);
      if (tf) [font, size] = [tf[1]!, Number(tf[2])];
      const cids: number[] = [];
      let adjust = 0;
      for (const [, array] of block.matchAll(/\[(.*)\] TJ/g))
        for (const [, hex, kern] of array!.matchAll(/<([0-9a-f]*)> (\S+)/gi)) {
          cids.push(...(hex!.match(/.{4}/g) ?? []).map((c) => parseInt(c, 16)));
          adjust += Number(kern);
        }
      const map = fonts.get(font)!.unicode;
      fragments.push({
        font,
        size,
        x: Number(x),
        y: Number(y),
        cids,
        adjust,
        text: cids.map((c) => map.get(c) ?? "\ufffd").join(""),
      });
    }
  }
  /** Where a fragment's last glyph ends, in points from the page's left edge. */
  const right = (f: Fragment) =>
    f.x + ((f.cids.reduce((sum, c) => sum + fonts.get(f.font)!.widths[c]!, 0) - f.adjust) * f.size) / 1000;
  // Pieces of text: fragments drawn one after the other on one baseline (a run per font) joined.
  const pieces: { x: number; y: number; text: string; right: number }[] = [];
  for (const f of fragments) {
    const last = pieces.at(-1);
    if (last && Math.abs(last.y - f.y) < 0.01 && Math.abs(last.right - f.x) < 0.01) {
      last.text += f.text;
      last.right = right(f);
    } else pieces.push({ x: f.x, y: f.y, text: f.text, right: right(f) });
  }
  return { raw, objects, pages, fonts, fragments, pieces, text: pieces.map((p) => p.text).join("\n") };
}

/** A4 is 595.28 pt wide and the receipt keeps 50 pt margins. */
const RIGHT_MARGIN_X = 595.28 - 50;

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
    const bytes = renderReceiptPdf(receipt, parties);
    const pdf = parsePdf(bytes);
    expect(pdf.raw.startsWith("%PDF-")).toBe(true);
    expect(pdf.raw.trimEnd().endsWith("%%EOF")).toBe(true);
    expect(pdf.pages).toHaveLength(1);
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n?$/.exec(pdf.raw)![1]);
    expect(pdf.raw.slice(startxref, startxref + 4)).toBe("xref");
    const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(pdf.raw.slice(startxref))!;
    expect(Number(first)).toBe(0);
    const offsets = [...pdf.raw.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(Number(count) - 1);
    expect(offsets).toHaveLength(pdf.objects.size);
    offsets.forEach((offset, index) =>
      expect(pdf.raw.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`),
    );
    // What it says, read back through the fonts: the address with its parentheses, the amount with its rupee sign, the card masked.
    for (const line of [
      "Receipt",
      "ASC-2026-000123",
      "Ascendra",
      "Level 7 (Tidewater House)",
      "Navi Mumbai",
      "support@ascendra.studio",
      "Billed to",
      "Asha Rao",
      "asha@example.com",
      "Receipt number",
      "Date",
      "21 November 2026",
      "Item",
      "Creative Tokens: Popular (120 tokens) <b>",
      "Paid with",
      "Visa •••• 4242",
      "Status",
      "Paid",
      "Amount",
      "₹10,800.00",
      "Thank you for your business.",
    ])
      expect(pdf.pieces.map((p) => p.text)).toContain(line);
    expect(pdf.text).toContain("Receipt number\nASC-2026-000123");
    expect(pdf.text).toContain("Amount\n₹10,800.00");
    // No glyph is missing (CID 0 is .notdef in every embedded subset).
    expect(pdf.fragments.flatMap((f) => f.cids)).not.toContain(0);
  });

  it("are the same file every time for the same receipt, dated by the receipt", () => {
    const one = renderReceiptPdf(receipt, parties);
    expect(Buffer.from(renderReceiptPdf(receipt, parties)).equals(Buffer.from(one))).toBe(true);
    expect(parsePdf(one).raw).toContain("(D:20261121100000Z)");
  });

  it("print the rupee sign and Cyrillic and Devanagari names from embedded font subsets", () => {
    const name = "Анна Иванова आशा राव";
    const pdf = parsePdf(
      renderReceiptPdf(receipt, { ...parties, buyer: { name, email: "anna@example.com" } }),
    );
    const fontNames = [...pdf.fonts.values()].map((f) => f.name);
    // Subset fonts are tagged ABCDEF+Name; Devanagari comes from its own family.
    expect(fontNames.every((n) => /^[A-Z]{6}\+NotoSans/.test(n))).toBe(true);
    expect(fontNames.some((n) => /\+NotoSansDevanagari-Bold$/.test(n))).toBe(true);
    expect(fontNames.some((n) => /\+NotoSans-Bold$/.test(n))).toBe(true);
    const mapped = (char: string) =>
      [...pdf.fonts.values()].some((f) => [...f.unicode.entries()].some(([cid, u]) => cid > 0 && u === char));
    for (const char of ["₹", "А", "И", "आ", "श", "ा", "र", "व"]) expect(mapped(char)).toBe(true);
    expect(pdf.text).toContain(name);
    expect(pdf.text).toContain("₹10,800.00");
    expect(pdf.text).not.toContain("?");
    expect(pdf.fragments.flatMap((f) => f.cids)).not.toContain(0);
    // Every embedded font is a subset: each holds only the glyphs this receipt uses.
    for (const font of pdf.fonts.values()) expect(font.widths.length).toBeLessThan(60);
  });

  it("wrap a long item name over several lines that stay inside the right margin", () => {
    const words = ["Brand", "identity", "refresh", "with", "logo,", "palette", "and", "typography"];
    let description = "";
    for (let i = 0; description.length < 300; i++) description += `${words[i % words.length]} `;
    description = description.slice(0, 300);
    const long = `Creative Tokens: ${description}`;
    const pdf = parsePdf(renderReceiptPdf({ ...receipt, description }, parties));
    const itemLines = pdf.pieces.filter((p) => p.text.length > 20 && long.includes(p.text.trim()));
    expect(itemLines.length).toBeGreaterThan(1);
    expect(new Set(itemLines.map((p) => p.x)).size).toBe(1);
    expect(new Set(itemLines.map((p) => p.y)).size).toBe(itemLines.length);
    expect(itemLines.map((p) => p.text.trim()).join(" ")).toBe(long.trim());
    for (const p of pdf.pieces) expect(p.right).toBeLessThanOrEqual(RIGHT_MARGIN_X + 0.01);
    // The next row starts below the item's last line (PDF y grows upwards).
    const paidWith = pdf.pieces.find((p) => p.text === "Paid with")!;
    expect(paidWith.y).toBeLessThan(Math.min(...itemLines.map((p) => p.y)));
  });

  it("wrap a long address and name within their columns", () => {
    const address =
      "Level 7 (Tidewater House), Plot 42, Sector 19, Palm Beach Road, Vashi, Navi Mumbai 400703";
    const name = "Ananya Venkataraman-Krishnamurthy ".repeat(6).trim();
    const pdf = parsePdf(
      renderReceiptPdf(receipt, {
        seller: { ...parties.seller, addressLines: [address] },
        buyer: { name, email: "ananya@example.com" },
      }),
    );
    for (const p of pdf.pieces) expect(p.right).toBeLessThanOrEqual(RIGHT_MARGIN_X + 0.01);
    const addressLines = pdf.pieces.filter(
      (p) => p.text.trim().length > 5 && address.includes(p.text.trim()),
    );
    expect(addressLines.length).toBeGreaterThan(1);
    expect(addressLines.map((p) => p.text.trim()).join(" ")).toBe(address);
    const nameLines = pdf.pieces.filter((p) => p.text.includes("Venkataraman"));
    expect(nameLines.length).toBeGreaterThan(1);
    expect(nameLines.map((p) => p.text.trim()).join(" ")).toBe(name);
  });
});

describe("receipt fonts", () => {
  it("draw each run of script from the file that has it, keeping spaces and marks in their run", () => {
    expect(fontRuns("Asha Rao ₹10,800.00", "regular")).toEqual([
      { font: "noto-sans-latin-400", text: "Asha Rao " },
      { font: "noto-sans-latin-ext-400", text: "₹" },
      { font: "noto-sans-latin-400", text: "10,800.00" },
    ]);
    expect(fontRuns("Анна आशा राव", "bold")).toEqual([
      { font: "noto-sans-cyrillic-700", text: "Анна " },
      { font: "noto-sans-devanagari-700", text: "आशा राव" },
    ]);
    expect(fontRuns("Ελένη Łukasz Nguyễn", "regular").map((r) => r.font)).toEqual([
      "noto-sans-greek-400",
      "noto-sans-latin-ext-400",
      "noto-sans-latin-400",
      "noto-sans-vietnamese-400",
      "noto-sans-latin-400",
    ]);
    // Decomposed input is composed first, so ễ is one glyph; what no file has prints as "?".
    expect(fontRuns("Nguye\u0302\u0303n", "regular")).toEqual(fontRuns("Nguyễn", "regular"));
    expect(fontRuns("Wang 王", "regular")).toEqual([{ font: "noto-sans-latin-400", text: "Wang ?" }]);
  });
});
