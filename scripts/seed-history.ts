// npm run seed:history [-- --clients=N] [-- --json]
// Gives the reports (/admin/reports) a realistic year of history: 1,000
// clients paying in INR, USD and EUR for token packages, plans and gift cards
// (some refunded), the token ledger with spends and expiries, plans renewed
// and cancelled, projects through the pipeline with their delivery clocks
// (some late), submissions on the ten public forms and the assistant's
// conversations (models/views/seed-history.server.ts). Re-runnable: each run
// first deletes what the previous one made. Prints the time, the row counts
// and the staff sign-in; with --json, one line of JSON instead.
import { pathToFileURL } from "node:url";
import { setDatabase } from "../models/platform/db.server";
import { runSeed } from "../models/views/seed.server";
import { HISTORY_PASSWORD, seedHistory } from "../models/views/seed-history.server";
import { databaseConfig, loadEnv } from "../app/lib/env.server";
import { openDatabaseForScript } from "./open-database";

async function main() {
  const json = process.argv.includes("--json");
  const clientsArg = process.argv.find((arg) => arg.startsWith("--clients="));
  const clients = clientsArg ? Number(clientsArg.split("=")[1]) : 1000;
  if (!Number.isInteger(clients) || clients < 1 || clients > 100_000) {
    console.error("--clients must be a whole number from 1 to 100000");
    process.exit(1);
  }
  const handle = await openDatabaseForScript(databaseConfig(loadEnv(), "npm run seed:history"));
  setDatabase(handle);
  try {
    // The catalogue (plans, packages) must be there; seeding is idempotent.
    await handle.whileBootLocked(() => runSeed({ database: handle.db }));
    const report = await seedHistory(handle.db, { clients });
    if (json) {
      console.log(JSON.stringify(report));
      return;
    }
    console.log(`A year of history made in ${report.seconds} s (the previous run's removed):`);
    for (const [name, count] of Object.entries(report.rows)) console.log(`  ${name.padEnd(14)} ${count}`);
    console.log(
      `Staff: username history-staff, password ${HISTORY_PASSWORD}; the reports are at /admin/reports.`,
    );
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
