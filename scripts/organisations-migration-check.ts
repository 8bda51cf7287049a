// node --import tsx scripts/organisations-migration-check.ts <data dir>
// Checks migration 0028 (organisations, issue #40) on a copy of a real
// database: <data dir> is an embedded database (DATA_DIR/db) migrated only up
// to 0027, e.g. one filled by `npm run seed`, `npm run seed:load` and
// `npm run seed:history` on the commit before 0028. The data dir is copied
// (the original is left as it was); the copy's rows are counted in every
// table and per client, 0028 is applied, and the rows are counted again.
// Prints a before/after table and fails (exit code 1) when any table or any
// client lost a row, when a client has no owner membership or more than one
// membership, or when staff got a membership.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, queryRows } from "../models/platform/db.server";
import { sql } from "drizzle-orm";

type Counts = { tables: Map<string, number>; perClient: Map<string, number> };
type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Row counts of every table in public, and of every client's rows across the tables with a user_id. */
async function count(query: Query): Promise<Counts> {
  const tables = new Map<string, number>();
  const names = await query(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  for (const { table_name } of names) {
    const [row] = await query(`select count(*)::int as n from "${String(table_name)}"`);
    tables.set(String(table_name), Number(row!.n));
  }
  const keyed = await query(
    `select table_name from information_schema.columns where table_schema = 'public' and column_name = 'user_id'
     and table_name in (select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE')
     order by table_name`,
  );
  const union = keyed
    .map(({ table_name }) => `select user_id from "${String(table_name)}"`)
    .join(" union all ");
  const perClient = new Map<string, number>();
  const rows = await query(
    `select u.id, count(k.user_id)::int as n from users u left join (${union}) k on k.user_id = u.id
     where u.role = 'client' group by u.id`,
  );
  for (const row of rows) perClient.set(String(row.id), Number(row.n));
  return { tables, perClient };
}

const sum = (counts: Map<string, number>) => [...counts.values()].reduce((s, n) => s + n, 0);

async function main() {
  const source = process.argv[2];
  if (!source) {
    console.error(
      "Usage: node --import tsx scripts/organisations-migration-check.ts <data dir migrated up to 0027>",
    );
    process.exit(2);
  }
  const work = mkdtempSync(path.join(tmpdir(), "organisations-check-"));
  const dataDir = path.join(work, "db");
  cpSync(path.resolve(source), dataDir, { recursive: true });
  try {
    const raw = await openDatabase({ kind: "pglite", dataDir, migrate: false });
    const rawQuery: Query = (text) => queryRows<Record<string, unknown>>(sql.raw(text), raw.db);
    const [applied] = await rawQuery(`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const [hasOrganisations] = await rawQuery(
      `select to_regclass('public.organisations') is not null as found`,
    );
    if (hasOrganisations!.found)
      throw new Error("This database already has organisations: give one migrated up to 0027.");
    const before = await count(rawQuery);
    await raw.close();

    const started = performance.now();
    const handle = await openDatabase({ kind: "pglite", dataDir });
    const seconds = (performance.now() - started) / 1000;
    const query: Query = (text) => queryRows<Record<string, unknown>>(sql.raw(text), handle.db);
    const after = await count(query);

    const problems: string[] = [];
    const names = [...new Set([...before.tables.keys(), ...after.tables.keys()])].sort();
    const lines = [`| table | before | after | change |`, `| --- | ---: | ---: | ---: |`];
    for (const name of names) {
      const b = before.tables.get(name);
      const a = after.tables.get(name) ?? 0;
      const change = a - (b ?? 0);
      if (b !== undefined && a < b) problems.push(`${name} lost ${b - a} rows`);
      if (b === undefined || change !== 0)
        lines.push(`| ${name} | ${b ?? "(new)"} | ${a} | ${change > 0 ? "+" : ""}${change} |`);
    }
    const unchanged = names.filter((n) => before.tables.get(n) === after.tables.get(n));
    const total = (c: Counts) => [...c.tables.values()].reduce((s, n) => s + n, 0);
    lines.push(`| ${unchanged.length} other tables | unchanged | unchanged | 0 |`);
    lines.push(`| all tables | ${total(before)} | ${total(after)} | +${total(after) - total(before)} |`);

    let clientsLosing = 0;
    for (const [id, n] of before.perClient) {
      const now = after.perClient.get(id);
      if (now === undefined || now < n) clientsLosing++;
    }
    if (clientsLosing) problems.push(`${clientsLosing} clients lost rows`);

    const [membership] = await query(`
      select
        (select count(*)::int from users where role = 'client') as clients,
        (select count(*)::int from users u where role = 'client' and
          (select count(*) from organisation_members m where m.user_id = u.id and m.role = 'owner') = 1 and
          (select count(*) from organisation_members m where m.user_id = u.id) = 1 and
          exists (select 1 from organisations o where o.account_id = u.id)) as clients_owning_one,
        (select count(*)::int from users where role = 'staff') as staff,
        (select count(*)::int from organisation_members m join users u on u.id = m.user_id where u.role = 'staff') as staff_memberships,
        (select count(*)::int from organisations o join profiles p on p.user_id = o.account_id
          where o.name = p.company_name and p.company_name <> '') as named_by_company`);
    const m = membership!;
    if (m.clients !== m.clients_owning_one)
      problems.push(
        `${Number(m.clients) - Number(m.clients_owning_one)} clients without exactly one owner membership`,
      );
    if (m.staff_memberships !== 0) problems.push(`${m.staff_memberships} staff memberships`);

    console.log(
      `Migration 0028 on a copy of ${source} (${applied!.n} migrations applied before), in ${seconds.toFixed(1)} s:\n`,
    );
    console.log(lines.join("\n"));
    console.log(
      `\nClients: ${m.clients}; each the only member and owner of one organisation: ${m.clients_owning_one}` +
        ` (${m.named_by_company} named by their company). Staff: ${m.staff}, with ${m.staff_memberships} memberships.` +
        `\nPer client (rows with their user_id across every table): ${before.perClient.size} clients before,` +
        ` ${after.perClient.size} after, ${clientsLosing} lost a row` +
        ` (${sum(before.perClient)} client-keyed rows before, ${sum(after.perClient)} after, the memberships included).`,
    );
    await handle.close();
    if (problems.length) {
      console.error(`\nFAILED: ${problems.join("; ")}`);
      process.exitCode = 1;
    } else console.log("\nOK: no table and no client lost a row.");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
