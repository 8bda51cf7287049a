// Money as people read it, the same on the server and in the browser. Amounts
// are stored in minor units (cents, paise) and priced in whole units; every
// price, total and receipt amount on the site is formatted here.

/** Rupees are grouped the Indian way (1,00,000), euros as in Ireland, anything else as in the US. */
const LOCALES: Record<string, string> = { USD: "en-US", EUR: "en-IE", INR: "en-IN" };

/**
 * How many decimals an amount shows:
 * - `auto`: none for a whole amount, two otherwise ("$70", "$12.50");
 * - `cents`: always two ("₹2,500.00"), for receipts and statements;
 * - `whole`: rounded to the whole unit ("₹5,800"), for price lists;
 * - `trim`: up to two, without trailing zeros ("$12", "$12.5").
 */
export type Decimals = "auto" | "cents" | "whole" | "trim";

const formats = new Map<string, Intl.NumberFormat>();

function currencyFormat(currency: string, min: number, max: number): Intl.NumberFormat {
  const key = `${currency}:${min}:${max}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[currency] ?? "en-US", {
      style: "currency",
      currency,
      minimumFractionDigits: min,
      maximumFractionDigits: max,
    });
    formats.set(key, format);
  }
  return format;
}

const FIXED: Record<Exclude<Decimals, "auto">, [min: number, max: number]> = {
  cents: [2, 2],
  whole: [0, 0],
  trim: [0, 2],
};

/** An amount in whole units (dollars, euros, rupees) of an ISO currency: "$70", "€65", "₹1,00,000". */
export function formatMajor(amount: number, currency: string, decimals: Decimals = "auto"): string {
  const [min, max] = decimals !== "auto" ? FIXED[decimals] : Number.isInteger(amount) ? [0, 0] : [2, 2];
  return currencyFormat(currency, min, max).format(amount);
}

/** An amount in minor units (cents, paise): 7000 USD is "$70"; 250000 INR with `cents` is "₹2,500.00". */
export function formatMinor(minor: number, currency: string, decimals: Decimals = "auto"): string {
  return formatMajor(minor / 100, currency, decimals);
}

/** A stored amount with its currency, as receipts and payments keep it. */
export type MoneyAmount = { amountMinor: number; currency: string };

/** A receipt's amount: "₹2,500.00", "$70.00". */
export const formatAmount = ({ amountMinor, currency }: MoneyAmount) =>
  formatMinor(amountMinor, currency, "cents");

const indian = new Intl.NumberFormat("en-IN");

/** A number with Indian digit grouping and no symbol: "1,00,000", also for counts. */
export const formatIndian = (value: number) => indian.format(value);

/** Rupees as the price labels write them: "₹2,500", the amount as given with Indian grouping. */
export const rupees = (amount: number) => `₹${formatIndian(amount)}`;
