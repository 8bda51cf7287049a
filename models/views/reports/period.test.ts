import { describe, expect, it } from "vitest";
import { MAX_REPORT_MONTHS, parseReportPeriod, periodPresets, periodQuery } from "./period";
import { formatCell, reportCsv } from "./table";

// The reports' period from the URL (docs/decisions/0074): months in India time,
// bounded, and never an error for a wrong value.

const NOW = new Date("2026-11-28T18:00:00Z"); // 28 Nov 2026, 23:30 in India
const at = (query: string, now = NOW) => parseReportPeriod(`/admin/reports?${query}`, now);

describe("parseReportPeriod", () => {
  it("defaults to the 12 complete months ending last month, in rupees", () => {
    const period = at("");
    expect(period.months[0]).toBe("2025-11");
    expect(period.months.at(-1)).toBe("2026-10");
    expect(period.months).toHaveLength(12);
    expect(period.currency).toBe("INR");
    expect(period.notes).toEqual([]);
    // Midnight in India: 18:30 UTC the day before.
    expect(period.from.toISOString()).toBe("2025-10-31T18:30:00.000Z");
    expect(period.to.toISOString()).toBe("2026-10-31T18:30:00.000Z");
  });

  it("takes a month pair and a currency; `to` is exclusive", () => {
    const period = at("from=2026-03&to=2026-05&currency=usd");
    expect(period.months).toEqual(["2026-03", "2026-04", "2026-05"]);
    expect(period.currency).toBe("USD");
    expect(period.to.toISOString()).toBe("2026-05-31T18:30:00.000Z");
    expect(periodQuery(period)).toBe("from=2026-03&to=2026-05&currency=USD");
  });

  it("the month is India's: 23:30 on 30 Nov in India is November, though later in UTC it would be", () => {
    expect(at("", new Date("2026-11-30T19:00:00Z")).months.at(-1)).toBe("2026-11");
  });

  it("wrong values give the defaults and a note, never a throw", () => {
    for (const query of ["from=2026-13", "to=abc", "from=2026-05&to=2026-03", "from=1850-01"]) {
      const period = at(query);
      expect(period.months).toHaveLength(12);
      expect(period.notes.length, query).toBeGreaterThan(0);
    }
    const currency = at("currency=GBP");
    expect(currency.currency).toBe("INR");
    expect(currency.notes[0]).toMatch(/GBP/);
  });

  it("at most 36 months, and never past this month", () => {
    const long = at("from=2020-01&to=2026-10");
    expect(long.months).toHaveLength(MAX_REPORT_MONTHS);
    expect(long.months[0]).toBe("2023-11");
    expect(long.notes).toHaveLength(1);
    const future = at("from=2026-10&to=2027-02");
    expect(future.months).toEqual(["2026-10", "2026-11"]);
    expect(future.notes).toHaveLength(1);
  });

  it("presets: last month, the last complete quarter, the last 12 months", () => {
    expect(periodPresets(NOW)).toEqual([
      { label: "Last month", from: "2026-10", to: "2026-10" },
      { label: "Last quarter", from: "2026-07", to: "2026-09" },
      { label: "Last 12 months", from: "2025-11", to: "2026-10" },
    ]);
  });
});

describe("report tables", () => {
  it("format money, counts and nothing for people", () => {
    expect(formatCell(125050, "money", "INR")).toBe("₹1,250.50");
    expect(formatCell(1024, "count")).toBe("1,024");
    expect(formatCell(null, "money", "USD")).toBe("—");
  });

  it("the CSV: money in major units with its currency in the header, each table named, formula-safe", () => {
    const csv = reportCsv([
      {
        id: "t",
        caption: "Revenue (USD)",
        currency: "USD",
        columns: [
          { label: "Month", format: "text" },
          { label: "Received", format: "money" },
        ],
        rows: [["=HYPERLINK()", 1250]],
        totals: ["Total", 1250],
      },
    ]);
    expect(csv).toBe("\uFEFFRevenue (USD)\r\nMonth,Received (USD)\r\n'=HYPERLINK(),12.50\r\nTotal,12.50\r\n");
  });
});
