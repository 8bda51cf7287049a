import { classes } from "~/lib/classes";
import { Link, NavLink, useLocation } from "react-router";
import type { Navigation } from "~models/content/site-content";
import { CartIcon, CloseIcon, MenuIcon } from "~/components/icons";
import { useDismissableDetails } from "~/components/use-dismissable-details";
import { LogoMark } from "./logo";
import { LogoutForm } from "./logout-form";
import { RotatingWords } from "./rotating-words";

/** Pages that belong to a navbar section without being its link (spec: /strategy shows the "serv" marker). */
const SECTION_PAGES: Record<string, string[]> = { "/services": ["/strategy"] };

const inSection = (href: string, pathname: string) =>
  (SECTION_PAGES[href] ?? []).some((page) => pathname === page || pathname.startsWith(`${page}/`));

const linkClass = ({ isActive }: { isActive: boolean }) =>
  [
    "rounded-full px-3 py-2 text-sm font-medium transition-colors duration-200",
    isActive ? "bg-text text-canvas" : "text-text-muted hover:text-text",
  ].join(" ");

/** The cart: a link to /cart, with the signed-in client's item count rendered on the server. */
function CartLink({ count }: { count: number }) {
  return (
    <Link
      to="/cart"
      className="relative grid size-10 place-items-center rounded-full border border-border text-text transition-colors hover:border-text-muted"
      aria-label={count ? `Cart, ${count} item${count > 1 ? "s" : ""}` : "Cart"}
    >
      {count ? (
        <span className="count-badge" data-testid="navbar-cart-count">
          {count}
        </span>
      ) : null}
      <CartIcon />
    </Link>
  );
}

/**
 * The hamburger menu is a <details>, so it opens and closes with JavaScript
 * off. With JavaScript it also closes on navigation, on Escape and on a click
 * outside it.
 */
function MobileMenu({ links, user }: { links: Navigation["links"]; user: NavbarUser }) {
  const ref = useDismissableDetails();

  return (
    <details ref={ref} className="mobile-menu lg:hidden" data-testid="mobile-menu" data-dismissable="">
      <summary
        className="grid size-10 cursor-pointer place-items-center rounded-full border border-border text-text"
        aria-label="Menu"
      >
        <MenuIcon className="hamburger-open" />
        <CloseIcon className="hamburger-close" />
      </summary>
      <nav
        aria-label="Main"
        className="absolute inset-x-0 top-full h-[calc(100dvh-4rem)] overflow-y-auto border-t border-border bg-canvas px-5 pt-4 pb-8"
      >
        <ul className="flex flex-col gap-1">
          {links.map((link) => (
            <li key={link.href}>
              <NavLink
                to={link.href}
                className={({ isActive }) =>
                  `block rounded-xl px-4 py-3 font-display text-lg ${isActive ? "bg-surface-raised text-text" : "text-text-muted"}`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        {/* From sm up the bar itself shows these, so a screen never has two of them. */}
        <div className="mt-4 border-t border-border pt-4 sm:hidden">
          {user ? (
            <div className="flex items-center gap-2">
              <Link
                to={homeOf(user).to}
                className="rounded-full bg-text px-5 py-3 text-sm font-semibold text-canvas"
              >
                {homeOf(user).label}
              </Link>
              <LogoutForm buttonClassName="rounded-full px-4 py-3 text-sm font-medium text-text-muted" />
            </div>
          ) : (
            <Link
              to="/login"
              className="inline-flex rounded-full bg-text px-5 py-3 text-sm font-semibold text-canvas"
            >
              Sign in
            </Link>
          )}
        </div>
      </nav>
    </details>
  );
}

export type NavbarUser = { username: string; role?: "client" | "staff"; cartCount?: number } | null;

/** The one way in for a signed-in account: the back-office for staff, the workspace for clients (decision 0056). */
const homeOf = (user: NonNullable<NavbarUser>) =>
  user.role === "staff" ? { to: "/admin", label: "Back-office" } : { to: "/dashboard2", label: "Workspace" };

/**
 * The site's links. For a signed-in account the seeded Profile link is left out: it leads into the
 * workspace, which the account's own entry already opens.
 */
const siteLinks = (links: Navigation["links"], user: NavbarUser) =>
  user ? links.filter((link) => link.href !== "/profile") : links;

function AccountLinks({ user }: { user: NavbarUser }) {
  if (!user) {
    return (
      <Link
        to="/login"
        className="hidden rounded-full border border-border px-4 py-2 text-sm font-medium text-text hover:border-text-muted sm:inline-flex"
      >
        Sign in
      </Link>
    );
  }
  return (
    <div className="hidden items-center gap-2 sm:flex">
      <Link to={homeOf(user).to} className="rounded-full bg-text px-4 py-2 text-sm font-semibold text-canvas">
        {homeOf(user).label}
      </Link>
      <LogoutForm buttonClassName="rounded-full px-3 py-2 text-sm font-medium text-text-muted hover:text-text" />
    </div>
  );
}

export function Navbar({
  siteName,
  navigation,
  user,
}: {
  siteName: string;
  navigation: Navigation;
  user: NavbarUser;
}) {
  const { pathname } = useLocation();
  const links = siteLinks(navigation.links, user);
  return (
    <header
      data-sticky-top=""
      className="sticky top-0 z-40 border-b border-border/70 bg-canvas/85 backdrop-blur-md"
    >
      <a
        href="#main"
        className={classes(
          "sr-only focus:not-sr-only focus:absolute focus:top-3 focus:left-3",
          "focus:z-50 focus:rounded-full focus:bg-text focus:px-4 focus:py-2",
          "focus:text-canvas",
        )}
      >
        Skip to content
      </a>
      <div className="relative mx-auto flex h-16 max-w-7xl items-center gap-4 px-5 lg:px-8">
        <Link to="/" className="flex items-center gap-2.5 text-text" aria-label={`${siteName} home`}>
          <LogoMark />
          <span className="font-display text-base font-semibold tracking-tight">{siteName}</span>
        </Link>
        <span className="hidden h-5 w-px bg-border sm:block" aria-hidden="true" />
        <span className="hidden sm:inline-flex">
          <RotatingWords words={navigation.rotatingWords} />
        </span>
        <nav aria-label="Main" className="ml-auto hidden lg:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li key={link.href}>
                <NavLink
                  to={link.href}
                  className={({ isActive }) =>
                    linkClass({ isActive: isActive || inSection(link.href, pathname) })
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2 lg:ml-2">
          <AccountLinks user={user} />
          {user?.role !== "staff" && <CartLink count={user?.cartCount ?? 0} />}
          <MobileMenu links={links} user={user} />
        </div>
      </div>
    </header>
  );
}
