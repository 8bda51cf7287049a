import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import {
  CONTENT_TYPES,
  cleanFileName,
  fileExtension,
  hasMagicBytes,
  UPLOAD_MESSAGES,
  type FileKind,
} from "./uploads";

// Uploaded files live in DATA_DIR/uploads under random names; the database
// keeps their metadata (original name, size, type, owner). They are served only
// through resource routes that check who may read them.

export type UploadRules = { extensions: readonly FileKind[]; maxBytes: number };
export type StoredUpload = { storageKey: string; name: string; size: number; contentType: string };
export type UploadResult = { ok: true; upload: StoredUpload } | { ok: false; message: string };

const STORAGE_KEY = /^[0-9a-f]{32}$/;

/** DATA_DIR/uploads (DATA_DIR defaults to .data, as for the database). */
export function uploadsDir(dataDir = process.env.DATA_DIR || ".data"): string {
  return path.resolve(dataDir, "uploads");
}

/** The rules, checked on the server: size, extension, then the file's first bytes. */
export async function checkUpload(
  file: File,
  rules: UploadRules,
): Promise<{ ok: true; kind: FileKind; bytes: Uint8Array } | { ok: false; message: string }> {
  if (file.size > rules.maxBytes) return { ok: false, message: UPLOAD_MESSAGES.tooLarge(rules.maxBytes) };
  const kind = fileExtension(file.name) as FileKind;
  if (!rules.extensions.includes(kind))
    return { ok: false, message: UPLOAD_MESSAGES.wrongType(rules.extensions) };
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!hasMagicBytes(kind, bytes.subarray(0, 16)))
    return { ok: false, message: UPLOAD_MESSAGES.contentMismatch };
  return { ok: true, kind, bytes };
}

/** Checks and writes the file under a random name. Nothing is written when a rule fails. */
export async function storeUpload(file: File, rules: UploadRules, dataDir?: string): Promise<UploadResult> {
  const checked = await checkUpload(file, rules);
  if (!checked.ok) return checked;
  const storageKey = randomBytes(16).toString("hex");
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, storageKey), checked.bytes, { flag: "wx", mode: 0o600 });
  return {
    ok: true,
    upload: {
      storageKey,
      name: cleanFileName(file.name),
      size: checked.bytes.byteLength,
      contentType: CONTENT_TYPES[checked.kind],
    },
  };
}

function filePath(storageKey: string, dataDir?: string): string {
  if (!STORAGE_KEY.test(storageKey)) throw new Error("Invalid storage key");
  return path.join(uploadsDir(dataDir), storageKey);
}

/** The stored file as a web stream, or null when it is gone. */
export async function openUpload(
  storageKey: string,
  dataDir?: string,
): Promise<{ stream: ReadableStream<Uint8Array>; size: number } | null> {
  const file = filePath(storageKey, dataDir);
  try {
    const { size } = await stat(file);
    return { stream: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size };
  } catch {
    return null;
  }
}

export async function deleteUpload(storageKey: string, dataDir?: string): Promise<void> {
  await rm(filePath(storageKey, dataDir), { force: true });
}

/**
 * A download response: always an attachment, never sniffed, never cached by
 * shared caches. The name is sent both plainly (ASCII) and as UTF-8.
 */
export function attachmentResponse(
  upload: { name: string; contentType: string },
  body: { stream: ReadableStream<Uint8Array>; size: number },
): Response {
  const ascii = upload.name.replace(/[^\x20-\x7e]/g, "_").replace(/[\\"]/g, "_");
  return new Response(body.stream, {
    headers: {
      "Content-Type": upload.contentType,
      "Content-Length": String(body.size),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(upload.name)}`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
