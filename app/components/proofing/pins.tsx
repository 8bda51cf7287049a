import type { MouseEvent } from "react";
import type { PinState } from "~models/projects/proofing";
import type { PinView } from "~models/projects/proofing.server";
import { formatDateTime } from "~/lib/format";

// The pieces of proofing both sides show: a version's image (or a PDF page)
// with its pins on it, and the list of pins with what became of each.

export type Point = { page: number; x: number; y: number };

/** Where a click fell on the element, as fractions of its size (a keyboard press: the middle). */
function pointOf(event: MouseEvent<HTMLElement>): { x: number; y: number } {
  const box = event.currentTarget.getBoundingClientRect();
  if (event.detail === 0 || !box.width || !box.height) return { x: 0.5, y: 0.5 };
  const clamp = (n: number) => Math.min(1, Math.max(0, Math.round(n * 10_000) / 10_000));
  return {
    x: clamp((event.clientX - box.left) / box.width),
    y: clamp((event.clientY - box.top) / box.height),
  };
}

const MARKER =
  "absolute flex size-7 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-canvas text-xs font-bold shadow";

const STATE_WORD: Record<PinState, string> = { draft: "not sent", open: "open", resolved: "resolved" };

const STATE_TONE: Record<PinState, string> = {
  draft: "bg-yellow text-canvas",
  open: "bg-purple text-canvas",
  resolved: "bg-green text-canvas",
};

/**
 * One image (a version, or one page of a PDF) with its pins. With `onPick`
 * (the client's page, once JavaScript runs) a click places the new pin.
 */
export function ProofSurface({
  src,
  alt,
  page,
  pins,
  picked,
  onPick,
  size,
  pinHref,
}: {
  src: string;
  alt: string;
  page: number;
  pins: PinView[];
  picked?: Point | null;
  onPick?: (point: Point) => void;
  /** The image's size in pixels when known: its box is kept before it loads. */
  size?: { width: number | null; height: number | null };
  /** Staff: each marker is a link to its comment in the list beside (the list's `anchor`). */
  pinHref?: (pin: PinView) => string;
}) {
  const image = (
    <img
      src={src}
      alt={alt}
      width={size?.width ?? undefined}
      height={size?.height ?? undefined}
      className="block h-auto w-full select-none"
      draggable={false}
    />
  );
  return (
    <figure className="flex flex-col gap-2" data-testid="proof-surface" data-page={page}>
      <div className="relative overflow-hidden rounded-xl border border-border bg-surface">
        {onPick ? (
          <button
            type="button"
            className="block w-full cursor-crosshair"
            aria-label={`Place a pin on ${alt}`}
            data-testid="pin-target"
            onClick={(event) => onPick({ page, ...pointOf(event) })}
          >
            {image}
          </button>
        ) : (
          image
        )}
        {pins
          .filter((pin) => pin.page === page && pin.x !== null && pin.y !== null)
          .map((pin) =>
            pinHref ? (
              <a
                key={pin.id}
                href={pinHref(pin)}
                className={`${MARKER} ${STATE_TONE[pin.state]} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-text`}
                style={{ left: `${pin.x! * 100}%`, top: `${pin.y! * 100}%` }}
                aria-label={`Pin ${pin.number}: ${pin.body.slice(0, 80)} (${STATE_WORD[pin.state]})`}
                data-testid="pin-marker"
              >
                {pin.number}
              </a>
            ) : (
              <span
                key={pin.id}
                className={`${MARKER} pointer-events-none ${STATE_TONE[pin.state]}`}
                style={{ left: `${pin.x! * 100}%`, top: `${pin.y! * 100}%` }}
                aria-hidden="true"
                data-testid="pin-marker"
              >
                {pin.number}
              </span>
            ),
          )}
        {picked && picked.page === page ? (
          <span
            className={`${MARKER} pointer-events-none animate-pulse bg-red text-red-ink`}
            style={{ left: `${picked.x * 100}%`, top: `${picked.y * 100}%` }}
            aria-hidden="true"
            data-testid="new-pin-marker"
          >
            +
          </span>
        ) : null}
      </div>
    </figure>
  );
}

const STATE_LABEL = (pin: PinView): string => {
  if (pin.state === "resolved") return `Resolved in version ${pin.resolvedInVersion}`;
  if (pin.state === "open") return `Round ${pin.round} · with the studio`;
  return "Not sent yet · goes with your next revision request";
};

/** The pins as a list: number, where, what, and what became of it. */
export function PinList({
  pins,
  empty,
  staff = false,
  anchor,
}: {
  pins: PinView[];
  empty: string;
  staff?: boolean;
  /** Each entry's id, for the markers that link to it. */
  anchor?: (pin: PinView) => string;
}) {
  if (!pins.length) return <p className="text-sm text-text-muted">{empty}</p>;
  return (
    <ol className="flex flex-col gap-2" data-testid="pin-list">
      {pins.map((pin) => (
        <li
          key={pin.id}
          id={anchor?.(pin)}
          tabIndex={anchor ? -1 : undefined}
          className="flex scroll-mt-4 gap-3 rounded-xl border border-border bg-surface p-3 text-sm target:ring-2 target:ring-purple"
          data-testid="pin"
          data-state={pin.state}
        >
          <span
            className={`flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${STATE_TONE[pin.state]}`}
          >
            {pin.number}
          </span>
          <span className="flex min-w-0 flex-col gap-1">
            <span className="break-words whitespace-pre-wrap">{pin.body}</span>
            <span className="text-xs text-text-muted">
              Version {pin.version}
              {pin.where ? ` · ${pin.where}` : ""} · {formatDateTime(pin.createdAt)}
            </span>
            <span className="text-xs font-semibold" data-testid="pin-state">
              {staff && pin.state === "draft" ? "Not sent yet" : STATE_LABEL(pin)}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}
