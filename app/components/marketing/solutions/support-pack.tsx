import { Link } from "react-router";
import type { SolutionsContent } from "~models/content/marketing-content";
import { accent } from "./accent";

/** SUPPORT-PACK: on-project graphic design and develop/deploy teams. */
export function SupportPack({
  pack,
  contact,
}: {
  pack: SolutionsContent["supportPack"];
  contact: SolutionsContent["contact"];
}) {
  return (
    <ul className="grid gap-5 md:grid-cols-2" data-testid="support-pack">
      {pack.options.map((option) => (
        <li
          key={option.name}
          data-colour={option.colour}
          className={`card flex min-w-0 flex-col gap-5 p-6 sm:p-8 ${accent(option.colour)}`}
        >
          <p className="eyebrow">{pack.label}</p>
          <h3 className="font-display text-2xl font-bold [overflow-wrap:anywhere] text-(--accent) sm:text-3xl">
            {option.name}
          </h3>
          <p className="muted">{option.text}</p>
          <ul className="grid gap-3 sm:grid-cols-2">
            {option.points.map((point) => (
              <li
                key={point}
                className="flex items-center gap-3 rounded-2xl border border-border px-4 py-3 text-sm"
              >
                <span className="size-2 rounded-full bg-(--accent)" aria-hidden="true" />
                {point}
              </li>
            ))}
          </ul>
          <Link
            to={contact.href}
            className="btn btn-primary mt-auto self-start"
            aria-label={`${contact.label}: ${option.name}`}
          >
            {contact.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
