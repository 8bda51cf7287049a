import { classes } from "~/lib/classes";
import { type CSSProperties, type MouseEvent, type ReactNode, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { SolutionTab } from "~models/content/marketing-content";
import { TAB_SWITCH_MS } from "~/lib/marketing-constants";
import { prefersReducedMotion } from "../motion";

/**
 * SUBSCRIPTIONS / SUPPORT-PACK / CONSULTATION as links (?tab=), so they work
 * without JavaScript. With it, a switch slides the panel out, swaps the
 * content, and slides it in: about TAB_SWITCH_MS in all (nothing moves for
 * reduced motion). The page never scrolls itself on load.
 */
export function SolutionTabs({
  tabs,
  labels,
  active,
  children,
}: {
  tabs: readonly SolutionTab[];
  labels: Record<SolutionTab, string>;
  active: SolutionTab;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  const switchTo = (href: string) => (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    const go = () => {
      setLeaving(false);
      navigate(href, { preventScrollReset: true });
    };
    if (prefersReducedMotion()) return go();
    setLeaving(true);
    setTimeout(go, TAB_SWITCH_MS / 2);
  };

  return (
    <section id="solution-tabs" className="wrap mt-16" aria-labelledby="solution-tabs-title">
      {/* The panel's heading, between the page's h1 and the cards' h3s. */}
      <h2 id="solution-tabs-title" className="sr-only">
        {labels[active]}
      </h2>
      <nav
        aria-label="Solutions"
        className="mb-8 grid grid-cols-3 gap-1 rounded-full border border-border bg-surface p-1.5 sm:inline-grid sm:gap-2"
      >
        {tabs.map((tab) => {
          const href = `?tab=${tab}#solution-tabs`;
          return (
            <Link
              key={tab}
              to={href}
              preventScrollReset
              onClick={switchTo(href)}
              aria-current={tab === active ? "page" : undefined}
              className={classes(
                "rounded-full px-1 py-2.5 text-center font-display text-[0.6rem]",
                "font-semibold tracking-wider whitespace-nowrap transition-colors sm:px-5",
                "sm:text-xs sm:tracking-widest",
                tab === active ? "bg-text text-canvas" : "text-text-muted hover:text-text",
              )}
            >
              {labels[tab]}
            </Link>
          );
        })}
      </nav>
      <div
        key={active}
        className={leaving ? "tab-out" : "tab-in"}
        style={{ "--tab-half": `${TAB_SWITCH_MS / 2}ms` } as CSSProperties}
        data-tab={active}
      >
        {children}
      </div>
    </section>
  );
}
