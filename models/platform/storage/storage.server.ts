import path from "node:path";
import { createLocalStorage } from "./local.server";
import { createPostgresStorage } from "./postgres.server";
import { createS3Storage, type S3Settings } from "./s3.server";
import type { UploadStorage } from "./storage";

/** What UPLOADS_STORAGE and its companions say (validated in app/lib/env.server.ts). */
export type UploadStorageSettings =
  { kind: "local"; dir?: string } | ({ kind: "s3" } & S3Settings) | { kind: "postgres" };

/** DATA_DIR/uploads (DATA_DIR defaults to .data, as for the database), read when asked. */
export function uploadsDir(dataDir = process.env.DATA_DIR || ".data"): string {
  return path.resolve(dataDir, "uploads");
}

export function createUploadStorage(settings: UploadStorageSettings): UploadStorage {
  switch (settings.kind) {
    case "local":
      return createLocalStorage(settings.dir ?? (() => uploadsDir()));
    case "s3":
      return createS3Storage(settings);
    case "postgres":
      return createPostgresStorage();
  }
}

const defaultStorage = createLocalStorage(() => uploadsDir());
let configured: UploadStorage | undefined;

/** Sets the process's upload storage (at boot, from the environment); undefined goes back to the default. */
export function configureUploadStorage(storage: UploadStorage | undefined): void {
  configured = storage;
}

/** The process's upload storage: as configured, else the local directory DATA_DIR/uploads. */
export function uploadStorage(): UploadStorage {
  return configured ?? defaultStorage;
}
