import { randomBytes } from "node:crypto";
import { createWriteStream, openAsBlob } from "node:fs";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { pipeline } from "node:stream/promises";
import { fileTypeFromBlob } from "file-type";
import { ownValue } from "./lookup";
import { createLocalStorage } from "./storage/local.server";
import { uploadsDir, uploadStorage } from "./storage/storage.server";
import type { UploadStorage } from "./storage/storage";
import { CONTENT_TYPES, cleanFileName, fileExtension, UPLOAD_MESSAGES, type FileKind } from "./uploads";

// Uploaded files live in the upload storage (models/platform/storage: the
// local DATA_DIR/uploads by default, or a store every process shares,
// decision 0042) under random keys; the database keeps their metadata
// (original name, size, type, owner). They are served only through resource
// routes that check who may read them.

export type UploadRules = { extensions: readonly FileKind[]; maxBytes: number };
export type StoredUpload = { storageKey: string; name: string; size: number; contentType: string };
export type UploadResult = { ok: true; upload: StoredUpload } | { ok: false; message: string };

const STORAGE_KEY = /^[0-9a-f]{32}$/;

export { uploadsDir };

/** The configured storage, or the local directory of an explicitly given data dir. */
export const storageFor = (dataDir?: string): UploadStorage =>
  dataDir ? createLocalStorage(uploadsDir(dataDir)) : uploadStorage();

// The one file-type check. Every upload (project files, CVs, collaboration
// attachments, the shop's files and card images) asks it whether a file's
// contents are the type its extension names. Binary formats are recognised by
// the file-type package from the file's own bytes; the text formats it cannot
// recognise (svg, txt, csv, json: shop files only) keep their own rules here.

/** ZIP containers file-type names by what is inside: all are a .zip. */
const ZIP_CONTAINERS = ["zip", "docx", "pptx", "xlsx", "odt", "odp", "ods", "epub", "jar", "apk"];

/** For each binary extension, what file-type may say it is. doc and ppt are OLE2 (cfb) files. */
const DETECTED_AS: Readonly<Record<string, readonly string[]>> = {
  pdf: ["pdf"],
  doc: ["cfb"],
  ppt: ["cfb"],
  docx: ["docx", "zip"],
  pptx: ["pptx", "zip"],
  jpg: ["jpg"],
  jpeg: ["jpg"],
  png: ["png", "apng"],
  gif: ["gif"],
  webp: ["webp"],
  zip: ZIP_CONTAINERS,
  rar: ["rar"],
};

/** The whole file as UTF-8 text, or null when it is binary (a NUL, or not UTF-8). */
function utf8Text(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Text formats: the whole file must be UTF-8 text, and these say what else it must be. */
const TEXT_RULES: Readonly<Record<string, (text: string) => boolean>> = {
  svg: (text) => /<svg[\s>]/i.test(text.slice(0, 4096)),
  json: isJson,
  txt: () => true,
  csv: () => true,
};

/** What file-type reads in the file's bytes (only as many as it needs), or undefined. */
async function detectedType(file: Blob): Promise<string | undefined> {
  try {
    return (await fileTypeFromBlob(file))?.ext;
  } catch {
    return undefined; // cut short or malformed: not the type it claims
  }
}

/** Whether the check has a rule for this extension (an extension without one never matches). */
export const knowsFileType = (extension: string) =>
  ownValue(TEXT_RULES, extension) !== undefined || ownValue(DETECTED_AS, extension) !== undefined;

/**
 * Whether the file's contents are really the type its (lower-case) extension
 * names. An empty file, or an extension with no rule, never matches.
 */
export async function fileMatchesExtension(file: Blob, extension: string): Promise<boolean> {
  if (file.size === 0) return false;
  const textRule = ownValue(TEXT_RULES, extension);
  if (textRule) {
    const text = utf8Text(new Uint8Array(await file.arrayBuffer()));
    return text !== null && textRule(text);
  }
  const allowed = ownValue(DETECTED_AS, extension);
  if (!allowed) return false;
  const detected = await detectedType(file);
  return detected !== undefined && allowed.includes(detected);
}

/** The rules, checked on the server: size, extension, then what the contents really are. */
export async function checkUpload(
  file: File,
  rules: UploadRules,
): Promise<{ ok: true; kind: FileKind } | { ok: false; message: string }> {
  if (file.size > rules.maxBytes) return { ok: false, message: UPLOAD_MESSAGES.tooLarge(rules.maxBytes) };
  const kind = fileExtension(file.name) as FileKind;
  if (!rules.extensions.includes(kind))
    return { ok: false, message: UPLOAD_MESSAGES.wrongType(rules.extensions) };
  if (!(await fileMatchesExtension(file, kind)))
    return { ok: false, message: UPLOAD_MESSAGES.contentMismatch };
  return { ok: true, kind };
}

// A multipart body's files are written to DATA_DIR/uploads/incoming as they
// are parsed (app/lib/multipart.server.ts), so the form holds files backed by
// this machine's disk, not their bytes, whatever the storage. Storing such a
// file renames it into place (local storage) or streams it from there with its
// length known (a shared store); files never stored are removed with their
// request's leftovers (sweepIncoming).

const INCOMING = "incoming";
/** Files in incoming/ older than this were left by a request that did not store them. */
const INCOMING_MAX_AGE_MS = 60 * 60 * 1000;
const spooledPaths = new WeakMap<Blob, string>();

/** A new random storage key: the file's name under DATA_DIR/uploads. */
const newStorageKey = () => randomBytes(16).toString("hex");

/**
 * Writes an uploaded file to DATA_DIR/uploads/incoming and answers a File with
 * the same name and type whose bytes are read from there.
 */
export async function spoolUpload(file: File, dataDir?: string): Promise<File> {
  const dir = path.join(uploadsDir(dataDir), INCOMING);
  await mkdir(dir, { recursive: true });
  const spooled = path.join(dir, newStorageKey());
  await pipeline(
    Readable.fromWeb(file.stream() as NodeReadableStream),
    createWriteStream(spooled, { flags: "wx", mode: 0o600 }),
  );
  const onDisk = new File([await openAsBlob(spooled)], file.name, {
    type: file.type,
    lastModified: file.lastModified,
  });
  spooledPaths.set(onDisk, spooled);
  return onDisk;
}

/** Removes a spooled file that will not be stored (nothing happens for other files). */
export async function discardSpooled(file: Blob): Promise<void> {
  const spooled = spooledPaths.get(file);
  spooledPaths.delete(file);
  if (spooled) await rm(spooled, { force: true });
}

/** Removes files in incoming/ that no request stored within the hour (any process may run it). */
export async function sweepIncoming(dataDir?: string, now = Date.now()): Promise<void> {
  const dir = path.join(uploadsDir(dataDir), INCOMING);
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const file = path.join(dir, name);
    const modified = await stat(file).then(
      (info) => info.mtimeMs,
      () => now,
    );
    if (now - modified > INCOMING_MAX_AGE_MS) await rm(file, { force: true });
  }
}

/** Checks and writes the file under a random name. Nothing is written when a rule fails. */
export async function storeUpload(file: File, rules: UploadRules, dataDir?: string): Promise<UploadResult> {
  const checked = await checkUpload(file, rules);
  if (!checked.ok) return checked;
  const storageKey = newStorageKey();
  const contentType = CONTENT_TYPES[checked.kind];
  await storageFor(dataDir).put(storageKey, file, { contentType, localPath: spooledPaths.get(file) });
  await discardSpooled(file); // nothing left when the storage moved it
  return {
    ok: true,
    upload: {
      storageKey,
      name: cleanFileName(file.name),
      size: file.size,
      contentType,
    },
  };
}

function checkedKey(storageKey: string): string {
  if (!STORAGE_KEY.test(storageKey)) throw new Error("Invalid storage key");
  return storageKey;
}

/** The stored file as a web stream, or null when it is gone. */
export async function openUpload(
  storageKey: string,
  dataDir?: string,
): Promise<{ stream: ReadableStream<Uint8Array>; size: number } | null> {
  const object = await storageFor(dataDir).open(checkedKey(storageKey));
  return object ? { stream: object.stream, size: object.size } : null;
}

export async function deleteUpload(storageKey: string, dataDir?: string): Promise<void> {
  await storageFor(dataDir).delete(checkedKey(storageKey));
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
