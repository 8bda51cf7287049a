// Slider arithmetic, kept pure so it is unit-tested and shared by the server
// (arrow links without JavaScript) and the browser (arrow clicks and autoplay).
import { PACKAGE_SLIDER_TABLE, PACKAGE_STEP_PX } from "./marketing-constants";

/** Index i moved by delta, wrapping around a ring of `count` positions. */
export function wrapIndex(index: number, delta: number, count: number): number {
  if (count < 1) return 0;
  return (((index + delta) % count) + count) % count;
}

export type PackageLayout = { visible: number; steps: number };

/** How many package cards show, and how many arrow steps there are, at a window width. */
export function packageLayout(windowWidth: number): PackageLayout {
  const row =
    PACKAGE_SLIDER_TABLE.find((r) => windowWidth <= r.maxWidth) ??
    PACKAGE_SLIDER_TABLE[PACKAGE_SLIDER_TABLE.length - 1]!;
  return { visible: row.visible, steps: row.steps };
}

/** Horizontal offset of the package strip at a step. */
export const packageOffset = (step: number) => step * PACKAGE_STEP_PX;

/** The distinct step counts of the table, for the arrow links rendered per breakpoint. */
export const PACKAGE_STEP_COUNTS = [...new Set(PACKAGE_SLIDER_TABLE.map((r) => r.steps))];

/**
 * Reads a slide number from a query value: a whole number in range, else 0.
 * Anything a visitor types into ?pkg= is safe to pass in.
 */
export function parseSlide(value: string | null, count: number): number {
  if (value === null || !/^\d{1,4}$/.test(value)) return 0;
  const n = Number(value);
  return n < count ? n : 0;
}
