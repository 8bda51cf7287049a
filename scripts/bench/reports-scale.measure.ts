// npx vitest run --project bench scripts/bench/reports-scale.measure.ts: how long each report page takes with a year of
// history for 1,000 clients (tests/integration/reports-scale-fixture.ts): the
// median (p50) of five loads as a document request (root, layouts and page),
// and the statements each one costs. A measurement to read, not an assertion:
// the machine may be shared. Run on PostgreSQL with
// scripts/with-postgres.sh npx vitest run --project bench scripts/bench/reports-scale.measure.ts.
import { describe, it } from "vitest";
import {
  history,
  loadReport,
  REPORT_PAGES,
  withReportsScaleFixture,
} from "../../tests/integration/reports-scale-fixture";

const RUNS = 5;

withReportsScaleFixture();

describe("p50", () => {
  it("prints each report's median load and statements", async () => {
    const lines = [
      `seed:history made in ${history.report?.seconds} s: ${JSON.stringify(history.report?.rows)}`,
    ];
    for (const [path, page] of REPORT_PAGES) {
      await loadReport(path, page); // warm
      const times: number[] = [];
      let statements = 0;
      for (let run = 0; run < RUNS; run++) {
        const loaded = await loadReport(path, page);
        times.push(loaded.ms);
        statements = loaded.statements.length;
      }
      times.sort((a, b) => a - b);
      const p50 = times[Math.floor(RUNS / 2)]!;
      lines.push(
        `${path.padEnd(28)} p50 ${p50.toFixed(1).padStart(7)} ms  (${times.map((t) => t.toFixed(0)).join(", ")})  ${statements} statements`,
      );
    }
    console.log(lines.join("\n"));
  }, 600_000);
});
