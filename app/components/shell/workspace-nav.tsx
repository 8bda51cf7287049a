import { classes } from "~/lib/classes";
import { Link, useLocation } from "react-router";

// The client workspace's one navigation (decision 0056). Every page a signed-in
// client uses belongs to exactly one section; the pages a section gathers are
// listed by path so the section stays marked on each of them.

type Page = { readonly label: string; readonly to: string };
type Section = {
  readonly label: string;
  readonly to: string;
  /** Paths (and everything under them) that belong to this section. */
  readonly paths: readonly string[];
  /** The section's own pages, shown as a second row when it has more than one. */
  readonly pages?: readonly Page[];
};

export const WORKSPACE_SECTIONS: readonly Section[] = [
  {
    label: "Home",
    to: "/dashboard2",
    paths: ["/dashboard2/activity"],
    pages: [
      { label: "What needs me now", to: "/dashboard2" },
      { label: "Activity", to: "/dashboard2/activity" },
    ],
  },
  {
    label: "Projects",
    to: "/dashboard2/projects",
    paths: ["/dashboard2/projects", "/profile", "/order", "/project", "/createprojectform"],
    pages: [
      { label: "All projects", to: "/dashboard2/projects" },
      { label: "Latest project", to: "/profile" },
      { label: "Track your projects", to: "/order" },
    ],
  },
  { label: "Meetings", to: "/dashboard2/meetings", paths: ["/dashboard2/meetings"] },
  {
    label: "Wallet & billing",
    to: "/dashboard2/billing",
    paths: ["/dashboard2/billing", "/manageaccount/billing"],
    pages: [
      { label: "Tokens & plans", to: "/dashboard2/billing" },
      { label: "Receipts & usage", to: "/manageaccount/billing" },
      { label: "Payment methods", to: "/manageaccount/billing/payment-methods" },
    ],
  },
  {
    label: "Shop",
    to: "/dashboard2/shop",
    paths: ["/dashboard2/shop", "/dashboard2/purchases", "/dashboard2/recommendations", "/cart"],
    pages: [
      { label: "Shop", to: "/dashboard2/shop" },
      { label: "My Purchases", to: "/dashboard2/purchases" },
      { label: "Recommendations", to: "/dashboard2/recommendations" },
    ],
  },
  { label: "Notifications", to: "/dashboard2/notifications", paths: ["/dashboard2/notifications"] },
  // The organisation's members and invitations (issue #40).
  { label: "Team", to: "/dashboard2/team", paths: ["/dashboard2/team"] },
  { label: "Settings", to: "/dashboard2/settings", paths: ["/dashboard2/settings"] },
];

const under = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** The section a path belongs to: Home for /dashboard2 itself and anything no other section claims. */
export function sectionOf(pathname: string): Section {
  const path = pathname.replace(/\/+$/, "") || "/";
  return WORKSPACE_SECTIONS.find((s) => s.paths.some((p) => under(path, p))) ?? WORKSPACE_SECTIONS[0]!;
}

/** The page of a section a path is on: the longest of its pages' paths that the path is under. */
function pageOf(section: Section, pathname: string): Page | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  return [...(section.pages ?? [])]
    .sort((a, b) => b.to.length - a.to.length)
    .find((page) => under(path, page.to));
}

/**
 * The sections: a column beside the page from lg up, a row that scrolls
 * sideways on a phone (no JavaScript, no second copy of the site's menu).
 * The current section carries aria-current="page".
 */
export function WorkspaceNav() {
  const { pathname } = useLocation();
  const current = sectionOf(pathname);
  return (
    <nav aria-label="Workspace" className="-mx-5 lg:mx-0" data-testid="workspace-nav">
      <ul className="flex snap-x gap-1 overflow-x-auto px-5 pb-1 [scrollbar-width:none] lg:flex-col lg:overflow-visible lg:px-0 lg:pb-0">
        {WORKSPACE_SECTIONS.map((section) => {
          const isCurrent = section === current;
          return (
            <li key={section.to} className="snap-start">
              <Link
                to={section.to}
                aria-current={isCurrent ? "page" : undefined}
                className={classes(
                  "flex items-center gap-3 rounded-full px-4 py-2.5 text-sm font-medium",
                  "whitespace-nowrap transition-colors duration-200 lg:rounded-xl",
                  isCurrent
                    ? "bg-surface-raised text-text ring-1 ring-border"
                    : "text-text-muted hover:bg-surface hover:text-text",
                )}
              >
                <span
                  aria-hidden="true"
                  className={`hidden size-1.5 rounded-full lg:block ${isCurrent ? "bg-yellow" : "bg-border"}`}
                />
                {section.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A section's own pages, when it has several: a row of tabs-as-links above the page. */
export function SectionPages() {
  const { pathname } = useLocation();
  const section = sectionOf(pathname);
  if (!section.pages) return null;
  const page = pageOf(section, pathname);
  return (
    <nav aria-label={`${section.label} pages`} className="-mx-5 sm:mx-0">
      <ul className="flex gap-1 overflow-x-auto px-5 [scrollbar-width:none] sm:px-0">
        {section.pages.map((p) => (
          <li key={p.to}>
            <Link
              to={p.to}
              aria-current={p === page ? "page" : undefined}
              className={`inline-flex rounded-full border px-4 py-2 text-sm font-medium whitespace-nowrap ${
                p === page
                  ? "border-text-muted text-text"
                  : "border-transparent text-text-muted hover:border-border hover:text-text"
              }`}
            >
              {p.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
