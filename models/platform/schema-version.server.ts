import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { queryRows, type Database } from "./db.server";
import { MIGRATIONS_DIR } from "./paths.server";

/**
 * A schema version: the last migration applied, by its tag in
 * drizzle/meta/_journal.json (e.g. "0024_meeting_note") and its position.
 * Drizzle records each applied migration in drizzle.__drizzle_migrations
 * with the journal entry's `when` as created_at, so the two can be compared.
 */
export type SchemaVersion = { migrations: number; tag: string | null; when: number | null };

type JournalEntry = { idx: number; when: number; tag: string };

/** The version this build migrates a database to: the journal's last entry. */
export function expectedSchemaVersion(): SchemaVersion {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  const last = journal.entries.at(-1);
  return { migrations: journal.entries.length, tag: last?.tag ?? null, when: last?.when ?? null };
}

/** The version a database is at: its latest applied migration, matched to this build's journal. */
export async function appliedSchemaVersion(database?: Database): Promise<SchemaVersion> {
  const [row] = await queryRows<{ n: number; last: string | null }>(
    sql`select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations`,
    database,
  );
  const when = row?.last == null ? null : Number(row.last);
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  const tag = journal.entries.find((entry) => entry.when === when)?.tag ?? null;
  return { migrations: row?.n ?? 0, tag, when };
}

/** Whether the PostgreSQL database at `url` has any table yet (a restore goes only into an empty one). */
export async function postgresHasTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    return (rows[0]?.n ?? 0) > 0;
  } finally {
    await client.end();
  }
}
