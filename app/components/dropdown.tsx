import { classes } from "~/lib/classes";
import type { ReactNode } from "react";
import { useDismissableDetails } from "./use-dismissable-details";

/**
 * A dropdown that is a <details>: it opens and closes without JavaScript.
 * With JavaScript it also closes on navigation, on Escape and on a click
 * outside it.
 */
export function Dropdown({
  summary,
  label,
  children,
  panelClassName,
  testId,
}: {
  summary: ReactNode;
  label: string;
  children: ReactNode;
  panelClassName?: string;
  testId?: string;
}) {
  const ref = useDismissableDetails();

  return (
    // On phones the panel spans the bar it sits in (the nearest positioned
    // ancestor); from sm up it hangs under its own button.
    <details ref={ref} className="dropdown sm:relative" data-testid={testId} data-dismissable="">
      <summary
        className={classes(
          "relative grid size-10 cursor-pointer list-none place-items-center",
          "rounded-full border border-border text-text transition-colors",
          "hover:border-text-muted [&::-webkit-details-marker]:hidden",
        )}
        aria-label={label}
      >
        {summary}
      </summary>
      <div
        className={classes(
          "absolute inset-x-0 z-30 mt-2 sm:inset-x-auto sm:right-0 sm:w-[22rem]",
          "rounded-2xl border border-border bg-surface p-4 shadow-2xl",
          "shadow-black/50",
          panelClassName ?? "",
        )}
      >
        {children}
      </div>
    </details>
  );
}
