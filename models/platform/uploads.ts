// Upload rules that the browser, the pages and the API share: allowed
// extensions, size limits, and how sizes read. Pure; checking a file's real
// type (fileMatchesExtension) and storing it is uploads.server.ts.

export const MEGABYTE = 1024 * 1024;

export type FileKind =
  "pdf" | "doc" | "docx" | "ppt" | "pptx" | "jpg" | "jpeg" | "png" | "gif" | "webp" | "zip" | "rar";

/** Project files: pdf, doc, docx, jpg, jpeg, png, gif, zip, rar; 10 MB (docs/product.md, "Uploads"). */
export const PROJECT_FILE_RULES = {
  extensions: ["pdf", "doc", "docx", "jpg", "jpeg", "png", "gif", "zip", "rar"] as FileKind[],
  maxBytes: 10 * MEGABYTE,
} as const;

export const UPLOAD_MESSAGES = {
  notAFile: "Please choose a file to upload.",
  wrongType: (extensions: readonly string[]) =>
    `Please upload a ${extensions.slice(0, -1).join(", ")} or ${extensions.at(-1)} file.`,
  tooLarge: (maxBytes: number) => `The file is too large. The maximum size is ${formatFileSize(maxBytes)}.`,
  contentMismatch: "This file's contents do not match its extension. Please upload the original file.",
} as const;

export const CONTENT_TYPES: Record<FileKind, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  zip: "application/zip",
  rar: "application/vnd.rar",
};

/** The lower-case extension without the dot ("" when there is none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

const SIZE_UNITS = ["Bytes", "KB", "MB", "GB"] as const;

/** 0 Bytes, 512 Bytes, 1.5 KB, 10 MB, 2.25 GB (docs/product.md, "Uploads": Bytes, KB, MB, GB). */
export function formatFileSize(size: number): string {
  if (!Number.isFinite(size) || size <= 0) return "0 Bytes";
  const unit = Math.min(Math.floor(Math.log(size) / Math.log(1024)), SIZE_UNITS.length - 1);
  const value = size / 1024 ** unit;
  return `${Number.parseFloat(value.toFixed(2))} ${SIZE_UNITS[unit]}`;
}

/** A file name safe to show and to put in Content-Disposition: no paths, no control characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, "")
    .trim()
    .slice(-150);
  return cleaned || "file";
}
