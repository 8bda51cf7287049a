// CSV for spreadsheets, safe to open in Excel, LibreOffice or Google Sheets.

/**
 * A cell that a spreadsheet would read as a formula (= + - @, or a tab or
 * carriage return that some apps skip first) gets a leading apostrophe, so it
 * stays text (OWASP "CSV injection"). A phone number like +91… therefore shows
 * as '+91… , which is the price of safety.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One cell: neutralised, then quoted when it holds a comma, quote, line break or edge space. */
export function csvCell(value: unknown): string {
  const text = neutraliseFormula(value === null || value === undefined ? "" : String(value));
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: CRLF line ends (RFC 4180) and a byte-order mark so Excel reads UTF-8. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
