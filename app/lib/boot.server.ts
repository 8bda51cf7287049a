import { getDatabaseHandle, openDatabase, setDatabase } from "~models/db.server";
import { seedIfEmpty } from "~models/seed.server";
import { databaseConfig, loadEnv } from "./env.server";

export const env = loadEnv();

/**
 * Opens and migrates the database once per process, at boot rather than on
 * the first request (PGlite's first open of a new data dir takes seconds),
 * and seeds an empty database.
 */
async function boot(): Promise<void> {
  if (getDatabaseHandle()) return;
  const handle = await openDatabase(databaseConfig(env));
  setDatabase(handle);
  if (await seedIfEmpty()) console.log("Empty database: loaded the content in seeds/.");
}

export const ready = boot();

export async function shutdown(): Promise<void> {
  const handle = getDatabaseHandle();
  setDatabase(undefined);
  await handle?.close();
}
