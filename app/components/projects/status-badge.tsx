import { type ProjectStatus } from "~models/projects/projects";
import { clientStatusLabel } from "~models/projects/status-labels";
import { StatusPill } from "./status-pill";

/** The status in the client's words (the status vocabulary, decision 0057); `step` tells the two stages of in_review apart. */
export function StatusBadge({
  status,
  step,
  label,
}: {
  status: ProjectStatus;
  step?: number | null;
  label?: string;
}) {
  return <StatusPill status={status} label={label ?? clientStatusLabel(status, step)} />;
}
