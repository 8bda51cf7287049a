import { Badge } from "~/components/admin/ui";

// The pipeline's mark on a project at risk of missing its delivery date
// (decision 0048): late, or 48 hours or less left on its clock.

const HOUR = 60 * 60;

function left(seconds: number): string {
  const hours = Math.floor(Math.abs(seconds) / HOUR);
  return hours >= 24 ? `${Math.floor(hours / 24)} d ${hours % 24} h` : `${hours} h`;
}

export function RiskBadge({
  clock,
}: {
  clock: { atRisk: boolean; leftSeconds: number | null; paused: boolean };
}) {
  if (!clock.atRisk || clock.leftSeconds === null) return null;
  const late = clock.leftSeconds < 0;
  return (
    <span className="mt-1 flex flex-wrap gap-1" data-testid="at-risk">
      <Badge tone={late ? "danger" : "warning"}>
        {late ? `At risk: late by ${left(clock.leftSeconds)}` : `At risk: due in ${left(clock.leftSeconds)}`}
      </Badge>
      {clock.paused ? <Badge>Paused, waiting on the client</Badge> : null}
    </span>
  );
}
