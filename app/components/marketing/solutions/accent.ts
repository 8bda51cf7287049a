import type { CSSProperties } from "react";

/** The --accent custom property for a package colour (white included for the support pack). */
export const accent = (colour: string) => ({ "--accent": `var(--color-${colour})`, "--accent-ink": `var(--color-${colour}-ink)` }) as CSSProperties;
