import { classes } from "~/lib/classes";
import { NavLink } from "react-router";

type Tab = { readonly label: string; readonly to: string; readonly end: boolean };

/**
 * A sidebar's tabs: links to nested routes, so they work without JavaScript,
 * and NavLink marks the current one with aria-current="page". Below lg they
 * are a row that scrolls sideways, above it a column.
 *
 * - `bleed`: the row scrolls from one edge of the screen to the other, under
 *   the page's side padding; otherwise it scrolls inside its own box.
 * - `badges`: how many things wait behind a tab, by its path, shown beside
 *   it and read as "3 waiting" (nothing shows for 0). Tabs then lay out as
 *   a row with the count at the end.
 * - `dense`: tighter tabs in the column, for a sidebar of many sections (the back-office).
 */
export function TabNav({
  label,
  tabs,
  bleed = true,
  badges,
  dense = false,
}: {
  label: string;
  tabs: readonly Tab[];
  bleed?: boolean;
  badges?: Readonly<Record<string, number>>;
  dense?: boolean;
}) {
  const layout = badges ? "flex items-center justify-between gap-3" : "block";
  const size = dense ? "rounded-lg px-3 py-2 lg:py-1.5" : "rounded-xl px-4 py-2.5";
  const column = dense ? "lg:flex-col lg:gap-0.5" : "lg:flex-col";
  return (
    <nav aria-label={label} className={bleed ? "-mx-5 overflow-x-auto px-5 lg:mx-0 lg:px-0" : undefined}>
      <ul className={bleed ? `flex gap-2 ${column}` : `flex gap-2 overflow-x-auto ${column}`}>
        {tabs.map((tab) => {
          const badge = badges?.[tab.to];
          return (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end={tab.end}
                className={({ isActive }) =>
                  classes(
                    layout,
                    size,
                    "text-sm font-medium whitespace-nowrap",
                    isActive ? "bg-surface-raised text-text" : "text-text-muted hover:text-text",
                  )
                }
              >
                {tab.label}
                {badge ? (
                  <span
                    className="grid min-w-6 place-items-center rounded-full bg-yellow px-1.5 text-xs font-bold text-yellow-ink"
                    aria-label={`${badge} waiting`}
                  >
                    {badge}
                  </span>
                ) : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
