import { describe, expect, it } from "vitest";
import {
  buyerTaxDetailsSchema,
  creditLines,
  documentNumber,
  financialYear,
  invoicingSettingsSchema,
  placeOfSupply,
  regimeNotes,
  REVERSE_CHARGE_WORDING,
  taxRegime,
  type InvoiceBuyer,
  gstinCheckCharacter,
  gstinProblem,
  inrMinor,
  isValidEuVat,
  isValidPan,
  lineFromGross,
  numberInWords,
  rupeesInWords,
  TAX_ID_MESSAGES,
  totalsOf,
} from "./invoices";

// Decision 0082's pure rules, against figures worked out by hand.

describe("GSTIN", () => {
  it("accepts real-shaped GSTINs whose check character matches", () => {
    for (const gstin of ["27AAPFU0939F1ZV", "29AAGCB7383J1Z4", "24AAACC1206D1ZM", "27AAKCA1234F1Z0"])
      expect(gstinProblem(gstin), gstin).toBeNull();
  });
  it("computes the mod-36 check character", () => {
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
    expect(gstinCheckCharacter("29AAGCB7383J1Z")).toBe("4");
  });
  it("says which part is wrong", () => {
    expect(gstinProblem("27AAPFU0939F1ZW")).toBe("checksum");
    expect(gstinProblem("27AAPFU0939F1Z")).toBe("format");
    expect(gstinProblem("27AAPF00939F1ZV")).toBe("format");
    expect(gstinProblem("28AAPFU0939F1ZV")).toBe("state"); // 28 is no longer a state code
    expect(gstinProblem("")).toBe("format");
  });
});

describe("PAN and EU VAT numbers", () => {
  it("checks a PAN's shape and holder kind", () => {
    expect(isValidPan("AAPFU0939F")).toBe(true);
    expect(isValidPan("AAPXU0939F")).toBe(false);
    expect(isValidPan("AAPFU093F")).toBe(false);
  });
  it("checks each country's VAT format", () => {
    expect(isValidEuVat("DE123456789")).toBe(true);
    expect(isValidEuVat("DE12345678")).toBe(false);
    expect(isValidEuVat("FR40303265045")).toBe(true);
    expect(isValidEuVat("NL123456789B01")).toBe(true);
    expect(isValidEuVat("EL123456789")).toBe(true);
    expect(isValidEuVat("ATU12345678")).toBe(true);
    expect(isValidEuVat("US123456789")).toBe(false);
  });
});

describe("the buyer's details form", () => {
  const base = { legalName: "Kite Labs Pvt Ltd", address: "2 MG Road\nBengaluru 560001", country: "IN" };
  const errors = (input: Record<string, string>) => {
    const parsed = buyerTaxDetailsSchema.safeParse({ ...base, ...input });
    return parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
  };
  it("refuses a GSTIN with a typing mistake, with the field's message", () => {
    expect(errors({ stateCode: "29", gstin: "29AAGCB7383J1Z5" })).toEqual({
      gstin: TAX_ID_MESSAGES.gstinChecksum,
    });
    expect(errors({ stateCode: "29", gstin: "29AAGCB7383" })).toEqual({ gstin: TAX_ID_MESSAGES.gstinFormat });
    expect(errors({ stateCode: "27", gstin: "29AAGCB7383J1Z4" })).toEqual({
      gstin: TAX_ID_MESSAGES.gstinOtherState("Maharashtra"),
    });
    expect(errors({ gstin: "" })).toEqual({ stateCode: TAX_ID_MESSAGES.stateRequired });
  });
  it("accepts a good GSTIN typed in lower case with spaces, and normalises it", () => {
    const parsed = buyerTaxDetailsSchema.parse({ ...base, stateCode: "29", gstin: "29aagcb 7383 j1z4" });
    expect(parsed.gstin).toBe("29AAGCB7383J1Z4");
  });
  it("takes an EU VAT number only with its country's prefix", () => {
    expect(errors({ country: "DE", vatNumber: "DE123456789" })).toEqual({});
    expect(errors({ country: "DE", vatNumber: "FR40303265045" })).toEqual({
      vatNumber: TAX_ID_MESSAGES.vatFormat("DE"),
    });
    expect(errors({ country: "GR", vatNumber: "EL123456789" })).toEqual({});
    expect(errors({ country: "US", vatNumber: "DE123456789" })).toEqual({
      vatNumber: TAX_ID_MESSAGES.vatNotInEu,
    });
  });
});

describe("financial years and numbers", () => {
  it("runs April to March in Indian time", () => {
    expect(financialYear(new Date("2026-04-01T00:00:00+05:30"))).toBe("2026-27");
    expect(financialYear(new Date("2026-03-31T18:29:59Z"))).toBe("2025-26"); // 23:59:59 IST on 31 March
    expect(financialYear(new Date("2026-03-31T18:30:00Z"))).toBe("2026-27"); // midnight IST, 1 April
    expect(financialYear(new Date("2027-01-15T12:00:00Z"))).toBe("2026-27");
    expect(financialYear(new Date("2099-12-01T12:00:00Z"))).toBe("2099-00");
  });
  it("formats a number in 16 characters at most", () => {
    expect(documentNumber("ASC", "2026-27", 123)).toBe("ASC/26-27/000123");
    expect(documentNumber("ASC", "2026-27", 123).length).toBeLessThanOrEqual(16);
    expect(documentNumber("CN", "2026-27", 1)).toBe("CN/26-27/000001");
  });
});

describe("figures, tax included, per line and half up", () => {
  it("splits ₹1,180 into ₹1,000 and CGST ₹90 + SGST ₹90", () => {
    const line = lineFromGross({ description: "x", sac: "998361", grossMinor: 118_000 }, "intra_state", 18);
    expect(line.taxableMinor).toBe(100_000);
    expect(line.taxes).toEqual([
      { component: "cgst", ratePercent: 9, amountMinor: 9_000 },
      { component: "sgst", ratePercent: 9, amountMinor: 9_000 },
    ]);
    expect(totalsOf([line], 118_000).roundingMinor).toBe(0);
  });
  it("₹5,800 within the state: ₹4,915.25 + ₹442.37 + ₹442.37, a paisa of rounding", () => {
    // 580000 × 100/118 = 491525.42 → 491525; × 9% = 44237.25 → 44237 each; 580000 − 579999 = 1.
    const line = lineFromGross({ description: "x", sac: "998361", grossMinor: 580_000 }, "intra_state", 18);
    expect(line.taxableMinor).toBe(491_525);
    expect(line.taxes.map((t) => t.amountMinor)).toEqual([44_237, 44_237]);
    expect(totalsOf([line], 580_000)).toEqual({
      taxableMinor: 491_525,
      cgstMinor: 44_237,
      sgstMinor: 44_237,
      igstMinor: 0,
      taxMinor: 88_474,
      roundingMinor: 1,
      totalMinor: 580_000,
    });
  });
  it("₹5,800 between states: IGST 88474.5 paise rounds half up to ₹884.75", () => {
    const line = lineFromGross({ description: "x", sac: "998361", grossMinor: 580_000 }, "inter_state", 18);
    expect(line.taxes).toEqual([{ component: "igst", ratePercent: 18, amountMinor: 88_475 }]);
    expect(totalsOf([line], 580_000).roundingMinor).toBe(0);
  });
  it("charges nothing on an export", () => {
    const line = lineFromGross({ description: "x", sac: "998361", grossMinor: 7_000 }, "export_lut", 18);
    expect(line).toMatchObject({ taxableMinor: 7_000, taxes: [], totalMinor: 7_000 });
  });
  it("converts at the frozen rate, half up to the paisa", () => {
    expect(inrMinor(7_000, "84.2500")).toBe(589_750); // $70 at ₹84.25
    expect(inrMinor(6_500, "89.5")).toBe(581_750); // €65 at ₹89.50
    expect(inrMinor(1, "84.125")).toBe(84); // 84.125 paise → 84
    expect(inrMinor(1, "84.5")).toBe(85); // 84.5 paise → 85
  });
});

describe("credit notes", () => {
  it("take the tax back in proportion, and add up to the invoice once all is refunded", () => {
    const line = lineFromGross({ description: "x", sac: "998361", grossMinor: 99_900 }, "intra_state", 18);
    // 99900 × 100/118 = 84661.02 → 84661; × 9% = 7619.49 → 7619.
    const invoice = { lines: [line], totals: totalsOf([line], 99_900) };
    expect(invoice.totals).toMatchObject({ taxableMinor: 84_661, cgstMinor: 7_619, roundingMinor: 1 });
    const first = creditLines(invoice, 0, 33_300); // a third: 28220.33 → 28220; 2539.67 → 2540
    expect(totalsOf(first, 33_300)).toMatchObject({
      taxableMinor: 28_220,
      cgstMinor: 2_540,
      sgstMinor: 2_540,
      roundingMinor: 0,
    });
    const rest = creditLines(invoice, 33_300, 66_600);
    expect(totalsOf(rest, 66_600)).toMatchObject({
      taxableMinor: 56_441,
      cgstMinor: 5_079,
      sgstMinor: 5_079,
      roundingMinor: 1,
    });
    expect(28_220 + 56_441).toBe(84_661);
    expect(2_540 + 5_079).toBe(7_619);
  });
});

describe("amounts in words", () => {
  it("uses lakh and crore", () => {
    expect(numberInWords(0)).toBe("Zero");
    expect(numberInWords(1180)).toBe("One Thousand One Hundred Eighty");
    expect(numberInWords(100_000)).toBe("One Lakh");
    expect(numberInWords(12_345_678)).toBe(
      "One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight",
    );
    expect(numberInWords(1_000_000_000)).toBe("One Hundred Crore");
  });
  it("says rupees and paise", () => {
    expect(rupeesInWords(118_000)).toBe("Indian Rupees One Thousand One Hundred Eighty Only");
    expect(rupeesInWords(581_750)).toBe(
      "Indian Rupees Five Thousand Eight Hundred Seventeen and Fifty Paise Only",
    );
    expect(rupeesInWords(5)).toBe("Indian Rupees Zero and Five Paise Only");
  });
});

describe("which tax applies", () => {
  const settings = invoicingSettingsSchema.parse({
    supplier: {
      legalName: "Ascendra Brand Studio Private Limited",
      addressLines: ["Vashi, Navi Mumbai"],
      stateCode: "27",
      gstin: "27AAKCA1234F1Z0",
      pan: "AAKCA1234F",
      email: "accounts@ascendra.studio",
    },
    invoicePrefix: "ASC",
    creditNotePrefix: "CN",
    lut: { reference: "AD270326000123X", validFrom: "2026-04-01", validTo: "2027-03-31" },
    sac: { code: "998361", description: "Advertising services", gstRatePercent: 18 },
    exchangeRates: { USD: "84.25", EUR: "89.5", asOf: "2026-11-02" },
  });
  const buyer = (over: Partial<InvoiceBuyer>): InvoiceBuyer => ({
    legalName: "B",
    email: "",
    address: "",
    country: "IN",
    stateCode: "",
    gstin: "",
    vatNumber: "",
    ...over,
  });
  const inLut = new Date("2026-11-28T10:00:00Z");
  const afterLut = new Date("2027-04-01T10:00:00Z");
  it("follows the buyer's state and country, the LUT's dates and our own registration", () => {
    expect(taxRegime(settings, buyer({ stateCode: "27" }), inLut)).toBe("intra_state");
    expect(taxRegime(settings, buyer({}), inLut)).toBe("intra_state"); // no state: the supplier's
    expect(taxRegime(settings, buyer({ stateCode: "07" }), inLut)).toBe("inter_state");
    expect(taxRegime(settings, buyer({ country: "US" }), inLut)).toBe("export_lut");
    expect(taxRegime(settings, buyer({ country: "DE", vatNumber: "DE123456789" }), inLut)).toBe(
      "eu_reverse_charge",
    );
    expect(taxRegime(settings, buyer({ country: "DE" }), inLut)).toBe("export_lut"); // an EU consumer
    expect(taxRegime(settings, buyer({ country: "US" }), afterLut)).toBe("inter_state"); // LUT lapsed: IGST
    const unregistered = { ...settings, supplier: { ...settings.supplier, gstin: "" } };
    expect(taxRegime(unregistered, buyer({ stateCode: "27" }), inLut)).toBe("no_tax");
  });
  it("says so on the invoice", () => {
    expect(placeOfSupply(settings, buyer({ stateCode: "07" }))).toEqual({ code: "07", label: "Delhi (07)" });
    expect(placeOfSupply(settings, buyer({ country: "SG" }))).toEqual({
      code: "96",
      label: "Other country (Singapore)",
    });
    const eu = buyer({ country: "FR", vatNumber: "FR40303265045" });
    expect(regimeNotes("eu_reverse_charge", settings, eu, inLut)).toEqual([
      expect.stringContaining("Letter of Undertaking AD270326000123X"),
      REVERSE_CHARGE_WORDING,
    ]);
    expect(regimeNotes("inter_state", settings, buyer({ country: "US" }), afterLut)).toEqual([
      expect.stringContaining("with payment of integrated tax"),
    ]);
    expect(regimeNotes("intra_state", settings, buyer({}), inLut)).toEqual([]);
  });
  it("refuses the agency's own GSTIN when it does not match its state or PAN", () => {
    const bad = invoicingSettingsSchema.safeParse({
      ...settings,
      supplier: { ...settings.supplier, stateCode: "29" },
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join("."))).toEqual(["supplier.gstin"]);
    const otherPan = invoicingSettingsSchema.safeParse({
      ...settings,
      supplier: { ...settings.supplier, pan: "AAKCB1234F" },
    });
    expect(otherPan.error!.issues.map((i) => i.path.join("."))).toEqual(["supplier.pan"]);
  });
});
