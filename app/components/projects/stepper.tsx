import { classes } from "~/lib/classes";
import { STEPS } from "~models/projects/projects";
import type { StepState } from "~models/projects/status-vocabulary";

/**
 * The five-step progress stepper (docs/product.md, "Projects"). Each step's
 * state comes from the status vocabulary (`stepperStates`), so it agrees with
 * the badge: a fresh submission is on "Submitted", not "Accepted".
 */
export function Stepper({ states }: { states: StepState[] }) {
  return (
    <ol className="grid grid-cols-5 gap-2" aria-label="Progress">
      {STEPS.map((label, index) => {
        const state = states[index] ?? "todo";
        const done = state === "done";
        const current = state === "current";
        return (
          <li key={label} className="flex flex-col gap-2" aria-current={current ? "step" : undefined}>
            <span
              className={`h-1.5 rounded-full ${done ? "bg-green" : current ? "bg-yellow" : "bg-surface-raised"}`}
              aria-hidden="true"
            />
            <span className="flex items-center gap-1.5 text-xs sm:text-sm">
              <span
                className={classes(
                  "hidden size-5 shrink-0 place-items-center rounded-full text-[0.65rem]",
                  "font-semibold sm:grid",
                  done
                    ? "bg-green text-green-ink"
                    : current
                      ? "bg-yellow text-yellow-ink"
                      : "border border-border text-text-muted",
                )}
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <span className={done || current ? "text-text" : "text-text-muted"}>
                {label}
                <span className="sr-only">{done ? " (done)" : current ? " (current step)" : " (to do)"}</span>
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
