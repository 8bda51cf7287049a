// The one interface uploaded files go through (decision 0042). A backend keeps
// bytes under keys (never paths): the local directory (the default), any
// S3-compatible server, or PostgreSQL. Which one a process uses comes from
// UPLOADS_STORAGE (app/lib/env.server.ts); every process of one site must be
// configured alike, so a file one process stored is read by any other.

export type StorageKind = "local" | "s3" | "postgres";

/** A stored file's bytes as a web stream, with its size (and type, when the backend keeps one). */
export type StoredObject = { stream: ReadableStream<Uint8Array>; size: number; contentType?: string };

export type PutOptions = {
  contentType?: string;
  /**
   * Where `body`'s bytes already are on this machine's disk (a spooled
   * upload). A backend on the same file system may move the file there
   * instead of copying it; the caller removes it afterwards if it is still there.
   */
  localPath?: string;
};

export interface UploadStorage {
  readonly kind: StorageKind;
  /** Stores `body` under a new key, streaming it; its size is known (a Blob). Nothing is visible under the key until it is complete. */
  put(key: string, body: Blob, options?: PutOptions): Promise<void>;
  /** The bytes under `key` as a stream, or null when there is nothing there. */
  open(key: string): Promise<StoredObject | null>;
  /** The size under `key`, or null when there is nothing there. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes what is under `key`; nothing happens when there is nothing. */
  delete(key: string): Promise<void>;
}

/** Keys are flat names: letters, digits, dash and underscore (uploads use 32 hex digits). */
const KEY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export function assertStorageKey(key: string): void {
  if (!KEY.test(key)) throw new Error("Invalid storage key");
}
