import { AsyncLocalStorage } from "node:async_hooks";
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
import { log } from "./log.server";
import { dbPoolWait, dbQueryDuration, setPoolReader } from "./metrics.server";
import { traceQuery } from "./tracing.server";
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
  | {
      kind: "pglite";
      dataDir?: string;
      loadDataDir?: Blob;
      owner?: string;
      /** False: open it as it is, without applying pending migrations (a migration's before/after check). */
      migrate?: boolean;
    };

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseConfig["kind"];
  /** PGlite only: a tarball of the data dir (used to clone a migrated test database). */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * Runs `work` while this process holds the boot lock: on PostgreSQL a
   * session advisory lock (`pg_advisory_lock(BOOT_LOCK_KEY)`) on a connection
   * of its own, released after, so processes starting together on one
   * database migrate and seed one after another. PGlite: one process per data
   * dir already (the data dir lock), so it just runs `work`.
   */
  whileBootLocked: <T>(work: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
}

/**
 * The advisory lock key every process takes to migrate and seed (any fixed
 * bigint that no other lock in the database uses; the jobs' keys are in
 * models/platform/job-lock.server.ts). Docs: decision 0039.
 */
const BOOT_LOCK_KEY = 4_170_390_001;

/** Runs `work` holding a session advisory lock on a connection of its own (not one of the pool's). */
async function withSessionLock<T>(url: string, key: number, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1::bigint)", [key]);
    try {
      return await work();
    } finally {
      await client.query("select pg_advisory_unlock($1::bigint)", [key]);
    }
  } finally {
    // Closing the connection would release the lock anyway (a crash mid-boot frees it too).
    await client.end();
  }
}

/**
 * Opens a database and applies every pending migration in drizzle/. On
 * PostgreSQL the migrations run under the boot lock, so any number of
 * processes may open one (empty) database at once: the first migrates, the
 * others find nothing left to do.
 */
export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.kind === "postgres") {
    const { url } = config;
    const pool = new pg.Pool({ connectionString: url, max: config.poolSize ?? 10 });
    // The server may close an idle connection (a restart, a failover, an administrator's
    // terminate): pg reports it on the pool, which drops the connection and opens another when
    // one is next needed. Without a listener that report is an uncaught error that ends the process.
    pool.on("error", (error) => log().warn({ err: error }, "PostgreSQL closed an idle connection"));
    instrumentPool(pool);
    const db = drizzleNodePg(pool, { schema, casing: "snake_case" });
    const whileBootLocked = <T>(work: () => Promise<T>) => withSessionLock(url, BOOT_LOCK_KEY, work);
    try {
      await whileBootLocked(() => migrateNodePg(db, { migrationsFolder: MIGRATIONS_DIR }));
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db, kind: "postgres", whileBootLocked, close: () => pool.end() };
  }

  const dataDir = config.dataDir ? path.resolve(config.dataDir) : undefined;
  let unlock = () => {};
  if (dataDir) {
    mkdirSync(path.dirname(dataDir), { recursive: true });
    // PGlite has no locking of its own (docs/decisions/0031-data-dir-lock-and-kept-input.md).
    unlock = lockDataDir(`${dataDir}.lock`, config.owner ?? "Another process");
  }
  try {
    const client = instrumentPglite(await PGlite.create({ dataDir, loadDataDir: config.loadDataDir }));
    const db = drizzlePglite(client, { schema, casing: "snake_case" });
    if (config.migrate !== false) await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db,
      kind: "pglite",
      dumpDataDir: () => client.dumpDataDir("none"),
      whileBootLocked: (work) => work(),
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

// Every statement, on either driver, is timed (db_query_duration_seconds) and
// traced (a "db.query" span under the request's, when tracing is on): our own
// wrapper around the driver's query function rather than the pg
// instrumentation, so PGlite, the default database, is traced too
// (docs/decisions/0064-operations.md). The statement's text goes on the
// span, never its parameters.
type QueryFunction = (...args: unknown[]) => unknown;
function observed(driver: DatabaseConfig["kind"], original: QueryFunction): QueryFunction {
  return function observedQuery(this: unknown, ...args: unknown[]) {
    const first = args[0] as { text?: string; submit?: unknown } | string | undefined;
    // pg's streaming queries (a cursor) answer with themselves, not a promise: left alone.
    if (typeof first === "object" && typeof first?.submit === "function") return original.apply(this, args);
    const callback =
      typeof args.at(-1) === "function" ? (args.pop() as (...r: unknown[]) => void) : undefined;
    const text = typeof first === "string" ? first : (first?.text ?? "");
    const started = process.hrtime.bigint();
    const result = traceQuery(driver, text, () => original.apply(this, args) as Promise<unknown>).then(
      (value) => {
        dbQueryDuration.observe({ driver, outcome: "ok" }, Number(process.hrtime.bigint() - started) / 1e9);
        return value;
      },
      (error: unknown) => {
        dbQueryDuration.observe(
          { driver, outcome: "error" },
          Number(process.hrtime.bigint() - started) / 1e9,
        );
        throw error;
      },
    );
    if (!callback) return result;
    result.then(
      (value) => callback(null, value),
      (error) => callback(error),
    );
    return undefined;
  };
}

/** Times the wait for a connection, and every statement on every connection the pool opens. */
function instrumentPool(pool: pg.Pool): void {
  pool.on("connect", (client) => {
    client.query = observed("postgres", client.query as QueryFunction) as typeof client.query;
  });
  const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => unknown;
  pool.connect = function timedConnect(callback?: (...args: unknown[]) => void) {
    const started = process.hrtime.bigint();
    const waited = () => dbPoolWait.observe(Number(process.hrtime.bigint() - started) / 1e9);
    if (callback)
      return connect((...args: unknown[]) => {
        waited();
        callback(...args);
      });
    return (connect() as Promise<pg.PoolClient>).finally(waited);
  } as typeof pool.connect;
  setPoolReader(() => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
}

/** Every statement PGlite runs for us, in a transaction too. */
function instrumentPglite(client: PGlite): PGlite {
  type Queries = { query: QueryFunction; exec: QueryFunction };
  const wrap = (target: Queries) => {
    target.query = observed("pglite", target.query.bind(target));
    target.exec = observed("pglite", target.exec.bind(target));
  };
  wrap(client as unknown as Queries);
  const transaction = client.transaction.bind(client);
  client.transaction = ((work: (tx: unknown) => Promise<unknown>) =>
    transaction((tx) => {
      wrap(tx as unknown as Queries);
      return work(tx);
    })) as typeof client.transaction;
  return client;
}

// One instance per process. Kept on globalThis so that a dev-server module
// reload reuses it instead of opening a second PGlite on the same data dir.
const holder = globalThis as typeof globalThis & { __ascendraDatabase?: DatabaseHandle };

/** Makes `handle` the process-wide database that every model function uses. */
export function setDatabase(handle: DatabaseHandle | undefined): void {
  holder.__ascendraDatabase = handle;
}

// Tests that play several processes in one: within `runWithDatabase(handle, …)`
// every model function uses `handle` instead of the process-wide database.
const scoped = new AsyncLocalStorage<DatabaseHandle>();

/** Runs `work` with `handle` as the database of every model function it calls (tests of several processes). */
export function runWithDatabase<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  return scoped.run(handle, work);
}

export function getDatabaseHandle(): DatabaseHandle | undefined {
  return scoped.getStore() ?? holder.__ascendraDatabase;
}

/** The process-wide database. Opened at boot; calling this earlier is a bug. */
export function db(): Database {
  const handle = scoped.getStore() ?? holder.__ascendraDatabase;
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
