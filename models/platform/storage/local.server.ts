import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { assertStorageKey, type PutOptions, type StoredObject, type UploadStorage } from "./storage";

/**
 * Files in one directory, named by their keys (mode 0600): DATA_DIR/uploads
 * by default. `dir` may be a function, read on every call (tests change DATA_DIR).
 */
export function createLocalStorage(dir: string | (() => string)): UploadStorage {
  const directory = typeof dir === "string" ? () => dir : dir;
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(directory(), key);
  };

  return {
    kind: "local",

    async put(key: string, body: Blob, options: PutOptions = {}) {
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      if (options.localPath) {
        try {
          await rename(options.localPath, target);
          return;
        } catch {
          // Another file system: copy below.
        }
      }
      // A temporary name first, so a half-written file is never under the key.
      const partial = `${target}.partial`;
      try {
        await pipeline(
          Readable.fromWeb(body.stream() as NodeReadableStream),
          createWriteStream(partial, { flags: "wx", mode: 0o600 }),
        );
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },

    async open(key: string): Promise<StoredObject | null> {
      const file = fileOf(key);
      try {
        const { size } = await stat(file);
        return { stream: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size };
      } catch {
        return null;
      }
    },

    async stat(key: string) {
      try {
        const info = await stat(fileOf(key));
        return info.isFile() ? { size: info.size } : null;
      } catch {
        return null;
      }
    },

    async delete(key: string) {
      await rm(fileOf(key), { force: true });
    },
  };
}
