import { useState } from "react";
import { Form } from "react-router";
import type { StaffVersion } from "~models/projects/proof-versions.server";
import type { PinView } from "~models/projects/proofing.server";
import { defaultPair, type ProofQuery } from "~models/projects/proofing-view";
import { smallButton } from "~/components/admin/ui";
import { inputClass, useHydrated } from "~/components/forms";
import { PinList } from "./pins";
import { PinnedSurface } from "./proof-viewer";
import { surfaceAlt, surfaceSrc } from "./version-thumbs";

// Two versions of the deliverable on the same page (decision 0073). The
// choice is a GET form, so it is in the URL and works without JavaScript:
// the two images side by side, each with its pins. With JavaScript an overlay
// lays B over A with an opacity slider.

type Mode = "side" | "overlay";

function Overlay({
  projectId,
  a,
  b,
  page,
}: {
  projectId: string;
  a: StaffVersion;
  b: StaffVersion;
  page: number;
}) {
  const [opacity, setOpacity] = useState(50);
  const sa = a.surfaces.find((s) => s.page === page);
  const sb = b.surfaces.find((s) => s.page === page);
  if (!sa || !sb)
    return (
      <p className="text-sm text-text-muted">Both versions need a preview of this page to overlay them.</p>
    );
  return (
    <div className="flex flex-col gap-3" data-testid="compare-overlay">
      <label className="flex flex-wrap items-center gap-3 text-sm font-medium">
        <span>
          Version {a.version} ← → Version {b.version}
        </span>
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={opacity}
          onChange={(event) => setOpacity(Number(event.currentTarget.value))}
          aria-label={`Opacity of version ${b.version} over version ${a.version}`}
          aria-valuetext={`${opacity}% version ${b.version}`}
          className="w-56 max-w-full"
          data-testid="overlay-opacity"
        />
        <output aria-hidden="true">{opacity}%</output>
      </label>
      <div className="relative overflow-hidden rounded-xl border border-border bg-surface">
        <img
          src={surfaceSrc(projectId, a, page)}
          alt={surfaceAlt(a, page)}
          width={sa.width ?? undefined}
          height={sa.height ?? undefined}
          className="block h-auto w-full"
        />
        <img
          src={surfaceSrc(projectId, b, page)}
          alt={`${surfaceAlt(b, page)}, over version ${a.version} at ${opacity}% opacity`}
          width={sb.width ?? undefined}
          height={sb.height ?? undefined}
          className="absolute inset-0 h-full w-full object-contain"
          style={{ opacity: opacity / 100 }}
          data-testid="overlay-top"
        />
      </div>
    </div>
  );
}

export function ProofCompare({
  projectId,
  versions,
  pins,
  query,
}: {
  projectId: string;
  versions: StaffVersion[];
  pins: PinView[];
  query: ProofQuery;
}) {
  const hydrated = useHydrated();
  const [mode, setMode] = useState<Mode>("side");
  const pair = query.compare ?? defaultPair(versions);
  if (!pair) return null;
  const maxPage = Math.max(1, ...versions.map((v) => v.surfaces.length));
  const compared = query.compare
    ? {
        a: versions.find((v) => v.version === query.compare!.a)!,
        b: versions.find((v) => v.version === query.compare!.b)!,
        page: query.compare.page,
      }
    : null;
  const versionOptions = versions.map((v) => (
    <option key={v.id} value={v.version}>
      Version {v.version}
    </option>
  ));
  return (
    <section aria-labelledby="compare-heading" id="compare" className="flex scroll-mt-4 flex-col gap-3">
      <h2 id="compare-heading" className="font-display text-lg font-semibold">
        Compare versions
      </h2>
      <Form method="get" className="flex flex-wrap items-end gap-3" data-testid="compare-form">
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Version A
          <select name="a" defaultValue={pair.a} className={`${inputClass} py-2`}>
            {versionOptions}
          </select>
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Version B
          <select name="b" defaultValue={pair.b} className={`${inputClass} py-2`}>
            {versionOptions}
          </select>
        </label>
        {maxPage > 1 ? (
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            Page
            <input
              type="number"
              name="page"
              min={1}
              max={maxPage}
              defaultValue={query.compare?.page ?? 1}
              className={`${inputClass} w-24 py-2`}
            />
          </label>
        ) : null}
        <button type="submit" className={smallButton}>
          Compare
        </button>
      </Form>
      {query.compareError ? (
        <p className="text-sm font-semibold text-red" role="alert">
          {query.compareError}
        </p>
      ) : null}
      {compared ? (
        <div className="flex flex-col gap-3" data-testid="comparison">
          {hydrated ? (
            <div role="group" aria-label="How to compare" className="flex gap-2">
              {(
                [
                  ["side", "Side by side"],
                  ["overlay", "Overlay"],
                ] as const
              ).map(([value, label]) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={mode === value}
                  onClick={() => setMode(value)}
                  className={`${smallButton} aria-pressed:bg-text aria-pressed:text-canvas`}
                >
                  {label}
                </button>
              ))}
            </div>
          ) : null}
          {hydrated && mode === "overlay" ? (
            <Overlay projectId={projectId} a={compared.a} b={compared.b} page={compared.page} />
          ) : (
            <div className="grid gap-4 md:grid-cols-2" data-testid="compare-side">
              {([compared.a, compared.b] as const).map((version, index) => {
                const side = index === 0 ? "a" : "b";
                const here = pins.filter((p) => p.version === version.version && p.page === compared.page);
                return (
                  <figure key={side} className="flex min-w-0 flex-col gap-2" data-testid={`compare-${side}`}>
                    <figcaption className="text-sm font-semibold">
                      {side.toUpperCase()}: {surfaceAlt(version, compared.page)}
                      {version.kind === "pdf" ? "" : compared.page > 1 ? ` (no page ${compared.page})` : ""}
                    </figcaption>
                    <PinnedSurface
                      projectId={projectId}
                      version={version}
                      page={compared.page}
                      pins={here}
                      anchorPrefix={`compare-${side}-pin-`}
                    />
                    <PinList
                      pins={here}
                      staff
                      anchor={(pin) => `compare-${side}-pin-${pin.id}`}
                      empty="No pins sent on this page."
                    />
                  </figure>
                );
              })}
            </div>
          )}
        </div>
      ) : null}
    </section>
  );
}
