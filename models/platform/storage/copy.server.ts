import { openAsBlob } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import type { UploadStorage } from "./storage";

/** Upload keys as the app makes them (32 hex digits); nothing else in the directory is an upload. */
const UPLOAD_NAME = /^[0-9a-f]{32}$/;

export type CopyReport = { copied: number; alreadyThere: number; bytes: number };

/**
 * Copies every upload in a local uploads directory to `target` under the same
 * key (npm run uploads:migrate, decision 0042), streaming each file. A key
 * already there with the same size is left alone, so the copy can be run
 * again after an interruption. Nothing is deleted.
 */
export async function copyLocalUploads(
  dir: string,
  target: UploadStorage,
  onFile?: (key: string, size: number) => void,
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, alreadyThere: 0, bytes: 0 };
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const key of names.filter((name) => UPLOAD_NAME.test(name)).sort()) {
    const file = path.join(dir, key);
    const { size } = await stat(file);
    if ((await target.stat(key))?.size === size) {
      report.alreadyThere++;
      continue;
    }
    await target.put(key, await openAsBlob(file));
    report.copied++;
    report.bytes += size;
    onFile?.(key, size);
  }
  return report;
}
