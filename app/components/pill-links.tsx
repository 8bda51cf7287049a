import { Link } from "react-router";

type PillLink = { to: string; label: string };

/**
 * A row of pill-shaped links under a message: the first is the main action
 * (filled), the others are outlined. With `documentLinks` they are plain
 * <a> elements, so following one always loads the page afresh (a Reload
 * must not be answered from the router's state).
 */
export function PillLinks({
  links,
  documentLinks = false,
}: {
  links: readonly [PillLink, ...PillLink[]];
  documentLinks?: boolean;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      {links.map((link, index) => {
        const className =
          index === 0
            ? "rounded-full bg-text px-6 py-3.5 text-sm font-semibold text-canvas"
            : "rounded-full border border-border px-6 py-3.5 text-sm font-semibold";
        return documentLinks ? (
          <a key={link.label} href={link.to} className={className}>
            {link.label}
          </a>
        ) : (
          <Link key={link.label} to={link.to} className={className}>
            {link.label}
          </Link>
        );
      })}
    </div>
  );
}
