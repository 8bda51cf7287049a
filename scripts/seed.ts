// npm run seed: validate every file in seeds/ and upsert it (idempotent).
import { runSeed, SeedValidationError } from "../models/views/seed.server";
import { databaseConfig, loadEnv } from "../app/lib/env.server";
import { openDatabaseForScript } from "./open-database";

const env = loadEnv();
const handle = await openDatabaseForScript(databaseConfig(env, "npm run seed"));
try {
  // Not at the same time as a server's boot-time seeding (decision 0039).
  const report = await handle.whileBootLocked(() => runSeed({ database: handle.db }));
  for (const [name, count] of Object.entries(report)) {
    console.log(
      `${name}: ${count.inserted} inserted, ${count.updated} updated, ${count.unchanged} unchanged`,
    );
  }
} catch (error) {
  console.error(error instanceof SeedValidationError ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
