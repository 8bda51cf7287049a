// The solutions page on an island (decision 0045), as SolutionTabs does with
// React on a hydrated page: a switch slides the panel out before the next
// tab's page loads (its panel slides in by CSS, and the link's #solution-tabs
// brings the tabs into view). The page never moves by itself on load: a
// visitor who arrives at /solutions starts at its top. Nothing moves for
// reduced motion.
import { TAB_SWITCH_MS } from "~/lib/marketing-constants";
import { prefersReducedMotion } from "../motion";

export function enhanceSolutionTabs(section: HTMLElement) {
  const panel = section.querySelector<HTMLElement>("[data-tab]");
  for (const link of Array.from(section.querySelectorAll<HTMLAnchorElement>("nav a[href]"))) {
    link.addEventListener("click", (event) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      if (prefersReducedMotion() || !panel) return;
      event.preventDefault();
      panel.classList.replace("tab-in", "tab-out");
      setTimeout(() => window.location.assign(link.href), TAB_SWITCH_MS / 2);
    });
  }
}
