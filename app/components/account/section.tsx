import type { InputHTMLAttributes, ReactNode } from "react";

/** A titled block of the Manage account tabs. */
export function AccountSection({
  id,
  title,
  intro,
  children,
  tone,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  tone?: "danger";
}) {
  return (
    <section
      className={`flex flex-col gap-5 rounded-2xl border p-5 sm:p-6 ${tone === "danger" ? "border-red/40" : "border-border bg-surface"}`}
      aria-labelledby={id}
    >
      <header className="flex flex-col gap-1">
        <h2 id={id} className="font-display text-lg font-semibold">
          {title}
        </h2>
        {intro ? <p className="text-sm text-text-muted">{intro}</p> : null}
      </header>
      {children}
    </section>
  );
}

/** An on/off setting: a native checkbox announced as a switch, with what it does underneath. */
export function Toggle({
  label,
  description,
  inputProps,
}: {
  label: string;
  description: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string };
}) {
  const descriptionId = `${inputProps.id}-description`;
  return (
    <div className="flex items-start justify-between gap-4 border-t border-border pt-4 first:border-t-0 first:pt-0">
      <div className="flex flex-col gap-0.5">
        <label htmlFor={inputProps.id} className="text-sm font-medium text-text">
          {label}
        </label>
        <p id={descriptionId} className="text-sm text-text-muted">
          {description}
        </p>
      </div>
      <input
        {...inputProps}
        type="checkbox"
        role="switch"
        aria-describedby={descriptionId}
        className="mt-0.5 size-5 shrink-0 accent-[var(--color-green)]"
      />
    </div>
  );
}

/** Secondary button look, for links and buttons next to a primary action. */
export const secondaryButtonClass =
  "inline-flex items-center justify-center rounded-full border border-border px-6 py-3.5 text-sm font-semibold hover:border-text-muted";

/** Primary look for links (the same size as the secondary buttons). */
export const primaryLinkClass =
  "inline-flex items-center justify-center rounded-full bg-text px-6 py-3.5 text-sm font-semibold text-canvas";
