// npm run restore -- FILE: puts back what npm run backup wrote
// (docs/decisions/0064-operations.md), into an empty embedded data dir
// (DATA_DIR/db) or an empty PostgreSQL database (DATABASE_URL), whichever
// kind the backup was of, and the local uploads into DATA_DIR/uploads. Then
// migrates: a backup from an older build comes back at this build's schema.
// Refuses to overwrite anything; the servers must be stopped.
import { existsSync, readdirSync } from "node:fs";
import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { databaseConfig, loadEnv } from "../app/lib/env.server";
import {
  appliedSchemaVersion,
  expectedSchemaVersion,
  postgresHasTables,
} from "../models/platform/schema-version.server";
import type { DatabaseHandle } from "../models/platform/db.server";
import { uploadsDir } from "../models/platform/storage/storage.server";
import { ARCHIVE_FORMAT, exitWith, Refusal, run, type Manifest } from "./backup-archive";
import { openDatabaseForScript } from "./open-database";

const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.error(file ? `No such file: ${file}` : "Usage: npm run restore -- FILE");
  process.exit(2);
}
const refuse = (message: string): never => {
  throw new Refusal(message);
};
const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

const env = loadEnv();
const config = databaseConfig(env, "npm run restore");
const work = await mkdtemp(path.join(tmpdir(), "ascendra-restore-"));
try {
  run("tar", ["-xzf", path.resolve(file), "-C", work]);
  const manifest = JSON.parse(await readFile(path.join(work, "manifest.json"), "utf8")) as Manifest;
  if (manifest.format !== ARCHIVE_FORMAT)
    refuse(`${file} is not a backup this build reads (${manifest.format}).`);
  const expected = expectedSchemaVersion();
  if ((manifest.schema.when ?? 0) > (expected.when ?? 0))
    refuse(
      `The backup's schema (${manifest.schema.tag}) is newer than this build's (${expected.tag}): restore it with a newer build.`,
    );
  if (manifest.database !== config.kind)
    refuse(
      manifest.database === "postgres"
        ? "This backup is of a PostgreSQL database: set DATABASE_URL to an empty database to restore it into."
        : "This backup is of the embedded database: unset DATABASE_URL and set DATA_DIR to restore it.",
    );
  const uploadsTo = uploadsDir(env.DATA_DIR);
  const withUploads = manifest.uploads === "local" && existsSync(path.join(work, "uploads"));
  if (withUploads && !isEmptyDir(uploadsTo))
    refuse(`${uploadsTo} is not empty: restore into an empty DATA_DIR.`);

  if (config.kind === "pglite") {
    if (!isEmptyDir(config.dataDir!))
      refuse(`${config.dataDir} is not empty: restore into an empty DATA_DIR.`);
    const dump = await readFile(path.join(work, "db/pglite.tar"));
    // PGlite unpacks the copy into the data dir; openDatabase then migrates it.
    const handle = await openDatabaseForScript({ ...config, loadDataDir: new Blob([dump]) });
    await report(handle, manifest);
  } else {
    if (await postgresHasTables(config.url))
      refuse("The database DATABASE_URL names has tables: restore into an empty database.");
    run("pg_restore", [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--dbname",
      config.url,
      path.join(work, "db/postgres.dump"),
    ]);
    await report(await openDatabaseForScript(config), manifest);
  }
  if (withUploads) await cp(path.join(work, "uploads"), uploadsTo, { recursive: true });
  console.log(
    withUploads
      ? `Restored the uploads to ${uploadsTo}.`
      : manifest.uploads === "s3"
        ? "The uploads were in an S3 bucket, not in this archive: the bucket keeps them."
        : manifest.uploads === "postgres"
          ? "The uploads were in the database: restored with it."
          : "The backup had no uploaded files.",
  );
} catch (error) {
  exitWith(error);
} finally {
  await rm(work, { recursive: true, force: true });
}

async function report(handle: DatabaseHandle, manifest: Manifest) {
  try {
    const now = await appliedSchemaVersion(handle.db);
    console.log(
      `Restored the ${handle.kind === "pglite" ? "embedded" : "PostgreSQL"} database from ${file}: backed up at schema ${manifest.schema.tag}, now at ${now.tag}.`,
    );
  } finally {
    await handle.close();
  }
}
