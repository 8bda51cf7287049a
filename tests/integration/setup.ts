import { inject } from "vitest";
import { setDatabase, type DatabaseHandle } from "../../models/platform/db.server";
import { openTestDatabase, truncateAllTables } from "../../models/platform/testing.server";
import { forgetKeptContent } from "../../models/content/kept-content.server";

// The integration project runs with isolate: false, so this worker's globals
// survive from one test file to the next: open one clone per worker, then
// empty it before every file. Each file starts from an empty, migrated database.
const worker = globalThis as typeof globalThis & { __testDatabase?: DatabaseHandle };

const started = performance.now();
if (worker.__testDatabase) {
  await truncateAllTables(worker.__testDatabase.db);
} else {
  worker.__testDatabase = await openTestDatabase(inject("testDatabase"));
}
setDatabase(worker.__testDatabase);
// Content kept in memory (the site shell…) belongs to the previous file's database.
forgetKeptContent();
if (process.env.TEST_DB_TIMING)
  console.log(`fresh database in ${Math.round(performance.now() - started)} ms`);
