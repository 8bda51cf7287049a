import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, runWithDatabase } from "~models/platform/db.server";
import { createLocalStorage } from "~models/platform/storage/local.server";
import { createPostgresStorage, UPLOAD_CHUNK_BYTES } from "~models/platform/storage/postgres.server";
import { createS3Storage } from "~models/platform/storage/s3.server";
import type { UploadStorage } from "~models/platform/storage/storage";
import { createEmptyTestDatabase } from "~models/platform/testing.server";
import { startS3Server, type TestS3Server } from "./s3-server";

// The contract every upload storage backend keeps (decision 0042), run
// against each: the local directory, an S3-compatible server (s3rver on
// 127.0.0.1) and PostgreSQL (upload_objects/upload_chunks: two pools on a
// fresh database; on PGlite, the test's own database). Each also shows that what one "process" stored,
// another configured alike reads.

const template = inject("testDatabase");
const postgres = template.kind === "postgres" ? template : null;

/** Bytes that differ from one position to the next, bigger than a PostgreSQL chunk. */
const sample = (size: number, seed = 7) => new Uint8Array(size).map((_, i) => (i * 31 + seed) % 251);
const readAll = async (stream: ReadableStream<Uint8Array>) =>
  new Uint8Array(await new Response(stream).arrayBuffer());
/** Whether two byte arrays are equal (toEqual walks a big array element by element: slow). */
const same = (a: Uint8Array, b: Uint8Array) => Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;
let counter = 0;
const newKey = () =>
  `${Date.now().toString(16)}${(counter++).toString(16).padStart(4, "0")}abcdef0123456789`.slice(0, 32);

type Backend = {
  name: string;
  skip?: boolean;
  /** Two storages on one backend, as two processes configured alike would have. */
  start: () => Promise<{ first: UploadStorage; second: UploadStorage; stop: () => Promise<void> }>;
};

const backends: Backend[] = [
  {
    name: "local",
    async start() {
      const dir = await mkdtemp(path.join(os.tmpdir(), "ascendra-storage-"));
      return {
        first: createLocalStorage(dir),
        second: createLocalStorage(() => dir),
        stop: () => rm(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: "s3",
    async start() {
      const server: TestS3Server = await startS3Server();
      return {
        first: createS3Storage(server.settings),
        second: createS3Storage(server.settings),
        stop: server.stop,
      };
    },
  },
  {
    // On PGlite (one process per data dir, so UPLOADS_STORAGE=postgres is refused there) the
    // same tables and SQL, in the test's own database: one "process" playing both.
    name: "postgres tables on PGlite",
    skip: Boolean(postgres),
    async start() {
      return { first: createPostgresStorage(), second: createPostgresStorage(), stop: async () => {} };
    },
  },
  {
    name: "postgres",
    skip: !postgres,
    async start() {
      const database = await createEmptyTestDatabase(postgres!, "upload_storage");
      const one = await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 });
      const two = await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 });
      // Each storage works on its own pool, as in a process of its own.
      const on = (handle: typeof one, storage: UploadStorage): UploadStorage => ({
        kind: storage.kind,
        put: (...args) => runWithDatabase(handle, () => storage.put(...args)),
        open: (key) => runWithDatabase(handle, () => storage.open(key)),
        stat: (key) => runWithDatabase(handle, () => storage.stat(key)),
        delete: (key) => runWithDatabase(handle, () => storage.delete(key)),
      });
      return {
        first: on(one, createPostgresStorage()),
        second: on(two, createPostgresStorage()),
        async stop() {
          await Promise.all([one.close(), two.close()]);
          await database.drop();
        },
      };
    },
  },
];

describe.each(backends)("upload storage: $name", (backend) => {
  let first: UploadStorage;
  let second: UploadStorage;
  let stop = async () => {};
  beforeAll(async () => {
    if (backend.skip) return;
    ({ first, second, stop } = await backend.start());
  });
  afterAll(() => stop());

  it.skipIf(backend.skip)(
    "stores a file as a stream and gives back the same bytes, size and type",
    async () => {
      const key = newKey();
      const bytes = sample(UPLOAD_CHUNK_BYTES * 2 + 12_345);
      await first.put(key, new Blob([bytes]), { contentType: "application/pdf" });
      expect(await first.stat(key)).toEqual({ size: bytes.byteLength });
      const opened = await first.open(key);
      expect(opened?.size).toBe(bytes.byteLength);
      if (first.kind !== "local") expect(opened?.contentType).toBe("application/pdf");
      expect(same(await readAll(opened!.stream), bytes)).toBe(true);
    },
  );

  it.skipIf(backend.skip)("keeps an empty file and a file of exactly one chunk", async () => {
    for (const size of [0, UPLOAD_CHUNK_BYTES]) {
      const key = newKey();
      const bytes = sample(size, 3);
      await first.put(key, new Blob([bytes]));
      const opened = await first.open(key);
      expect(opened?.size).toBe(size);
      expect(same(await readAll(opened!.stream), bytes)).toBe(true);
    }
  });

  it.skipIf(backend.skip)(
    "answers null for a key with nothing under it, and deleting it is no error",
    async () => {
      const key = newKey();
      expect(await first.open(key)).toBeNull();
      expect(await first.stat(key)).toBeNull();
      await expect(first.delete(key)).resolves.toBeUndefined();
    },
  );

  it.skipIf(backend.skip)("deletes: afterwards nothing is there, for this process or another", async () => {
    const key = newKey();
    await first.put(key, new Blob([sample(1000)]));
    await second.delete(key);
    expect(await first.open(key)).toBeNull();
    expect(await second.stat(key)).toBeNull();
  });

  it.skipIf(backend.skip)("a file one process stored is read by another configured alike", async () => {
    const key = newKey();
    const bytes = sample(300_000, 11);
    await first.put(key, new Blob([bytes]), { contentType: "image/png" });
    expect(await second.stat(key)).toEqual({ size: bytes.byteLength });
    const opened = await second.open(key);
    expect(same(await readAll(opened!.stream), bytes)).toBe(true);
  });

  it.skipIf(backend.skip)(
    "takes a spooled file from the disk (moved when the storage is on the same disk)",
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), "ascendra-spool-"));
      try {
        const spooled = path.join(dir, "incoming-file");
        const bytes = sample(5000, 5);
        await writeFile(spooled, bytes);
        const key = newKey();
        const { openAsBlob } = await import("node:fs");
        await first.put(key, await openAsBlob(spooled), { localPath: spooled });
        expect(same(await readAll((await second.open(key))!.stream), bytes)).toBe(true);
        // Local storage renames it into place; the others leave it for the caller to remove.
        expect(await readdir(dir)).toEqual(first.kind === "local" ? [] : ["incoming-file"]);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );

  it.skipIf(backend.skip)("refuses keys that are not flat names", async () => {
    for (const key of ["../etc/passwd", "a/b", "", ".hidden"]) {
      await expect(first.open(key)).rejects.toThrow("Invalid storage key");
      await expect(first.put(key, new Blob(["x"]))).rejects.toThrow("Invalid storage key");
    }
  });
});
