// npm run backup and npm run restore (docs/decisions/0064-operations.md): a
// client with a project and its file, their token ledger and the outbox,
// made through a running server, backed up, restored into an empty data dir
// (and, with DATABASE_URL, an empty PostgreSQL database), and found again by
// a server started on the restored copy. The PostgreSQL half runs in CI's
// "backup and restore on PostgreSQL" phase:
//   scripts/with-postgres.sh npx vitest run --project http tests/http/backup-restore.test.ts
import { spawnSync } from "node:child_process";
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { openDatabase, queryRows, type DatabaseConfig } from "~models/platform/db.server";
import { createEmptyTestDatabase, olderEmbeddedDatabaseDump } from "~models/platform/testing.server";
import { uniqueName, Visitor } from "./client";
import { startServer, type RunningServer } from "./server";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PDF = Buffer.concat([
  Buffer.from("%PDF-1.4\n"),
  Buffer.from("backup test file"),
  Buffer.from("\n%%EOF\n"),
]);
const adminUrl = process.env.DATABASE_URL;

/** npm run backup / restore as an operator runs them; the output is printed for the record. */
function npmRun(script: "backup" | "restore", file: string, env: Record<string, string>) {
  const result = spawnSync("npm", ["run", "--silent", script, "--", file], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", ...env },
    encoding: "utf8",
  });
  const output = `${result.stdout}${result.stderr}`;
  console.log(`npm run ${script} -- ${path.basename(file)}\n${output}`);
  expect(result.status, output).toBe(0);
  return output;
}

async function stopKeepingData(server: RunningServer) {
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  await exited;
}

type Made = { username: string; email: string; password: string; projectId: string; balance: number };

/** A client with a project holding a file, and tokens bought (the ledger); signing up queued an email. */
async function makeClient(baseURL: string): Promise<Made> {
  const visitor = new Visitor(baseURL);
  const username = uniqueName("backup");
  const email = `${username}@example.com`;
  const password = "secret12";
  expect((await visitor.post("/api/auth/signup/", { json: { username, email, password } })).status).toBe(201);
  const login = await visitor.post("/api/auth/login/", { json: { username, password } });
  const auth = { Authorization: `Token ${((await login.json()) as { token: string }).token}` };
  const form = new FormData();
  for (const [name, value] of Object.entries({
    title: "Backed-up brief",
    description: "Kept by the backup",
    category: "app",
    budget: "1k_5k",
    timeline: "2",
  }))
    form.set(name, value);
  form.set("files", new Blob([PDF], { type: "application/pdf" }), "kept.pdf");
  const created = await visitor.request("/api/projects/", {
    method: "POST",
    headers: auth,
    body: { multipart: form },
  });
  expect(created.status).toBe(201);
  const { id: projectId } = (await created.json()) as { id: string };
  const packages = (await (await visitor.get("/api/token-packages/")).json()) as { id: string }[];
  const bought = await visitor.post("/api/purchase-tokens/", { json: { package_id: packages[0]!.id } }, auth);
  expect(bought.status).toBeLessThan(300);
  const { new_balance: balance } = (await bought.json()) as { new_balance: number };
  expect(balance).toBeGreaterThan(0);
  return { username, email, password, projectId, balance };
}

/** What a server on the restored copy shows the client: the project, its file's bytes, the balance. */
async function expectClientBack(baseURL: string, made: Made) {
  const visitor = new Visitor(baseURL);
  const login = await visitor.post("/api/auth/login/", {
    json: { username: made.username, password: made.password },
  });
  expect(login.status).toBe(200);
  const auth = { Authorization: `Token ${((await login.json()) as { token: string }).token}` };
  const project = (await (await visitor.get(`/api/projects/${made.projectId}/`, auth)).json()) as {
    title: string;
    files: { name: string; file: string }[];
  };
  expect(project.title).toBe("Backed-up brief");
  expect(project.files.map((file) => file.name)).toEqual(["kept.pdf"]);
  const file = await visitor.get(project.files[0]!.file, auth);
  expect(file.status).toBe(200);
  expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);
  const stats = (await (await visitor.get("/api/dashboard/stats/", auth)).json()) as { tokens_left: number };
  expect(stats.tokens_left).toBe(made.balance);
}

/** The ledger rows and outbox emails of the client, read from the restored database itself. */
async function rowsIn(config: DatabaseConfig, made: Made) {
  const handle = await openDatabase(config);
  try {
    const [ledger] = await queryRows<{ n: number }>(
      sql`select count(*)::int as n from token_ledger l join users u on u.id = l.user_id where u.email = ${made.email}`,
      handle.db,
    );
    const [outbox] = await queryRows<{ n: number }>(
      sql`select count(*)::int as n from email_outbox where "to" = ${made.email}`,
      handle.db,
    );
    return { ledger: ledger!.n, outbox: outbox!.n };
  } finally {
    await handle.close();
  }
}

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

test("the embedded database and the local uploads: backed up, restored into an empty data dir", async () => {
  const original = await startServer({ PAYMENTS: "test" });
  cleanup.push(() => rm(original.dataDir, { recursive: true, force: true }));
  const made = await makeClient(original.baseURL);
  await stopKeepingData(original);
  const before = await rowsIn({ kind: "pglite", dataDir: path.join(original.dataDir, "db") }, made);
  expect(before.ledger).toBeGreaterThan(0);
  expect(before.outbox).toBeGreaterThan(0);

  const file = path.join(tmpdir(), `${uniqueName("backup")}.tar.gz`);
  cleanup.push(() => rm(file, { force: true }));
  expect(npmRun("backup", file, { DATA_DIR: original.dataDir, DATABASE_URL: "" })).toMatch(
    /Backed up the embedded database at schema \d{4}_\w+ .* and the local uploads/,
  );
  const dataDir = path.join(ROOT, `.data/${uniqueName("restored")}`);
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  expect(npmRun("restore", file, { DATA_DIR: dataDir, DATABASE_URL: "" })).toMatch(
    /Restored the uploads to /,
  );

  const restored = await startServer({ PAYMENTS: "test" }, undefined, { dataDir });
  try {
    await expectClientBack(restored.baseURL, made);
  } finally {
    await restored.stop();
  }
  expect(await rowsIn({ kind: "pglite", dataDir: path.join(dataDir, "db") }, made)).toEqual(before);
}, 180_000);

test("an archive from an older build: restore migrates it to this build's schema", async () => {
  // The older build: this one's migrations without the newest (a copy of drizzle/ with the last
  // journal entry and its SQL left out), applied to an empty embedded database with one account.
  const journal = JSON.parse(await readFile(path.join(ROOT, "drizzle/meta/_journal.json"), "utf8")) as {
    entries: Array<{ tag: string; when: number }>;
  };
  const newest = journal.entries.at(-1)!.tag;
  const entry = journal.entries.at(-2)!;
  const older = entry.tag;
  const migrations = path.join(tmpdir(), uniqueName("older-migrations"));
  cleanup.push(() => rm(migrations, { recursive: true, force: true }));
  await cp(path.join(ROOT, "drizzle"), migrations, { recursive: true });
  await rm(path.join(migrations, `${newest}.sql`));
  await writeFile(
    path.join(migrations, "meta/_journal.json"),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }),
  );
  // Its archive, as its npm run backup wrote it: the manifest names the older schema.
  const username = uniqueName("older");
  const work = path.join(tmpdir(), uniqueName("older-archive"));
  cleanup.push(() => rm(work, { recursive: true, force: true }));
  await mkdir(path.join(work, "db"), { recursive: true });
  await writeFile(path.join(work, "db/pglite.tar"), await olderEmbeddedDatabaseDump(migrations, username));
  const manifest = {
    format: "ascendra-backup/1",
    createdAt: new Date().toISOString(),
    database: "pglite",
    schema: { migrations: journal.entries.length - 1, tag: entry.tag, when: entry.when },
    uploads: "local",
  };
  await writeFile(path.join(work, "manifest.json"), JSON.stringify(manifest));
  const file = path.join(tmpdir(), `${uniqueName("older")}.tar.gz`);
  cleanup.push(() => rm(file, { force: true }));
  expect(spawnSync("tar", ["-czf", file, "-C", work, "manifest.json", "db"]).status).toBe(0);

  const dataDir = path.join(ROOT, `.data/${uniqueName("restored")}`);
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  expect(npmRun("restore", file, { DATA_DIR: dataDir, DATABASE_URL: "" })).toContain(
    `backed up at schema ${older}, now at ${newest}`,
  );
  const restored = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db") });
  try {
    const [account] = await queryRows<{ n: number }>(
      sql`select count(*)::int as n from users where username = ${username}`,
      restored.db,
    );
    expect(account?.n).toBe(1);
  } finally {
    await restored.close();
  }
}, 180_000);

describe.skipIf(!adminUrl)("PostgreSQL", () => {
  test("a PostgreSQL database and the local uploads: backed up, restored into an empty database", async () => {
    const template = { kind: "postgres" as const, url: adminUrl!, template: "" };
    const source = await createEmptyTestDatabase(template, "backup_source");
    cleanup.push(source.drop);
    const original = await startServer({ PAYMENTS: "test", DATABASE_URL: source.url });
    cleanup.push(() => rm(original.dataDir, { recursive: true, force: true }));
    const made = await makeClient(original.baseURL);
    await stopKeepingData(original);
    const before = await rowsIn({ kind: "postgres", url: source.url }, made);

    const file = path.join(tmpdir(), `${uniqueName("backup")}.tar.gz`);
    cleanup.push(() => rm(file, { force: true }));
    npmRun("backup", file, { DATA_DIR: original.dataDir, DATABASE_URL: source.url });
    const target = await createEmptyTestDatabase(template, "backup_target");
    cleanup.push(target.drop);
    const dataDir = path.join(ROOT, `.data/${uniqueName("restored")}`);
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    expect(npmRun("restore", file, { DATA_DIR: dataDir, DATABASE_URL: target.url })).toMatch(
      /Restored the PostgreSQL database .* now at \d{4}_/,
    );

    const restored = await startServer({ PAYMENTS: "test", DATABASE_URL: target.url }, undefined, {
      dataDir,
    });
    try {
      await expectClientBack(restored.baseURL, made);
    } finally {
      await restored.stop();
    }
    expect(await rowsIn({ kind: "postgres", url: target.url }, made)).toEqual(before);
  }, 180_000);
});
