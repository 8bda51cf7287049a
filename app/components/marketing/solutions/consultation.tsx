import { Link } from "react-router";
import type { SolutionsContent } from "~models/content/marketing-content";

/** CONSULTATION: a fast-paced session and what it includes. */
export function Consultation({
  consultation,
  contact,
}: {
  consultation: SolutionsContent["consultation"];
  contact: SolutionsContent["contact"];
}) {
  return (
    <div className="card grid gap-10 p-8 lg:grid-cols-2 lg:p-12" data-testid="consultation">
      <div className="flex flex-col items-start gap-5">
        <p className="eyebrow text-yellow">{consultation.label}</p>
        <h3 className="display-md">{consultation.title}</h3>
        <p className="muted">{consultation.text}</p>
        <Link to={contact.href} className="btn btn-primary">
          {contact.label}
        </Link>
      </div>
      <ol className="grid gap-3 sm:grid-cols-2">
        {consultation.points.map((point, i) => (
          <li key={point} className="flex flex-col gap-6 rounded-2xl border border-border bg-canvas p-5">
            <span className="font-display text-sm text-yellow">{String(i + 1).padStart(2, "0")}</span>
            <span className="font-display text-lg font-semibold">{point}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
