import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock.server";
import { MIGRATIONS_DIR } from "./paths.server";
import * as schema from "../schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseConfig =
  /** A PostgreSQL server reached through `pg`. */
  | { kind: "postgres"; url: string; poolSize?: number }
  /**
   * Embedded PGlite: a file-backed data dir, in memory, or loaded from a dump.
   * A data dir is locked for this process; `owner` names it to a second one
   * ("The server", "npm run seed").
   */
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob; owner?: string };

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseConfig["kind"];
  /** PGlite only: a tarball of the data dir (used to clone a migrated test database). */
  dumpDataDir?: () => Promise<Blob>;
  close: () => Promise<void>;
}

/** Opens a database and applies every pending migration in drizzle/. */
export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize ?? 10 });
    const db = drizzleNodePg(pool, { schema, casing: "snake_case" });
    await migrateNodePg(db, { migrationsFolder: MIGRATIONS_DIR });
    return { db, kind: "postgres", close: () => pool.end() };
  }

  const dataDir = config.dataDir ? path.resolve(config.dataDir) : undefined;
  let unlock = () => {};
  if (dataDir) {
    mkdirSync(path.dirname(dataDir), { recursive: true });
    // PGlite has no locking of its own (docs/decisions/0031-data-dir-lock-and-kept-input.md).
    unlock = lockDataDir(`${dataDir}.lock`, config.owner ?? "Another process");
  }
  try {
    const client = await PGlite.create({ dataDir, loadDataDir: config.loadDataDir });
    const db = drizzlePglite(client, { schema, casing: "snake_case" });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db,
      kind: "pglite",
      dumpDataDir: () => client.dumpDataDir("none"),
      close: async () => {
        try {
          await client.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

// One instance per process. Kept on globalThis so that a dev-server module
// reload reuses it instead of opening a second PGlite on the same data dir.
const holder = globalThis as typeof globalThis & { __ascendraDatabase?: DatabaseHandle };

/** Makes `handle` the process-wide database that every model function uses. */
export function setDatabase(handle: DatabaseHandle | undefined): void {
  holder.__ascendraDatabase = handle;
}

export function getDatabaseHandle(): DatabaseHandle | undefined {
  return holder.__ascendraDatabase;
}

/** The process-wide database. Opened at boot; calling this earlier is a bug. */
export function db(): Database {
  const handle = holder.__ascendraDatabase;
  if (!handle) throw new Error("The database is not open yet: openDatabase() runs at boot.");
  return handle.db;
}

/** Runs raw SQL and returns its rows (both drivers answer with `{ rows }`). */
export async function queryRows<Row extends Record<string, unknown>>(
  query: SQL,
  database: Database = db(),
): Promise<Row[]> {
  const result = (await database.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** Answers a trivial query; used by the health check. */
export async function pingDatabase(): Promise<void> {
  await db().execute(sql`select 1`);
}
