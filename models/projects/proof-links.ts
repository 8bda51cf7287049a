// What the proofing pages need in the browser: the upload rules, the paths,
// and a token count in words. Apart from proofing.ts (the rules and messages)
// so that the back-office and project pages carry only these few lines.
import { MEGABYTE, type FileKind } from "../platform/uploads";
import { ACTIVE_STATUSES, type ProjectStatus } from "./projects";

/**
 * What staff may upload for proofing: raster images the browser shows as they
 * are, and PDF. No SVG (it can carry script), no GIF (animation has no single
 * frame to pin on). The same size limit as every project file.
 */
export const PROOF_FILE_RULES = {
  extensions: ["png", "jpg", "jpeg", "webp", "pdf"] as FileKind[],
  maxBytes: 10 * MEGABYTE,
} as const;

/** Pins can be added while the project is open; afterwards everything is read-only. */
export const canPin = (status: ProjectStatus) => ACTIVE_STATUSES.includes(status);

export const tokens = (n: number) => `${n} token${n === 1 ? "" : "s"}`;

// ---------------------------------------------------------------------------
// Where things are

/** The client's proof page of one version. */
export const proofPath = (projectId: string, deliverableId: string) =>
  `/project/${projectId}/proof/${deliverableId}`;

/**
 * A version's bytes: the image itself (shown inline), a PDF's rendered page
 * `page` (inline PNG), or the PDF (download). `staff` reads through the back-office.
 */
export function proofFilePath(
  side: "client" | "staff",
  projectId: string,
  deliverableId: string,
  page?: number,
): string {
  const base =
    side === "staff"
      ? `/admin/projects/${projectId}/proof/${deliverableId}/file`
      : `/project/${projectId}/proof/${deliverableId}/file`;
  return page ? `${base}/${page}` : base;
}
