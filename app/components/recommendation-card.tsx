import { Link } from "react-router";
import type { Recommendation } from "~models/projects/dashboard";

const ACCENT_BAR: Record<Recommendation["accent"], string> = {
  green: "bg-green",
  blue: "bg-blue",
  yellow: "bg-yellow",
  red: "bg-red",
  purple: "bg-purple",
};

export function RecommendationCard({ item }: { item: Recommendation }) {
  return (
    <li
      className="flex flex-col gap-3 overflow-hidden rounded-2xl border border-border bg-surface p-5"
      data-testid="recommendation"
    >
      <span className={`h-1 w-10 rounded-full ${ACCENT_BAR[item.accent]}`} aria-hidden="true" />
      <h3 className="font-display text-base font-semibold">{item.title}</h3>
      <p className="flex-1 text-sm text-text-muted">{item.description}</p>
      <Link
        to={item.cta.href}
        className="self-start text-sm font-semibold text-text underline-offset-4 hover:underline"
      >
        {item.cta.label} →
      </Link>
    </li>
  );
}
