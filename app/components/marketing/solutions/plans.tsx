import { classes } from "~/lib/classes";
import { Link } from "react-router";
import type { PackageColour, SolutionsContent } from "~models/content/marketing-content";
import { accent } from "./accent";
import { CheckIcon } from "~/components/icons";

export type PlanCard = SolutionsContent["plans"][number] & { price: string; subscribeHref: string };

/** SUBSCRIPTIONS: the five colour-coded monthly plans, each with the spec's CONTACT and our Subscribe (issue 18, item 11). */
export function Plans({
  plans,
  selected,
  labels,
}: {
  plans: PlanCard[];
  selected: PackageColour | null;
  labels: Pick<SolutionsContent, "monthlyLabel" | "priceSuffix" | "selected" | "contact">;
}) {
  return (
    <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3" data-testid="plans">
      {plans.map((plan) => {
        const isSelected = plan.colour === selected;
        return (
          <li
            key={plan.slug}
            data-colour={plan.colour}
            data-selected={isSelected || undefined}
            className={classes(
              "card relative flex min-w-0 flex-col gap-5 p-7",
              accent(plan.colour),
              isSelected ? "border-(--accent) shadow-[0_0_0_1px_var(--accent)]" : "",
            )}
          >
            <div className="flex items-center justify-between gap-3">
              <span className="size-9 rounded-xl bg-(--accent)" aria-hidden="true" />
              {isSelected ? (
                <span className="rounded-full bg-(--accent) px-3 py-1 text-xs font-semibold text-(--accent-ink)">
                  {labels.selected}
                </span>
              ) : null}
            </div>
            <div>
              <h3 className="font-display text-2xl font-bold text-(--accent)">{plan.name}</h3>
              <p className="mt-2 text-sm text-text-muted">{plan.tagline}</p>
            </div>
            <div className="border-y border-border py-4">
              <p className="eyebrow">{labels.monthlyLabel}</p>
              <p className="mt-2 font-display text-2xl font-semibold">
                {plan.price} <span className="text-sm font-normal text-text-muted">{labels.priceSuffix}</span>
              </p>
            </div>
            <ul className="flex flex-col gap-2.5 text-sm">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2.5">
                  <CheckIcon className="mt-0.5 shrink-0 text-(--accent)" />
                  {feature}
                </li>
              ))}
            </ul>
            <div className="mt-auto flex flex-wrap gap-3">
              <Link
                to={plan.subscribeHref}
                className="btn btn-primary"
                aria-label={`Subscribe: ${plan.name}`}
              >
                Subscribe
              </Link>
              <Link
                to={labels.contact.href}
                className="btn btn-ghost"
                aria-label={`${labels.contact.label}: ${plan.name}`}
              >
                {labels.contact.label}
              </Link>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
