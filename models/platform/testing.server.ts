// Test databases: migrate once per test run into a template, clone it once per
// test worker (PGlite: a data-dir dump; PostgreSQL: CREATE DATABASE ... TEMPLATE),
// and empty the clone with one TRUNCATE before each test file. Every file thus
// starts from an empty, migrated database in a few milliseconds; only the first
// file of a worker pays for the clone.
import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql, type Logger } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { openDatabase, queryRows, type Database, type DatabaseHandle } from "./db.server";
import * as schema from "../schema";

export type TestDatabaseTemplate =
  { kind: "pglite"; dumpPath: string } | { kind: "postgres"; url: string; template: string };

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function adminQuery(url: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Runs once per test run (vitest globalSetup). */
export async function prepareTestDatabaseTemplate(
  databaseUrl: string | undefined,
): Promise<TestDatabaseTemplate> {
  if (databaseUrl) {
    const base = new URL(databaseUrl).pathname.slice(1) || "postgres";
    const template = `${base}_test_template`;
    await adminQuery(databaseUrl, [
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${template}'`,
      `drop database if exists ${quoteIdent(template)}`,
      `create database ${quoteIdent(template)}`,
    ]);
    const handle = await openDatabase({
      kind: "postgres",
      url: withDatabase(databaseUrl, template),
      poolSize: 1,
    });
    await handle.close();
    return { kind: "postgres", url: databaseUrl, template };
  }
  const handle = await openDatabase({ kind: "pglite" });
  const dump = await handle.dumpDataDir!();
  await handle.close();
  const dumpPath = path.join(os.tmpdir(), `ascendra-test-template-${process.pid}.tar`);
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  return { kind: "pglite", dumpPath };
}

const cloneNamePrefix = (template: string) => template.replace(/_template$/, "_clone_");

/** Empties every table (the migration journal lives in its own schema and stays). */
export async function truncateAllTables(database: Database): Promise<void> {
  const rows = await queryRows<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
    database,
  );
  const tables = rows.map((row) => quoteIdent(row.tablename));
  if (tables.length)
    await database.execute(sql.raw(`truncate ${tables.join(", ")} restart identity cascade`));
}

/** Drops the PostgreSQL clones a test run left behind (workers exit without closing them). */
export async function dropTestClones(template: TestDatabaseTemplate): Promise<void> {
  if (template.kind !== "postgres") return;
  const client = new pg.Client({ connectionString: template.url });
  await client.connect();
  try {
    const prefix = cloneNamePrefix(template.template);
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1)",
      [prefix],
    );
    for (const { datname } of rows) {
      await client.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [
        datname,
      ]);
      await client.query(`drop database if exists ${quoteIdent(datname)}`);
    }
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database; close() also drops a PostgreSQL clone. */
export async function openTestDatabase(template: TestDatabaseTemplate): Promise<DatabaseHandle> {
  if (template.kind === "pglite") {
    const dump = await readFile(template.dumpPath);
    return openDatabase({ kind: "pglite", loadDataDir: new Blob([dump]) });
  }
  const name = `${cloneNamePrefix(template.template)}${randomBytes(6).toString("hex")}`;
  await adminQuery(template.url, [
    `create database ${quoteIdent(name)} template ${quoteIdent(template.template)}`,
  ]);
  const handle = await openDatabase({ kind: "postgres", url: withDatabase(template.url, name), poolSize: 4 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(template.url, [`drop database if exists ${quoteIdent(name)}`]);
    },
  };
}

/**
 * PostgreSQL only: a new, empty database (not migrated) on the test server,
 * for tests that start several "processes" on one database (decision 0039).
 */
export async function createEmptyTestDatabase(
  template: Extract<TestDatabaseTemplate, { kind: "postgres" }>,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await adminQuery(template.url, [`create database ${quoteIdent(name)}`]);
  return {
    url: withDatabase(template.url, name),
    drop: () =>
      adminQuery(template.url, [
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`,
        `drop database if exists ${quoteIdent(name)}`,
      ]),
  };
}

/**
 * The same database, through a second Drizzle instance on the same connection
 * whose logger hands every statement it sends to `onStatement` (the query-budget
 * test counts them). Transactions inherit the logger; BEGIN and COMMIT are not
 * Drizzle statements and are not counted.
 */
export function withStatementLog(
  handle: DatabaseHandle,
  onStatement: (query: string, params: unknown[]) => void,
): DatabaseHandle {
  const logger: Logger = { logQuery: (query, params) => onStatement(query, params) };
  const options = { schema, casing: "snake_case", logger } as const;
  const client = (handle.db as unknown as { $client: unknown }).$client;
  const db =
    handle.kind === "pglite"
      ? drizzlePglite(client as PGlite, options)
      : drizzleNodePg(client as pg.Pool, options);
  return { ...handle, db };
}

/**
 * An embedded database migrated with another migrations folder (an older
 * build's, in the restore test), with one account in it: its data dir dump, as
 * that build's `npm run backup` would have put it in an archive.
 */
export async function olderEmbeddedDatabaseDump(migrationsFolder: string, username: string): Promise<Buffer> {
  const client = new PGlite();
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    await client.query("insert into users (username, email, password_hash) values ($1, $2, 'x')", [
      username,
      `${username}@example.com`,
    ]);
    return Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer());
  } finally {
    await client.close();
  }
}
