import { randomBytes } from "node:crypto";
import { SHOP_FILE_TYPES } from "../billing/billing-content";
import { cleanFileName, fileExtension } from "../platform/uploads";
import { fileMatchesExtension, storageFor } from "../platform/uploads.server";
import { CATALOG_MESSAGES, SHOP_FILE_RULES, SHOP_IMAGE_RULES } from "./catalog";

// Files staff upload for shop items: the downloadable file and the card's
// image. Checked here (extension, size, then the contents' real type through
// the one check every upload uses, fileMatchesExtension), then
// stored like every upload: in the upload storage under a random key
// (models/platform/uploads.server.ts, decision 0042). The seed's own files stay in seeds/shop-files.

export type CheckedFile = { bytes: Uint8Array; extension: string; name: string; contentType: string };
export type FileCheck = { ok: true; file: CheckedFile } | { ok: false; message: string };

const IMAGE_TYPES: Record<(typeof SHOP_IMAGE_RULES.extensions)[number], string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
};

/** Checks an uploaded file against the rules for a shop file or a shop image. */
export async function checkCatalogFile(file: File, kind: "file" | "image"): Promise<FileCheck> {
  const rules = kind === "file" ? SHOP_FILE_RULES : SHOP_IMAGE_RULES;
  const extension = fileExtension(file.name);
  if (!(rules.extensions as readonly string[]).includes(extension))
    return { ok: false, message: CATALOG_MESSAGES.fileType(rules.extensions) };
  if (file.size > rules.maxBytes)
    return { ok: false, message: CATALOG_MESSAGES.fileTooLarge(rules.maxBytes / (1024 * 1024)) };
  if (!(await fileMatchesExtension(file, extension)))
    return { ok: false, message: CATALOG_MESSAGES.fileContent };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType =
    kind === "file"
      ? SHOP_FILE_TYPES[extension as keyof typeof SHOP_FILE_TYPES]
      : IMAGE_TYPES[extension as keyof typeof IMAGE_TYPES];
  return { ok: true, file: { bytes, extension, name: cleanFileName(file.name), contentType } };
}

/** Writes checked bytes under a new random storage key (the format openUpload reads). */
export async function storeCatalogFile(bytes: Uint8Array, dataDir?: string): Promise<string> {
  const storageKey = randomBytes(16).toString("hex");
  await storageFor(dataDir).put(storageKey, new Blob([bytes as Uint8Array<ArrayBuffer>]));
  return storageKey;
}

/** The public path of an uploaded shop image: /shop-images/<key>.<ext>. */
export const SHOP_IMAGE_PREFIX = "/shop-images/";
export const shopImagePath = (storageKey: string, extension: string) =>
  `${SHOP_IMAGE_PREFIX}${storageKey}.${extension}`;
const IMAGE_FILE = /^([0-9a-f]{32})\.(png|jpg|jpeg|webp)$/;

/** The storage key and content type behind /shop-images/<file>, or null for anything malformed. */
export function parseShopImageFile(
  file: string | undefined,
): { storageKey: string; contentType: string } | null {
  const match = IMAGE_FILE.exec(file ?? "");
  if (!match) return null;
  return { storageKey: match[1]!, contentType: IMAGE_TYPES[match[2] as keyof typeof IMAGE_TYPES] };
}
