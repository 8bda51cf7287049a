// What npm run backup writes and npm run restore reads (docs/decisions/0064-operations.md).
import { spawnSync } from "node:child_process";
import type { SchemaVersion } from "../models/platform/schema-version.server";

export const ARCHIVE_FORMAT = "ascendra-backup/1";

/** manifest.json, at the archive's root beside db/ (pglite.tar or postgres.dump) and uploads/. */
export type Manifest = {
  format: typeof ARCHIVE_FORMAT;
  createdAt: string;
  database: "pglite" | "postgres";
  /** The last migration the database had applied when it was backed up. */
  schema: SchemaVersion;
  /** Where the uploads were kept: only `local` ones are in the archive (postgres: in the dump). */
  uploads: "local" | "s3" | "postgres";
};

/** A reason to stop, for the person who ran the command: printed without a stack, exit code 1. */
export class Refusal extends Error {
  override name = "Refusal";
}

/** Runs a command, its output passed through; a Refusal when it fails. */
export function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: ["ignore", "inherit", "inherit"] });
  if (result.error)
    throw new Refusal(
      `${command} could not run (${result.error.message}).${command.startsWith("pg_") ? " Install the PostgreSQL client: apt-get install postgresql-client." : ""}`,
    );
  if (result.status !== 0) throw new Refusal(`${command} failed (exit ${result.status}).`);
}

/** Ends the command: a Refusal as its message alone, anything else with its stack. */
export function exitWith(error: unknown): void {
  console.error(error instanceof Refusal ? error.message : error);
  process.exitCode = 1;
}
