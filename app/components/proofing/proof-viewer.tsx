import type { StaffVersion } from "~models/projects/proof-versions.server";
import type { PinView } from "~models/projects/proofing.server";
import { staffViewHref } from "~models/projects/proofing-view";
import { PinList, ProofSurface } from "./pins";
import { surfaceAlt, surfaceSrc } from "./version-thumbs";

// One page of one version, large, with the client's pins drawn on it as
// numbered markers, each a link to its comment in the list beside (decision 0073).

/** The pins on this version's page, and the image when it has a preview. */
export function PinnedSurface({
  projectId,
  version,
  page,
  pins,
  anchorPrefix,
}: {
  projectId: string;
  version: StaffVersion;
  page: number;
  pins: PinView[];
  anchorPrefix: string;
}) {
  const surface = version.surfaces.find((s) => s.page === page);
  if (!surface)
    return (
      <p
        className="rounded-xl border border-border bg-surface p-4 text-sm text-text-muted"
        data-testid="no-preview"
      >
        {version.kind === "pdf"
          ? `Page ${page} of version ${version.version} has no preview.`
          : `Version ${version.version} has no page ${page}.`}
      </p>
    );
  return (
    <ProofSurface
      src={surfaceSrc(projectId, version, page)}
      alt={surfaceAlt(version, page)}
      page={page}
      pins={pins}
      size={surface}
      pinHref={(pin) => `#${anchorPrefix}${pin.id}`}
    />
  );
}

export function ProofViewer({
  projectId,
  version,
  page,
  pins,
  draftPins,
}: {
  projectId: string;
  version: StaffVersion;
  page: number;
  pins: PinView[];
  draftPins: number;
}) {
  const here = pins.filter((pin) => pin.version === version.version && pin.page === page);
  const pages = version.surfaces.map((s) => s.page);
  const at = pages.indexOf(page);
  return (
    <section aria-labelledby="viewer-heading" id="viewer" className="flex scroll-mt-4 flex-col gap-3">
      <h2 id="viewer-heading" className="font-display text-lg font-semibold">
        {surfaceAlt(version, page)}
      </h2>
      {pages.length > 1 ? (
        <nav aria-label="Pages" className="flex gap-4 text-sm font-semibold">
          {at > 0 ? (
            <a className="underline" href={staffViewHref(projectId, version.version, pages[at - 1]!)}>
              Previous page
            </a>
          ) : null}
          {at >= 0 && at < pages.length - 1 ? (
            <a className="underline" href={staffViewHref(projectId, version.version, pages[at + 1]!)}>
              Next page
            </a>
          ) : null}
        </nav>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="w-full max-w-3xl min-w-0">
          <PinnedSurface
            projectId={projectId}
            version={version}
            page={page}
            pins={here}
            anchorPrefix="pin-"
          />
        </div>
        <div className="flex flex-col gap-2" data-testid="viewer-pins">
          <h3 className="font-semibold">Pins on this page ({here.length})</h3>
          <PinList
            pins={here}
            staff
            anchor={(pin) => `pin-${pin.id}`}
            empty="The client has sent no pins on this page."
          />
          {draftPins ? (
            <p className="text-sm text-text-muted">
              The client has {draftPins} more pin{draftPins === 1 ? "" : "s"} not sent yet; they show here
              once a revision round sends them.
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
