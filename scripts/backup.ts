// npm run backup -- FILE: the database and the uploaded files of the local
// store in one archive (a .tar.gz), with a manifest recording the schema
// version (docs/decisions/0064-operations.md).
//   Embedded database: a copy of the data dir made by PGlite in this process,
//   which needs the data dir's lock: stop the server first (refused otherwise).
//   PostgreSQL: pg_dump -Fc (a consistent snapshot; the servers may run).
//   Uploads: DATA_DIR/uploads when UPLOADS_STORAGE=local, copied after the
//   database, so every file a row names is there. With UPLOADS_STORAGE=postgres
//   the files are in the database dump; with s3 they stay in the bucket
//   (back it up with the bucket's own versioning or replication).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { databaseConfig, loadEnv } from "../app/lib/env.server";
import { appliedSchemaVersion } from "../models/platform/schema-version.server";
import { uploadsDir } from "../models/platform/storage/storage.server";
import { ARCHIVE_FORMAT, exitWith, run, type Manifest } from "./backup-archive";
import { openDatabaseForScript } from "./open-database";

const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run backup -- FILE (e.g. backup-2026-11-28.tar.gz)");
  process.exit(2);
}
const target = path.resolve(file);
const env = loadEnv();
const config = databaseConfig(env, "npm run backup");
const work = await mkdtemp(path.join(tmpdir(), "ascendra-backup-"));
try {
  await mkdir(path.join(work, "db"));
  const handle = await openDatabaseForScript(config);
  let schema;
  try {
    schema = await appliedSchemaVersion(handle.db);
    if (handle.kind === "pglite") {
      const dump = await handle.dumpDataDir!();
      await writeFile(path.join(work, "db/pglite.tar"), Buffer.from(await dump.arrayBuffer()));
    }
  } finally {
    await handle.close();
  }
  if (config.kind === "postgres")
    run("pg_dump", [
      "--format=custom",
      "--no-owner",
      "--file",
      path.join(work, "db/postgres.dump"),
      "--dbname",
      config.url,
    ]);

  const uploads = env.UPLOADS_STORAGE;
  const uploadsFrom = uploadsDir(env.DATA_DIR);
  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    createdAt: new Date().toISOString(),
    database: config.kind,
    schema,
    uploads,
  };
  await writeFile(path.join(work, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  if (uploads === "local" && existsSync(uploadsFrom)) {
    // The files as they are, under uploads/ in the archive.
    run("tar", [
      "-czf",
      target,
      "-C",
      work,
      "manifest.json",
      "db",
      "-C",
      path.dirname(uploadsFrom),
      path.basename(uploadsFrom),
    ]);
  } else {
    run("tar", ["-czf", target, "-C", work, "manifest.json", "db"]);
  }
  const size = spawnSync("du", ["-h", target], { encoding: "utf8" }).stdout.split("\t")[0];
  console.log(
    `Backed up the ${config.kind === "pglite" ? "embedded database" : "PostgreSQL database"} at schema ${schema.tag} (${schema.migrations} migrations)${uploads === "local" ? " and the local uploads" : ""} to ${target} (${size}).`,
  );
} catch (error) {
  exitWith(error);
} finally {
  await rm(work, { recursive: true, force: true });
}
