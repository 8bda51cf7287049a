// The database for a command-line script. With the embedded database, a data
// dir that another process holds (the server, another script) is refused at
// once with a plain message and exit code 1 (docs/decisions/0031-data-dir-lock-and-kept-input.md).
import { openDatabase, type DatabaseConfig, type DatabaseHandle } from "../models/platform/db.server";
import { DataDirLockedError } from "../models/platform/data-dir-lock.server";

export async function openDatabaseForScript(config: DatabaseConfig): Promise<DatabaseHandle> {
  try {
    return await openDatabase(config);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
