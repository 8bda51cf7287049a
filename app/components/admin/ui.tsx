import type { ReactNode } from "react";
import { Form } from "react-router";
import { inputClass } from "~/components/forms";
import { formatDateTime } from "~/lib/format";

// Small building blocks every back-office page shares: headers, GET filter
// forms, tables, pagination, badges and the audit trail. All plain HTML: they
// work without JavaScript.

export function PageHeader({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div className="flex min-w-0 flex-col gap-2">
        <h1 className="font-display text-2xl font-semibold break-words sm:text-3xl">{title}</h1>
        {description ? <p className="text-text-muted">{description}</p> : null}
      </div>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </header>
  );
}

export const smallButton =
  "inline-flex items-center justify-center rounded-full border border-border px-4 py-2 text-sm font-semibold hover:border-text-muted disabled:opacity-60";
export const primarySmallButton =
  "inline-flex items-center justify-center rounded-full bg-text px-4 py-2 text-sm font-semibold text-canvas disabled:opacity-60";

/** A GET form of filters: each change is a new URL, so filters are links that can be shared and go back. */
export function FilterForm({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      className="flex flex-wrap items-end gap-3 rounded-2xl border border-border bg-surface p-4"
    >
      {children}
      <button type="submit" className={primarySmallButton}>
        Apply
      </button>
    </Form>
  );
}

export function SearchInput({
  defaultValue,
  placeholder,
  label = "Search",
}: {
  defaultValue: string;
  placeholder: string;
  label?: string;
}) {
  return (
    <label className="flex min-w-48 flex-1 flex-col gap-1.5 text-sm font-medium">
      {label}
      <input
        type="search"
        name="q"
        defaultValue={defaultValue}
        placeholder={placeholder}
        className={`${inputClass} py-2`}
      />
    </label>
  );
}

export function SelectFilter({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <label className="flex flex-col gap-1.5 text-sm font-medium">
      {label}
      <select name={name} defaultValue={value} className={`${inputClass} py-2`}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A scrolling table with the back-office's look; rows come as children. */
export function DataTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    // Focusable and named, so the table scrolls sideways from the keyboard on phones.
    <div
      className="relative overflow-x-auto rounded-2xl border border-border"
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface text-xs tracking-wide text-text-muted uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">{children}</tbody>
      </table>
    </div>
  );
}

export const cell = "px-4 py-3 align-top";

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-2xl border border-dashed border-border p-8 text-center text-text-muted">
      {children}
    </p>
  );
}

const TONES = {
  neutral: "border-border bg-surface-raised text-text-muted",
  success: "border-green/40 bg-green/15 text-green",
  warning: "border-yellow/40 bg-yellow/15 text-yellow",
  danger: "border-red/40 bg-red/15 text-red",
  info: "border-blue/40 bg-blue/15 text-blue",
} as const;

export function Badge({ tone = "neutral", children }: { tone?: keyof typeof TONES; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

export function JsonBlock({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <p className="text-xs font-semibold text-text-muted uppercase">{label}</p>
      <pre className="overflow-x-auto rounded-xl bg-canvas p-3 text-xs whitespace-pre-wrap break-words text-text">
        {JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

type AuditView = {
  id: number;
  createdAt: Date | string;
  actorLabel: string;
  action: string;
  before: unknown;
  after: unknown;
  reason: string;
};

/** What staff did to one thing, oldest first. */
export function AuditTrail({ entries, labels }: { entries: AuditView[]; labels: Record<string, string> }) {
  if (!entries.length) return <p className="text-sm text-text-muted">No staff actions yet.</p>;
  return (
    <ol className="flex flex-col gap-2" data-testid="audit-trail">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-xl border border-border p-3 text-sm">
          <p>
            <span className="font-semibold">{entry.actorLabel || "System"}</span> ·{" "}
            {labels[entry.action] ?? entry.action} ·{" "}
            <time className="text-text-muted" dateTime={new Date(entry.createdAt).toISOString()}>
              {formatDateTime(entry.createdAt)}
            </time>
          </p>
          {entry.reason ? <p className="mt-1 text-text-muted">Reason: {entry.reason}</p> : null}
        </li>
      ))}
    </ol>
  );
}

/** A success or error line after an action. */
export function ActionMessage({ message, tone }: { message?: string; tone?: "success" | "error" }) {
  return (
    <div aria-live="polite" className="empty:hidden">
      {message ? (
        // No role of its own: the region around it announces it, once.
        <p
          className={`rounded-xl border px-4 py-3 text-sm ${tone === "error" ? "border-red/50 bg-red/10" : "border-green/50 bg-green/10"}`}
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}
