import { and, asc, eq, gte, lt } from "drizzle-orm";
import { uploadChunks, uploadObjects } from "../../schema";
import { db } from "../db.server";
import { assertStorageKey, type PutOptions, type StoredObject, type UploadStorage } from "./storage";

/** Bytes per upload_chunks row, and how many rows one read of a stream fetches. */
export const UPLOAD_CHUNK_BYTES = 256 * 1024;
const CHUNKS_PER_READ = 4;

/** The stream's bytes in pieces of exactly `size` (the last may be shorter). */
async function* inPieces(stream: ReadableStream<Uint8Array>, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) {
    let bytes = Buffer.from(part.buffer, part.byteOffset, part.byteLength);
    while (pendingBytes + bytes.byteLength >= size) {
      const take = size - pendingBytes;
      yield Buffer.concat([...pending, bytes.subarray(0, take)]);
      pending = [];
      pendingBytes = 0;
      bytes = bytes.subarray(take);
    }
    if (bytes.byteLength) {
      pending.push(Buffer.from(bytes)); // a copy: the stream may reuse its buffer
      pendingBytes += bytes.byteLength;
    }
  }
  if (pendingBytes) yield Buffer.concat(pending);
}

/**
 * Files in the application's own PostgreSQL database (upload_objects and
 * upload_chunks, migration 0014): the shared store that needs no other server.
 * A put writes the file's row and its chunks in one transaction, reading the
 * body one chunk at a time; a read fetches a few chunks per pull.
 */
export function createPostgresStorage(): UploadStorage {
  return {
    kind: "postgres",

    async put(key: string, body: Blob, options: PutOptions = {}) {
      assertStorageKey(key);
      await db().transaction(async (tx) => {
        await tx
          .insert(uploadObjects)
          .values({ key, size: body.size, contentType: options.contentType ?? null });
        let seq = 0;
        let written = 0;
        for await (const piece of inPieces(body.stream(), UPLOAD_CHUNK_BYTES)) {
          await tx.insert(uploadChunks).values({ key, seq: seq++, data: piece });
          written += piece.byteLength;
        }
        if (written !== body.size) throw new Error(`Upload ${key}: read ${written} bytes of ${body.size}`);
      });
    },

    async open(key: string): Promise<StoredObject | null> {
      assertStorageKey(key);
      // The handle of the request that opened the file: the stream is read later, outside it.
      const database = db();
      const [object] = await database
        .select({ size: uploadObjects.size, contentType: uploadObjects.contentType })
        .from(uploadObjects)
        .where(eq(uploadObjects.key, key))
        .limit(1);
      if (!object) return null;
      let next = 0;
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const rows = await database
            .select({ data: uploadChunks.data })
            .from(uploadChunks)
            .where(
              and(
                eq(uploadChunks.key, key),
                gte(uploadChunks.seq, next),
                lt(uploadChunks.seq, next + CHUNKS_PER_READ),
              ),
            )
            .orderBy(asc(uploadChunks.seq));
          next += CHUNKS_PER_READ;
          for (const row of rows) {
            controller.enqueue(new Uint8Array(row.data));
            sent += row.data.byteLength;
          }
          if (rows.length < CHUNKS_PER_READ || sent >= object.size) {
            // Fewer bytes than the row says: the file was deleted while it was read.
            if (sent !== object.size) controller.error(new Error(`Upload ${key} ended after ${sent} bytes`));
            else controller.close();
          }
        },
      });
      return {
        stream,
        size: object.size,
        ...(object.contentType ? { contentType: object.contentType } : {}),
      };
    },

    async stat(key: string) {
      assertStorageKey(key);
      const [object] = await db()
        .select({ size: uploadObjects.size })
        .from(uploadObjects)
        .where(eq(uploadObjects.key, key))
        .limit(1);
      return object ?? null;
    },

    async delete(key: string) {
      assertStorageKey(key);
      await db().delete(uploadObjects).where(eq(uploadObjects.key, key));
    },
  };
}
