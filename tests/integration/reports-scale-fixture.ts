// The reports over a year of history for 1,000 clients (npm run seed:history's
// data, models/views/seed-history.server.ts), for the statement budgets
// (tests/integration/reports-at-scale.test.ts) and the timings
// (scripts/bench/reports-scale.measure.ts). Pages load as a document request
// does: root, the back-office layout, the reports layout and the page, with
// one Request, and every statement is counted.
import { beforeAll, expect } from "vitest";
import { getDatabaseHandle, setDatabase, type DatabaseHandle } from "~models/platform/db.server";
import { withStatementLog } from "~models/platform/testing.server";
import { seedHistory, type HistoryReport } from "~models/views/seed-history.server";
import { runSeed } from "~models/views/seed.server";
import * as root from "~/root";
import * as adminLayout from "~/routes/admin/layout";
import * as reportsLayout from "~/routes/admin/reports/layout";
import * as overview from "~/routes/admin/reports/index";
import * as revenue from "~/routes/admin/reports/revenue";
import * as recurring from "~/routes/admin/reports/recurring";
import * as liability from "~/routes/admin/reports/liability";
import * as delivery from "~/routes/admin/reports/delivery";
import * as pipeline from "~/routes/admin/reports/pipeline";
import * as assistant from "~/routes/admin/reports/assistant";
import { call, getRequest } from "./helpers";
import { signedInClient, type Client } from "./project-helpers";

type Loader = (args: never) => unknown;

/** Every report page, for the last 12 complete months (the reports' default period). */
export const REPORT_PAGES: ReadonlyArray<readonly [string, { loader: Loader }]> = [
  ["/admin/reports", overview],
  ["/admin/reports/revenue", revenue],
  ["/admin/reports/recurring", recurring],
  ["/admin/reports/liability", liability],
  ["/admin/reports/delivery", delivery],
  ["/admin/reports/pipeline", pipeline],
  ["/admin/reports/assistant", assistant],
];

let staff: Client;
let original: DatabaseHandle;
const statements: string[] = [];
export const history: { report?: HistoryReport } = {};

/** Loads a report page as a document request would: its data, the statements it cost and the time it took. */
export async function loadReport(path: string, page: { loader: Loader }) {
  const request = getRequest(path, { cookie: staff.cookie });
  statements.length = 0;
  setDatabase(withStatementLog(original, (query) => statements.push(query)));
  const started = performance.now();
  let outcomes;
  try {
    outcomes = await Promise.all(
      [root.loader, adminLayout.loader, reportsLayout.loader, page.loader].map((loader) =>
        call(loader as never, request),
      ),
    );
  } finally {
    setDatabase(original);
  }
  const ms = performance.now() - started;
  for (const outcome of outcomes) expect(outcome.status, path).toBe(200);
  return { data: outcomes[3]!.body, statements: [...statements], ms };
}

/** Registers the fixture's hook in the calling file: the catalogue, a staff member and the year of history. */
export function withReportsScaleFixture() {
  beforeAll(async () => {
    await runSeed();
    staff = await signedInClient("staff");
    original = getDatabaseHandle()!;
    history.report = await seedHistory(original.db, { clients: 1000 });
  }, 600_000);
}
