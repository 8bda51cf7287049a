import { describe, expect, it } from "vitest";
import { csvCell, neutraliseFormula, toCsv } from "./csv";

describe("CSV", () => {
  it("neutralises every cell a spreadsheet would run as a formula", () => {
    for (const risky of ["=1+1", "+1", "-1", "@SUM(A1)", "\t=1", "\r=1"])
      expect(neutraliseFormula(risky)).toBe(`'${risky}`);
    for (const safe of ["Maya", "1+1", "a=b", " =1", ""]) expect(neutraliseFormula(safe)).toBe(safe);
  });

  it("quotes commas, quotes, line breaks and edge spaces (RFC 4180)", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(" padded")).toBe('" padded"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(42)).toBe("42");
    // Neutralised first, then quoted.
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it("writes a file Excel reads as UTF-8, with CRLF line ends", () => {
    expect(
      toCsv(
        ["Name", "City"],
        [
          ["Zoë", "Pune"],
          ["=cmd", "a,b"],
        ],
      ),
    ).toBe('\uFEFFName,City\r\nZoë,Pune\r\n\'=cmd,"a,b"\r\n');
  });
});
