import { type ProjectStatus } from "~models/projects/projects";

// Status colours come from the brand palette (BRAND.md): each pairs a tinted
// background with the accent as text, which keeps 4.5:1 on the dark surface.
const STATUS_STYLES: Record<ProjectStatus, string> = {
  draft: "border-border bg-surface-raised text-text-muted",
  in_review: "border-purple/40 bg-purple/15 text-purple",
  in_progress: "border-blue/40 bg-blue/15 text-blue",
  revision_requested: "border-yellow/40 bg-yellow/15 text-yellow",
  published: "border-green/40 bg-green/15 text-green",
  completed: "border-green bg-green text-green-ink",
  cancelled: "border-red/40 bg-red/15 text-red",
};

const badge =
  "inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-semibold whitespace-nowrap";

/** A status pill with the words given: the back-office passes its own (STATUS_LABELS). */
export function StatusPill({ status, label }: { status: ProjectStatus; label: string }) {
  return (
    <span className={`${badge} ${STATUS_STYLES[status]}`} data-status={status}>
      <span className="size-1.5 rounded-full bg-current" aria-hidden="true" />
      {label}
    </span>
  );
}
