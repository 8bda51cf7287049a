// npm run uploads:migrate: copies the files in DATA_DIR/uploads to the storage
// UPLOADS_STORAGE names (an S3-compatible bucket or the PostgreSQL database),
// under the same keys, so the database's rows find them there (decision 0042).
// Safe to run again; deletes nothing. Run it with the servers stopped, or run it
// again after switching them over, to catch files uploaded meanwhile.
import { databaseConfig, loadEnv, uploadStorageSettings } from "../app/lib/env.server";
import { setDatabase } from "../models/platform/db.server";
import { copyLocalUploads } from "../models/platform/storage/copy.server";
import { createUploadStorage, uploadsDir } from "../models/platform/storage/storage.server";
import { formatFileSize } from "../models/platform/uploads";
import { openDatabaseForScript } from "./open-database";

const env = loadEnv();
const settings = uploadStorageSettings(env);
if (settings.kind === "local") {
  console.error(
    "UPLOADS_STORAGE is local: set it (and its settings) to the shared storage to copy DATA_DIR/uploads into.",
  );
  process.exit(2);
}
const handle =
  settings.kind === "postgres"
    ? await openDatabaseForScript(databaseConfig(env, "npm run uploads:migrate"))
    : undefined;
if (handle) setDatabase(handle);
try {
  const from = uploadsDir(env.DATA_DIR);
  const report = await copyLocalUploads(from, createUploadStorage(settings));
  console.log(
    `Copied ${report.copied} file(s), ${formatFileSize(report.bytes)}, from ${from} to ${settings.kind}; ${report.alreadyThere} already there.`,
  );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  if (handle) {
    setDatabase(undefined);
    await handle.close();
  }
}
