// Issue 37, item 5: every report stays within its query budget with a year of
// history for 1,000 clients (tests/integration/reports-scale-fixture.ts). The
// statement count must not grow with the data: the budget is the one of every
// signed-in page (tests/integration/query-budgets.test.ts). Timings are
// measured, not asserted here: scripts/bench/reports-scale.measure.ts (the house rule:
// a shared machine's clock is not a test).
import { describe, expect, it } from "vitest";
import { history, loadReport, REPORT_PAGES, withReportsScaleFixture } from "./reports-scale-fixture";

const PAGE_BUDGET = 10;

withReportsScaleFixture();

describe("the reports at a year of history", () => {
  it("the seed made the year it promises", () => {
    expect(history.report?.rows).toMatchObject({ clients: 1000 });
    const rows = history.report!.rows;
    expect(rows.payments).toBeGreaterThan(4000);
    expect(rows.refunds).toBeGreaterThan(50);
    expect(rows.ledger).toBeGreaterThan(10_000);
    expect(rows.projects).toBe(3000);
    expect(rows.chatMessages).toBeGreaterThan(10_000);
  });

  it.each(REPORT_PAGES)(`%s costs at most ${PAGE_BUDGET} statements`, async (path, page) => {
    const { statements, data } = await loadReport(path, page);
    expect(statements.length, statements.join("\n")).toBeLessThanOrEqual(PAGE_BUDGET);
    expect(JSON.stringify(data).length).toBeGreaterThan(200);
  });

  it("the operations reports count the year's history", async () => {
    const [, deliveryPage] = REPORT_PAGES.find(([path]) => path.endsWith("/delivery"))!;
    const delivered = (await loadReport("/admin/reports/delivery", deliveryPage)).data as {
      months: { totals: number[] };
    };
    // Delivered, on time and late: most of the year's 3,000 projects, some late.
    expect(delivered.months.totals[1]).toBeGreaterThan(1500);
    expect(delivered.months.totals[3]).toBeGreaterThan(100);
  });
});
