import { z } from "zod";

// Tax invoices and credit notes, the pure half (decision 0082): tax ids and
// their checks (GSTIN with its check character, PAN, EU VAT numbers), the
// Indian states and their GST codes, the financial year and the number
// format, which tax regime a supply falls under, the figures of an invoice
// and of a credit note (integer minor units, half-up, per line), the
// exchange rate's INR equivalent and the total in words. The database half
// is invoices.server.ts.

// ---------------------------------------------------------------------------
// Places: the states of India with their GST codes, and the buyer's countries.

/** GST state codes (the first two digits of a GSTIN) and the states and union territories they name. */
export const INDIAN_STATES = [
  ["01", "Jammu and Kashmir"],
  ["02", "Himachal Pradesh"],
  ["03", "Punjab"],
  ["04", "Chandigarh"],
  ["05", "Uttarakhand"],
  ["06", "Haryana"],
  ["07", "Delhi"],
  ["08", "Rajasthan"],
  ["09", "Uttar Pradesh"],
  ["10", "Bihar"],
  ["11", "Sikkim"],
  ["12", "Arunachal Pradesh"],
  ["13", "Nagaland"],
  ["14", "Manipur"],
  ["15", "Mizoram"],
  ["16", "Tripura"],
  ["17", "Meghalaya"],
  ["18", "Assam"],
  ["19", "West Bengal"],
  ["20", "Jharkhand"],
  ["21", "Odisha"],
  ["22", "Chhattisgarh"],
  ["23", "Madhya Pradesh"],
  ["24", "Gujarat"],
  ["26", "Dadra and Nagar Haveli and Daman and Diu"],
  ["27", "Maharashtra"],
  ["29", "Karnataka"],
  ["30", "Goa"],
  ["31", "Lakshadweep"],
  ["32", "Kerala"],
  ["33", "Tamil Nadu"],
  ["34", "Puducherry"],
  ["35", "Andaman and Nicobar Islands"],
  ["36", "Telangana"],
  ["37", "Andhra Pradesh"],
  ["38", "Ladakh"],
] as const;
export type StateCode = (typeof INDIAN_STATES)[number][0];
const STATE_NAMES = new Map<string, string>(INDIAN_STATES);
export const stateName = (code: string) => STATE_NAMES.get(code) ?? code;
const isStateCode = (code: string): code is StateCode => STATE_NAMES.has(code);

/** The EU member states, by the prefix of their VAT numbers (Greece's is EL), and Northern Ireland's XI. */
const EU_VAT_FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d{7}[A-W][A-IW]?$|^\d[A-Z+*]\d{5}[A-W]$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** The buyer's countries: India, the EU's 27 (and the others a client may be in), by ISO code. */
export const INVOICE_COUNTRIES = [
  ["IN", "India"],
  ["AT", "Austria"],
  ["BE", "Belgium"],
  ["BG", "Bulgaria"],
  ["HR", "Croatia"],
  ["CY", "Cyprus"],
  ["CZ", "Czechia"],
  ["DK", "Denmark"],
  ["EE", "Estonia"],
  ["FI", "Finland"],
  ["FR", "France"],
  ["DE", "Germany"],
  ["GR", "Greece"],
  ["HU", "Hungary"],
  ["IE", "Ireland"],
  ["IT", "Italy"],
  ["LV", "Latvia"],
  ["LT", "Lithuania"],
  ["LU", "Luxembourg"],
  ["MT", "Malta"],
  ["NL", "Netherlands"],
  ["PL", "Poland"],
  ["PT", "Portugal"],
  ["RO", "Romania"],
  ["SK", "Slovakia"],
  ["SI", "Slovenia"],
  ["ES", "Spain"],
  ["SE", "Sweden"],
  ["AE", "United Arab Emirates"],
  ["AU", "Australia"],
  ["CA", "Canada"],
  ["SG", "Singapore"],
  ["GB", "United Kingdom"],
  ["US", "United States"],
  ["ZZ", "Another country"],
] as const;
export type InvoiceCountry = (typeof INVOICE_COUNTRIES)[number][0];
const COUNTRY_NAMES = new Map<string, string>(INVOICE_COUNTRIES);
export const countryName = (code: string) => COUNTRY_NAMES.get(code) ?? code;

/** The EU member states by ISO code (Greece is GR here, EL in its VAT numbers). */
const EU_COUNTRIES = new Set([
  "AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT",
  "LV", "LT", "LU", "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE",
]); // prettier-ignore
const isEuCountry = (code: string) => EU_COUNTRIES.has(code);
const vatPrefixOf = (country: string) => (country === "GR" ? "EL" : country);

// ---------------------------------------------------------------------------
// Tax ids.

const GSTIN_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** A tax id as people type it: capitals, without spaces, dots or dashes. */
const normaliseTaxId = (value: string) => value.toUpperCase().replace(/[\s.-]/g, "");

/** The GSTIN's 15th character: the mod-36 check over its first 14 (weights 1, 2, 1, 2…). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

/** A PAN: five letters (the fourth the holder's kind), four digits, a letter. */
export const isValidPan = (pan: string) => /^[A-Z]{3}[ABCFGHJLPT][A-Z]\d{4}[A-Z]$/.test(pan);

export type GstinProblem = "format" | "state" | "checksum";

/** What is wrong with a GSTIN (already normalised), or null: its shape, its state code, its check character. */
export function gstinProblem(gstin: string): GstinProblem | null {
  if (!/^\d{2}[A-Z0-9]{10}[1-9A-Z]Z[0-9A-Z]$/.test(gstin) || !isValidPan(gstin.slice(2, 12))) return "format";
  if (!isStateCode(gstin.slice(0, 2)) && gstin.slice(0, 2) !== "97") return "state";
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14] ? null : "checksum";
}

/** Whether an EU VAT number (normalised, with its country prefix) has its country's shape. */
export function isValidEuVat(vat: string): boolean {
  const format = EU_VAT_FORMATS[vat.slice(0, 2)];
  return Boolean(format?.test(vat.slice(2)));
}

export const TAX_ID_MESSAGES = {
  gstinFormat:
    "Enter a GSTIN of 15 characters: the state code, the PAN, the entity number, Z and the check character (e.g. 27AAPFU0939F1ZV).",
  gstinState: "The first two digits of a GSTIN are a state code (27 is Maharashtra).",
  gstinChecksum: "This GSTIN's last character does not match the rest: check it for a typing mistake.",
  gstinNotInIndia: "A GSTIN is for a buyer in India; choose India as the country or remove it.",
  gstinOtherState: (state: string) => `This GSTIN is registered in another state than ${state}.`,
  vatFormat: (prefix: string) =>
    `Enter an EU VAT number starting with your country's prefix ${prefix} (e.g. ${prefix === "DE" ? "DE123456789" : `${prefix}…`}).`,
  vatNotInEu: "An EU VAT number is for a buyer in the European Union; choose the country or remove it.",
  panNotInGstin: "The PAN is the GSTIN's 3rd to 12th characters: the two must agree.",
  panFormat: "Enter a PAN of 10 characters: five letters, four digits and a letter (e.g. AAPFU0939F).",
  stateRequired: "Choose the state: it decides between CGST + SGST and IGST.",
} as const;

// ---------------------------------------------------------------------------
// The buyer's details, as the client enters them in the workspace.

const trimmed = (max: number, label: string) =>
  z
    .string({ error: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(max, `Keep ${label} to ${max} characters.`);
const optionalId = z
  .string()
  .optional()
  .transform((value) => (value ? normaliseTaxId(value) : ""));

export const buyerTaxDetailsSchema = z
  .object({
    legalName: trimmed(200, "the legal name"),
    address: trimmed(500, "the billing address"),
    country: z.enum(INVOICE_COUNTRIES.map(([code]) => code) as [InvoiceCountry, ...InvoiceCountry[]], {
      error: "Choose the country.",
    }),
    stateCode: z.string().optional().default(""),
    gstin: optionalId,
    vatNumber: optionalId,
  })
  .superRefine((value, ctx) => {
    if (value.country === "IN" && !isStateCode(value.stateCode))
      ctx.addIssue({ code: "custom", path: ["stateCode"], message: TAX_ID_MESSAGES.stateRequired });
    if (value.gstin) {
      const problem = gstinProblem(value.gstin);
      const message =
        value.country !== "IN"
          ? TAX_ID_MESSAGES.gstinNotInIndia
          : problem === "format"
            ? TAX_ID_MESSAGES.gstinFormat
            : problem === "state"
              ? TAX_ID_MESSAGES.gstinState
              : problem === "checksum"
                ? TAX_ID_MESSAGES.gstinChecksum
                : value.gstin.slice(0, 2) !== value.stateCode && isStateCode(value.stateCode)
                  ? TAX_ID_MESSAGES.gstinOtherState(stateName(value.stateCode))
                  : null;
      if (message) ctx.addIssue({ code: "custom", path: ["gstin"], message });
    }
    if (value.vatNumber) {
      const prefix = vatPrefixOf(value.country);
      if (!isEuCountry(value.country))
        ctx.addIssue({ code: "custom", path: ["vatNumber"], message: TAX_ID_MESSAGES.vatNotInEu });
      else if (!value.vatNumber.startsWith(prefix) || !isValidEuVat(value.vatNumber))
        ctx.addIssue({ code: "custom", path: ["vatNumber"], message: TAX_ID_MESSAGES.vatFormat(prefix) });
    }
  })
  .transform((value) => ({
    ...value,
    stateCode: value.country === "IN" ? value.stateCode : "",
    gstin: value.country === "IN" ? value.gstin : "",
    vatNumber: isEuCountry(value.country) ? value.vatNumber : "",
  }));
export type BuyerTaxDetails = z.output<typeof buyerTaxDetailsSchema>;

// ---------------------------------------------------------------------------
// The agency's details and tax settings (seeds/invoicing.json; staff edit them).

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date as YYYY-MM-DD.");
/** Rupees per unit, up to four decimals ("84.1250"). */
const rate = z
  .string()
  .trim()
  .regex(/^\d{1,4}(\.\d{1,4})?$/, "Enter rupees per unit with up to four decimals (e.g. 84.1250).")
  .refine((value) => Number(value) > 0, "A rate is more than zero.");

export const invoicingSettingsSchema = z.object({
  supplier: z
    .object({
      legalName: trimmed(200, "the legal name"),
      tradeName: z.string().trim().max(200).default(""),
      addressLines: z.array(z.string().trim().min(1).max(200)).min(1).max(5),
      stateCode: z.string().refine(isStateCode, TAX_ID_MESSAGES.stateRequired),
      gstin: z
        .string()
        .transform(normaliseTaxId)
        .superRefine((value, ctx) => {
          const problem = value ? gstinProblem(value) : null;
          if (problem)
            ctx.addIssue({
              code: "custom",
              message:
                problem === "checksum"
                  ? TAX_ID_MESSAGES.gstinChecksum
                  : problem === "state"
                    ? TAX_ID_MESSAGES.gstinState
                    : TAX_ID_MESSAGES.gstinFormat,
            });
        }),
      pan: z
        .string()
        .transform(normaliseTaxId)
        .refine((value) => isValidPan(value), TAX_ID_MESSAGES.panFormat),
      email: z.email("Enter an email address."),
    })
    .superRefine((supplier, ctx) => {
      if (!supplier.gstin || gstinProblem(supplier.gstin)) return;
      if (supplier.gstin.slice(0, 2) !== supplier.stateCode)
        ctx.addIssue({
          code: "custom",
          path: ["gstin"],
          message: TAX_ID_MESSAGES.gstinOtherState(stateName(supplier.stateCode)),
        });
      if (supplier.gstin.slice(2, 12) !== supplier.pan)
        ctx.addIssue({ code: "custom", path: ["pan"], message: TAX_ID_MESSAGES.panNotInGstin });
    }),
  /** The series' prefixes: an invoice is PREFIX/YY-YY/NNNNNN, 16 characters at most (GST rule 46). */
  invoicePrefix: z.string().regex(/^[A-Z]{1,3}$/, "Use one to three capital letters."),
  creditNotePrefix: z.string().regex(/^[A-Z]{1,3}$/, "Use one to three capital letters."),
  lut: z
    .object({
      reference: z.string().trim().max(40, "Keep the LUT reference to 40 characters.").default(""),
      validFrom: isoDay.or(z.literal("")),
      validTo: isoDay.or(z.literal("")),
    })
    .superRefine((lut, ctx) => {
      if (lut.reference && !lut.validFrom)
        ctx.addIssue({ code: "custom", path: ["validFrom"], message: "Enter the day the LUT starts." });
      if (lut.reference && !lut.validTo)
        ctx.addIssue({ code: "custom", path: ["validTo"], message: "Enter the day the LUT ends." });
      if (lut.validFrom && lut.validTo && lut.validTo < lut.validFrom)
        ctx.addIssue({ code: "custom", path: ["validTo"], message: "The LUT ends after it starts." });
    }),
  sac: z.object({
    code: z.string().regex(/^99\d{4}$/, "A SAC code for services is six digits starting 99."),
    description: trimmed(120, "the SAC's description"),
    /** The GST rate in whole percent (18: CGST 9 + SGST 9, or IGST 18). */
    gstRatePercent: z.int().min(0).max(28),
  }),
  /** Rupees per unit of each foreign currency: staff keep them current; an invoice freezes the one of its day. */
  exchangeRates: z.object({ USD: rate, EUR: rate, asOf: isoDay }),
});
export type InvoicingSettings = z.output<typeof invoicingSettingsSchema>;

export const INVOICING_MESSAGES = {
  saved: "Invoicing settings saved. Invoices issued from now on use them; issued ones never change.",
  buyerSaved: "Tax details saved. Your next invoices carry them; issued ones never change.",
  noInvoices: "No tax invoices yet: every payment you make issues one.",
  lutNotInForce:
    "No Letter of Undertaking is in force today: exports are invoiced with IGST until you enter a current one.",
} as const;

// ---------------------------------------------------------------------------
// The financial year (India: April to March, in Indian time) and numbers.

/** The day in India (UTC+5:30, no daylight saving) of a moment, as YYYY-MM-DD. */
export const indianDay = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);

/** An invoice's date as printed: the day in India ("29 November 2026", or "29 Nov 2026" short). */
export const invoiceDate = (at: Date | string, month: "long" | "short" = "long") =>
  new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month,
    year: "numeric",
    timeZone: "Asia/Kolkata",
  }).format(new Date(at));

/** "2026-27" for any day from 1 April 2026 to 31 March 2027 (Indian time). */
export function financialYear(at: Date): string {
  const [year, month] = indianDay(at).split("-").map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** "ASC/26-27/000123": the series' prefix, the financial year's two short years, six digits. */
export function documentNumber(prefix: string, year: string, sequence: number): string {
  return `${prefix}/${year.slice(2)}/${String(sequence).padStart(6, "0")}`;
}

// ---------------------------------------------------------------------------
// Money arithmetic: integer minor units, half-up.

/** n / d rounded half up, for n ≥ 0 and d > 0 integers. */
const divHalfUp = (n: number, d: number) => Math.floor((2 * n + d) / (2 * d));

/** A rate as an integer of ten-thousandths: "84.125" → 841250. */
const rateE4 = (rateText: string) => {
  const [whole, fraction = ""] = rateText.split(".");
  return Number(whole) * 10_000 + Number(fraction.padEnd(4, "0").slice(0, 4));
};

/** A foreign amount in rupees at the frozen rate: paise = cents × rate, half up. */
export const inrMinor = (minor: number, rateText: string) => divHalfUp(minor * rateE4(rateText), 10_000);

// ---------------------------------------------------------------------------
// Regimes and figures.

export const TAX_REGIMES = [
  "intra_state",
  "inter_state",
  "export_lut",
  "eu_reverse_charge",
  "no_tax",
] as const;
export type TaxRegime = (typeof TAX_REGIMES)[number];

export const REGIME_LABELS: Record<TaxRegime, string> = {
  intra_state: "Intra-state supply (CGST + SGST)",
  inter_state: "Inter-state supply (IGST)",
  export_lut: "Export of services under LUT (zero-rated)",
  eu_reverse_charge: "Export of services, EU reverse charge",
  no_tax: "No GST charged",
};

/** The buyer as the invoice records it: who, where, and their tax ids. */
export type InvoiceBuyer = {
  legalName: string;
  email: string;
  address: string;
  /** ISO code; "ZZ" when it is not known and not India (a foreign-currency payment without details). */
  country: string;
  stateCode: string;
  gstin: string;
  vatNumber: string;
};

export type PlaceOfSupply = { code: string; label: string };

/** The LUT in force on a day, or null. */
export function lutInForce(settings: InvoicingSettings, at: Date) {
  const { reference, validFrom, validTo } = settings.lut;
  const day = indianDay(at);
  return reference && validFrom && validTo && validFrom <= day && day <= validTo ? settings.lut : null;
}

/**
 * Which tax applies (decision 0082): no GSTIN of our own → no tax; a buyer
 * outside India → an export, zero-rated under the LUT when one is in force
 * (with the EU reverse charge for an EU business with a VAT number), IGST
 * otherwise; in India, CGST + SGST within Maharashtra and IGST between states.
 */
export function taxRegime(settings: InvoicingSettings, buyer: InvoiceBuyer, at: Date): TaxRegime {
  if (!settings.supplier.gstin) return "no_tax";
  if (buyer.country !== "IN") {
    if (!lutInForce(settings, at)) return "inter_state";
    return isEuCountry(buyer.country) && buyer.vatNumber ? "eu_reverse_charge" : "export_lut";
  }
  return (buyer.stateCode || settings.supplier.stateCode) === settings.supplier.stateCode
    ? "intra_state"
    : "inter_state";
}

/** The place of supply: the buyer's state in India, "Other country" (96) outside it. */
export function placeOfSupply(settings: InvoicingSettings, buyer: InvoiceBuyer): PlaceOfSupply {
  if (buyer.country !== "IN") return { code: "96", label: `Other country (${countryName(buyer.country)})` };
  const code = buyer.stateCode || settings.supplier.stateCode;
  return { code, label: `${stateName(code)} (${code})` };
}

export type TaxComponent = "cgst" | "sgst" | "igst";
export type TaxLine = { component: TaxComponent; ratePercent: number; amountMinor: number };

export type InvoiceLine = {
  description: string;
  sac: string;
  quantity: number;
  /** Per unit, before tax. */
  unitPriceMinor: number;
  taxableMinor: number;
  taxes: TaxLine[];
  /** Taxable value plus its taxes. */
  totalMinor: number;
};

export type InvoiceTotals = {
  taxableMinor: number;
  cgstMinor: number;
  sgstMinor: number;
  igstMinor: number;
  taxMinor: number;
  /** What the line totals miss of the amount paid (a paisa or a cent at most per line), shown as "Rounding". */
  roundingMinor: number;
  /** The amount paid (or refunded, on a credit note). */
  totalMinor: number;
};

/** The taxes a regime charges at a GST rate: half each for CGST and SGST, all of it as IGST, or none. */
function taxComponents(
  regime: TaxRegime,
  ratePercent: number,
): { component: TaxComponent; ratePercent: number }[] {
  if (regime === "intra_state")
    return [
      { component: "cgst", ratePercent: ratePercent / 2 },
      { component: "sgst", ratePercent: ratePercent / 2 },
    ];
  if (regime === "inter_state") return [{ component: "igst", ratePercent }];
  return [];
}

/** Hundredths of a percent: 9 → 900 (9.5 → 950), so rates stay integers. */
const basisPoints = (percent: number) => Math.round(percent * 100);

/**
 * One line from an amount paid, tax included (decision 0082): the taxable
 * value is gross × 100 / (100 + rate), half up to the paisa; each tax is the
 * taxable value × its rate, half up, on the line; whatever the line then
 * misses of the gross is the invoice's rounding.
 */
export function lineFromGross(
  item: { description: string; sac: string; grossMinor: number },
  regime: TaxRegime,
  ratePercent: number,
): InvoiceLine {
  const components = taxComponents(regime, ratePercent);
  const totalBp = components.reduce((sum, c) => sum + basisPoints(c.ratePercent), 0);
  const taxableMinor = divHalfUp(item.grossMinor * 10_000, 10_000 + totalBp);
  const taxes = components.map((c) => ({
    ...c,
    amountMinor: divHalfUp(taxableMinor * basisPoints(c.ratePercent), 10_000),
  }));
  return {
    description: item.description,
    sac: item.sac,
    quantity: 1,
    unitPriceMinor: taxableMinor,
    taxableMinor,
    taxes,
    totalMinor: taxableMinor + taxes.reduce((sum, t) => sum + t.amountMinor, 0),
  };
}

/** The totals of lines that together must come to `totalMinor` (the difference is the rounding). */
export function totalsOf(lines: InvoiceLine[], totalMinor: number): InvoiceTotals {
  const sum = (component: TaxComponent) =>
    lines.reduce(
      (s, l) => s + l.taxes.filter((t) => t.component === component).reduce((a, t) => a + t.amountMinor, 0),
      0,
    );
  const taxableMinor = lines.reduce((s, l) => s + l.taxableMinor, 0);
  const [cgstMinor, sgstMinor, igstMinor] = [sum("cgst"), sum("sgst"), sum("igst")];
  const taxMinor = cgstMinor + sgstMinor + igstMinor;
  return {
    taxableMinor,
    cgstMinor,
    sgstMinor,
    igstMinor,
    taxMinor,
    roundingMinor: totalMinor - taxableMinor - taxMinor,
    totalMinor,
  };
}

/** A line's figures for `part / whole` of it, each half up: what a credit note takes back. */
function lineShare(line: InvoiceLine, part: number, whole: number): InvoiceLine {
  const share = (minor: number) => divHalfUp(minor * part, whole);
  const taxableMinor = share(line.taxableMinor);
  const taxes = line.taxes.map((t) => ({ ...t, amountMinor: share(t.amountMinor) }));
  return {
    ...line,
    unitPriceMinor: taxableMinor,
    taxableMinor,
    taxes,
    totalMinor: taxableMinor + taxes.reduce((s, t) => s + t.amountMinor, 0),
  };
}

/**
 * A credit note's lines for a refund (decision 0082): the invoice's lines
 * scaled to what has been refunded after it, minus the same scaled to what
 * had been before. Each figure is half up, and once everything is refunded
 * the credit notes add up to the invoice exactly, to the paisa.
 */
export function creditLines(
  invoice: { lines: InvoiceLine[]; totals: InvoiceTotals },
  refundedBeforeMinor: number,
  refundMinor: number,
): InvoiceLine[] {
  const whole = invoice.totals.totalMinor;
  const after = refundedBeforeMinor + refundMinor;
  return invoice.lines.map((line) => {
    const upTo = lineShare(line, after, whole);
    const before = lineShare(line, refundedBeforeMinor, whole);
    const taxes = upTo.taxes.map((t, i) => ({
      ...t,
      amountMinor: t.amountMinor - before.taxes[i]!.amountMinor,
    }));
    const taxableMinor = upTo.taxableMinor - before.taxableMinor;
    return {
      ...line,
      unitPriceMinor: taxableMinor,
      taxableMinor,
      taxes,
      totalMinor: taxableMinor + taxes.reduce((s, t) => s + t.amountMinor, 0),
    };
  });
}

// ---------------------------------------------------------------------------
// The frozen document: everything the PDF, the list and the CSV show.

export const LUT_DECLARATION = (reference: string, from: string, to: string) =>
  `Supply meant for export under Letter of Undertaking ${reference} (valid ${from} to ${to}) without payment of integrated tax.`;
export const REVERSE_CHARGE_WORDING =
  "Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).";
const NO_TAX_WORDING = "No GST charged: the supplier is not registered for GST.";
const EXPORT_IGST_WORDING =
  "Export of services with payment of integrated tax (no Letter of Undertaking in force).";

export type InvoiceKind = "invoice" | "credit_note";

export type InvoiceDocument = {
  kind: InvoiceKind;
  number: string;
  financialYear: string;
  issuedAt: string;
  /** A credit note's invoice. */
  invoiceNumber?: string;
  invoiceIssuedAt?: string;
  reason?: string;
  supplier: InvoicingSettings["supplier"] & { stateName: string };
  buyer: InvoiceBuyer;
  placeOfSupply: PlaceOfSupply;
  regime: TaxRegime;
  currency: string;
  /** Rupees per unit, frozen at issue; null for an invoice in rupees. */
  exchangeRate: { rate: string; asOf: string } | null;
  lines: InvoiceLine[];
  totals: InvoiceTotals;
  /** The total in rupees (the INR equivalent of a foreign-currency total at the frozen rate). */
  inrTotalMinor: number;
  inrTaxableMinor: number;
  inrTaxMinor: number;
  /** The INR total in words. */
  inrTotalInWords: string;
  /** The regime's wording: the LUT declaration, the reverse charge, or nothing. */
  notes: string[];
  /** The receipt number of the payment it is for. */
  paymentNumber: number;
};

/** What the regime says on the document. */
export function regimeNotes(
  regime: TaxRegime,
  settings: InvoicingSettings,
  buyer: InvoiceBuyer,
  at: Date,
): string[] {
  const lut = lutInForce(settings, at);
  const declaration = lut ? [LUT_DECLARATION(lut.reference, lut.validFrom, lut.validTo)] : [];
  if (regime === "export_lut") return declaration;
  if (regime === "eu_reverse_charge") return [...declaration, REVERSE_CHARGE_WORDING];
  if (regime === "no_tax") return [NO_TAX_WORDING];
  return regime === "inter_state" && buyer.country !== "IN" ? [EXPORT_IGST_WORDING] : [];
}

// ---------------------------------------------------------------------------
// Amount in words, the Indian way (lakh, crore).

const ONES = [
  "", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
  "Eleven", "Twelve", "Thirteen", "Fourteen", "Fifteen", "Sixteen", "Seventeen", "Eighteen", "Nineteen",
]; // prettier-ignore
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  return TENS[Math.floor(n / 10)]! + (n % 10 ? `-${ONES[n % 10]}` : "");
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : "", rest ? belowHundred(rest) : ""]
    .filter(Boolean)
    .join(" ");
}

/** A whole number in words with Indian grouping: 1,23,45,678 is "One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight". */
export function numberInWords(n: number): string {
  if (n === 0) return "Zero";
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${numberInWords(crore)} Crore` : "",
    lakh ? `${belowHundred(lakh)} Lakh` : "",
    thousand ? `${belowHundred(thousand)} Thousand` : "",
    rest ? belowThousand(rest) : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** "Indian Rupees One Thousand One Hundred Eighty and Fifty Paise Only". */
export function rupeesInWords(minor: number): string {
  const rupees = Math.floor(minor / 100);
  const paise = minor % 100;
  return `Indian Rupees ${numberInWords(rupees)}${paise ? ` and ${belowHundred(paise)} Paise` : ""} Only`;
}
