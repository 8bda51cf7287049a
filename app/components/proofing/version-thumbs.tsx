import { classes } from "~/lib/classes";
import { proofFilePath } from "~models/projects/proof-links";
import type { StaffVersion } from "~models/projects/proof-versions.server";
import type { PinView } from "~models/projects/proofing.server";
import { staffViewHref, thumbBox } from "~models/projects/proofing-view";
import { formatFileSize } from "~models/platform/uploads";
import { formatDateTime } from "~/lib/format";

// Every version of the deliverable with a thumbnail of each page (the image
// itself, or each rendered PDF page's small rendition), lazily loaded and
// sized before they load; each opens that page in the viewer with its pins
// (decision 0073).

/** A surface's source: the image itself (page 1 of an image), or a PDF's rendered page. */
export const surfaceSrc = (projectId: string, version: StaffVersion, page: number) =>
  proofFilePath("staff", projectId, version.id, version.kind === "pdf" ? page : undefined);

/** A thumbnail's source: a PDF page's small rendition (the page itself when it has none); an image itself. */
const thumbSrc = (projectId: string, version: StaffVersion, page: number) =>
  version.kind === "pdf"
    ? `${surfaceSrc(projectId, version, page)}?size=thumb`
    : surfaceSrc(projectId, version, page);

export const surfaceAlt = (version: StaffVersion, page: number) =>
  version.kind === "pdf" ? `Version ${version.version}, page ${page}` : `Version ${version.version}`;

export function VersionThumbs({
  projectId,
  versions,
  pins,
  viewing,
}: {
  projectId: string;
  versions: StaffVersion[];
  pins: PinView[];
  viewing: { version: number; page: number } | null;
}) {
  if (!versions.length) return <p className="text-sm text-text-muted">No version uploaded yet.</p>;
  return (
    <ol className="flex flex-col gap-4" aria-label="Versions">
      {versions.map((version, index) => (
        <li
          key={version.id}
          className="flex flex-col gap-3 rounded-2xl border border-border p-4"
          data-testid="staff-version"
        >
          <p className="text-sm">
            <span className="font-semibold">Version {version.version}</span>
            {index === 0 ? " (latest)" : ""}: <span className="break-all">{version.name}</span>
            <span className="block text-text-muted">
              {version.kind === "pdf" ? `PDF, ${version.pageCount ?? "?"} pages` : "Image"} ·{" "}
              {formatFileSize(version.size)} · {formatDateTime(version.createdAt)} ·{" "}
              <a href={proofFilePath("staff", projectId, version.id)} className="font-semibold underline">
                {version.kind === "pdf" ? "Download the PDF" : "Open the image"}
              </a>
            </span>
          </p>
          {version.surfaces.length ? (
            <ul
              className="flex gap-3 overflow-x-auto pb-1"
              aria-label={`Pages of version ${version.version}`}
            >
              {version.surfaces.map((surface) => {
                const box = thumbBox(surface);
                const current = viewing?.version === version.version && viewing.page === surface.page;
                const count = pins.filter(
                  (pin) => pin.version === version.version && pin.page === surface.page,
                ).length;
                return (
                  <li key={surface.page} className="flex shrink-0 flex-col items-center gap-1">
                    <a
                      href={staffViewHref(projectId, version.version, surface.page)}
                      aria-current={current ? "true" : undefined}
                      className={classes(
                        "block rounded-lg border border-border bg-surface p-1 hover:border-text-muted",
                        "aria-[current=true]:border-2 aria-[current=true]:border-text",
                      )}
                      data-testid="thumb"
                    >
                      <img
                        src={thumbSrc(projectId, version, surface.page)}
                        alt={surfaceAlt(version, surface.page)}
                        width={box.width}
                        height={box.height}
                        loading="lazy"
                        decoding="async"
                        className="block object-contain"
                        style={{ width: box.width, height: box.height }}
                      />
                    </a>
                    <span className="text-xs text-text-muted">
                      {version.kind === "pdf" ? `Page ${surface.page}` : "Image"}
                      {count ? ` · ${count} pin${count === 1 ? "" : "s"}` : ""}
                    </span>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="text-sm text-text-muted">
              Its pages could not be previewed: the client downloads the PDF and comments by page number.
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
