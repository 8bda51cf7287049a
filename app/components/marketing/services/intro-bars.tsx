import type { CSSProperties } from "react";
import {
  SERVICE_BAR_DELAYS_MS,
  SERVICE_BAR_GROW_MS,
  SERVICE_BAR_NARROW_WIDTHS_PX,
  SERVICE_BAR_WIDTHS_PX,
} from "~/lib/marketing-constants";

const ACCENTS = ["var(--color-green)", "var(--color-blue)", "var(--color-purple)"];

/**
 * The three-bar intro ({product}, Design Agency, Marketing Agency). Each bar
 * grows to its width on load, in CSS (.intro-bar in marketing.css); the
 * widths and delays come from the constants through custom properties.
 */
export function IntroBars({ bars }: { bars: string[] }) {
  return (
    <h1 className="intro-bars">
      {bars.map((label, i) => {
        const style = {
          "--bar-width": `${SERVICE_BAR_WIDTHS_PX[i]}px`,
          "--bar-narrow-width": `${SERVICE_BAR_NARROW_WIDTHS_PX[i]}px`,
          "--bar-delay": `${SERVICE_BAR_DELAYS_MS[i]}ms`,
          "--bar-grow": `${SERVICE_BAR_GROW_MS}ms`,
          "--bar-colour": ACCENTS[i],
        } as CSSProperties;
        return (
          <span key={label} className="intro-row" style={style}>
            <span className="intro-label">{label}</span>
            <span className="intro-bar" data-testid="intro-bar" aria-hidden="true" />
          </span>
        );
      })}
    </h1>
  );
}
