import { useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { ErrorList, useHydrated, type ListOfErrors } from "~/components/forms";

/**
 * A slider over a few named positions. The range input works without
 * JavaScript, and the names are printed under it; with JavaScript the chosen
 * name is also announced (aria-valuetext) and shown beside the label.
 */
export function StepSliderField({
  label,
  options,
  inputProps,
  errors,
}: {
  label: ReactNode;
  options: readonly { label: string }[];
  inputProps: InputHTMLAttributes<HTMLInputElement> & { name: string };
  errors?: ListOfErrors;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const initial = Number(inputProps.defaultValue ?? 0);
  const [position, setPosition] = useState(
    Number.isInteger(initial) && initial >= 0 && initial < options.length ? initial : 0,
  );
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  const hydrated = useHydrated();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-4">
        <label htmlFor={id} className="text-sm font-medium text-text">
          {label}
        </label>
        {/* Only with JavaScript can the shown name follow the slider. */}
        {hydrated ? (
          <output htmlFor={id} className="font-display text-sm font-semibold text-yellow" aria-live="polite">
            {options[position]?.label}
          </output>
        ) : null}
      </div>
      <input
        {...inputProps}
        id={id}
        type="range"
        min={0}
        max={options.length - 1}
        step={1}
        onChange={(event) => setPosition(Number(event.currentTarget.value))}
        aria-valuetext={hydrated ? options[position]?.label : undefined}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className="w-full accent-[var(--color-yellow)]"
      />
      {/* The names sit under the slider's stops: the first and last flush with the ends. */}
      <ol className="relative h-4 text-xs text-text-muted" aria-hidden="true">
        {options.map((option, index) => {
          const at = (index / (options.length - 1)) * 100;
          const shift = index === 0 ? "0%" : index === options.length - 1 ? "-100%" : "-50%";
          return (
            <li
              key={option.label}
              className={`absolute top-0 whitespace-nowrap ${hydrated && index === position ? "font-semibold text-text" : ""}`}
              style={{ left: `${at}%`, transform: `translateX(${shift})` }}
            >
              {option.label}
            </li>
          );
        })}
      </ol>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
