// npm run seed: validate every file in seeds/ and upsert it (idempotent).
import { openDatabase } from "../models/db.server";
import { runSeed, SeedValidationError } from "../models/seed.server";
import { databaseConfig, loadEnv } from "../app/lib/env.server";

const env = loadEnv();
const handle = await openDatabase(databaseConfig(env));
try {
  const report = await runSeed({ database: handle.db });
  for (const [name, count] of Object.entries(report)) {
    console.log(`${name}: ${count.inserted} inserted, ${count.updated} updated, ${count.unchanged} unchanged`);
  }
} catch (error) {
  console.error(error instanceof SeedValidationError ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
