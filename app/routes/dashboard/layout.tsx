import { Form, Link, Outlet, useLocation } from "react-router";
import { accountSummaryForRequest } from "~models/billing/account-summary.server";
import { getTopBarLists } from "~models/projects/dashboard.server";
import { NOTIFICATION_MESSAGES } from "~models/platform/notifications";
import { Dropdown } from "~/components/dropdown";
import { BellIcon, CartIcon } from "~/components/icons";
import { DashboardLoadError } from "~/components/dashboard-load-error";
import { NotificationItem } from "~/components/notifications";
import { LogoutForm } from "~/components/shell/logout-form";
import { TabNav } from "~/components/shell/tab-nav";
import { requireUser } from "~/lib/auth.server";
import type { Route } from "./+types/layout";

/** The client dashboard's tabs (docs/product.md, "Dashboard"): links to nested routes, so they work without JavaScript. */
export const DASHBOARD_TABS = [
  { label: "Dashboard", to: "/dashboard2", end: true },
  { label: "Shop", to: "/dashboard2/shop", end: false },
  { label: "My Purchases", to: "/dashboard2/purchases", end: false },
  { label: "Recommendations", to: "/dashboard2/recommendations", end: false },
  { label: "Projects", to: "/dashboard2/projects", end: false },
  { label: "Meetings", to: "/dashboard2/meetings", end: false },
  { label: "Billing & Tokens", to: "/dashboard2/billing", end: false },
  { label: "Profile", to: "/dashboard2/profile", end: false },
] as const;

/** How many notifications the top bar's dropdown lists (the page lists more). */
export const DROPDOWN_NOTIFICATIONS = 6;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // Balance and unread count come from the request's account summary (shared with the root and the tab).
  const [{ balance, unread }, lists] = await Promise.all([
    accountSummaryForRequest(request, user.id),
    getTopBarLists(user.id, DROPDOWN_NOTIFICATIONS),
  ]);
  const total = lists.cart.reduce((sum, line) => sum + line.total, 0);
  return {
    user: { username: user.username, email: user.email },
    tokens: balance,
    unread,
    notifications: lists.notifications,
    cart: {
      lines: lists.cart,
      total,
      count: lists.cart.reduce((sum, line) => sum + line.quantity, 0),
      // As getCart judges it: something in the cart, and the balance covers it.
      canAfford: lists.cart.length > 0 && total <= balance,
    } satisfies CartSummary,
  };
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

type CartSummary = {
  lines: { id: string; name: string; quantity: number; total: number }[];
  total: number;
  count: number;
  canAfford: boolean;
};

/** The top bar's cart: the lines, the total and the way to checkout (a <details>, no JavaScript needed). */
function CartDropdown({ cart }: { cart: CartSummary }) {
  return (
    <Dropdown
      label={cart.count ? `Cart, ${cart.count} item${cart.count === 1 ? "" : "s"}` : "Cart"}
      summary={
        <>
          <CartIcon />
          {cart.count ? (
            <span className="count-badge" data-testid="cart-count">
              {cart.count > 99 ? "99+" : cart.count}
            </span>
          ) : null}
        </>
      }
      testId="cart-dropdown"
    >
      <p className="font-display text-sm font-semibold">Cart</p>
      {cart.lines.length ? (
        <>
          <ul className="mt-3 flex max-h-72 flex-col gap-2 overflow-y-auto text-sm">
            {cart.lines.map((line) => (
              <li key={line.id} className="flex justify-between gap-3">
                <span className="min-w-0 truncate">
                  {line.name}
                  {line.quantity > 1 ? ` × ${line.quantity}` : ""}
                </span>
                <span className="shrink-0 text-text-muted">{line.total} tokens</span>
              </li>
            ))}
          </ul>
          <p className="mt-3 flex justify-between border-t border-border pt-3 text-sm font-semibold">
            <span>Total</span>
            <span>{cart.total} tokens</span>
          </p>
          <Link
            to="/cart"
            className="mt-3 inline-flex rounded-full bg-text px-4 py-2 text-sm font-semibold text-canvas"
          >
            {cart.canAfford ? "View cart and checkout" : "View cart"}
          </Link>
        </>
      ) : (
        <>
          <p className="mt-2 text-sm text-text-muted">Your cart is empty.</p>
          <Link
            to="/dashboard2/shop"
            className="mt-3 inline-flex rounded-full border border-border px-4 py-2 text-sm font-semibold hover:border-text-muted"
          >
            Browse the shop
          </Link>
        </>
      )}
    </Dropdown>
  );
}

function TopBar({
  username,
  tokens,
  unread,
  notifications,
  cart,
}: {
  username: string;
  tokens: number;
  unread: number;
  notifications: Route.ComponentProps["loaderData"]["notifications"];
  cart: CartSummary;
}) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <div className="relative flex items-center justify-between gap-3 border-b border-border pb-5">
      {/* Token balance with a tooltip: shown on hover and on keyboard focus, no JavaScript. */}
      <Link
        to="/dashboard2/billing"
        className="group relative inline-flex items-center gap-2 rounded-full border border-border px-4 py-2 text-sm font-semibold hover:border-text-muted"
        aria-describedby="token-tooltip"
      >
        <span className="size-2.5 rounded-full bg-yellow" aria-hidden="true" />
        <span data-testid="token-balance">{tokens}</span>
        <span className="sm:hidden">tokens</span>
        <span className="hidden sm:inline">Creative Tokens</span>
        <span
          id="token-tooltip"
          role="tooltip"
          className="pointer-events-none absolute top-full left-0 z-30 mt-2 hidden w-64 rounded-xl border border-border bg-surface-raised p-3 text-xs font-normal text-text-muted group-hover:block group-focus-visible:block"
        >
          Your Creative Tokens balance. Tokens pay for shop items and project work, and are valid for 90 days.
        </span>
      </Link>
      <div className="flex items-center gap-2">
        <CartDropdown cart={cart} />
        <Dropdown
          label={unread ? `Notifications, ${unread} unread` : "Notifications"}
          summary={
            <>
              <BellIcon />
              {unread ? (
                <span
                  className="absolute -top-1 -right-1 grid min-w-5 place-items-center rounded-full bg-red px-1 text-[0.65rem] font-bold text-red-ink"
                  data-testid="unread-count"
                >
                  {unread > 99 ? "99+" : unread}
                </span>
              ) : null}
            </>
          }
          testId="notifications-dropdown"
        >
          <div className="flex items-center justify-between gap-3">
            <p className="font-display text-sm font-semibold">Notifications</p>
            {unread ? (
              <Form method="post" action="/dashboard2/notifications">
                <input type="hidden" name="redirectTo" value={here} />
                <button
                  type="submit"
                  name="intent"
                  value="read-all"
                  className="text-xs font-semibold text-yellow hover:underline"
                >
                  Mark all read
                </button>
              </Form>
            ) : null}
          </div>
          {notifications.length ? (
            <ul className="mt-3 flex max-h-96 flex-col gap-1 overflow-y-auto">
              {notifications.map((n) => (
                <NotificationItem key={n.id} notification={n} redirectTo={here} compact />
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-text-muted">{NOTIFICATION_MESSAGES.empty}</p>
          )}
          <Link
            to="/dashboard2/notifications"
            className="mt-3 inline-flex text-sm font-semibold text-text underline-offset-4 hover:underline"
          >
            View all notifications
          </Link>
        </Dropdown>
        <Link
          to="/dashboard2/profile"
          className="inline-flex items-center gap-2 rounded-full border border-border py-1 pr-4 pl-1 text-sm font-medium hover:border-text-muted"
        >
          <span
            className="grid size-8 place-items-center rounded-full bg-purple font-display text-xs font-semibold text-purple-ink"
            aria-hidden="true"
          >
            {username.slice(0, 2).toUpperCase()}
          </span>
          {/* The accessible name begins with what is visible: "alex profile". */}
          <span className="sr-only sm:not-sr-only sm:max-w-32 sm:truncate">{username}</span>
          <span className="sr-only"> profile</span>
        </Link>
      </div>
    </div>
  );
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { user, tokens, unread, notifications, cart } = loaderData;
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-5 py-10 lg:grid-cols-[15rem_1fr] lg:px-8">
      <aside className="flex min-w-0 flex-col gap-6">
        <div className="flex items-center gap-3">
          <span
            className="grid size-11 shrink-0 place-items-center rounded-full bg-purple font-display text-sm font-semibold text-purple-ink"
            aria-hidden="true"
          >
            {user.username.slice(0, 2).toUpperCase()}
          </span>
          <div className="min-w-0">
            <p className="truncate font-medium">{user.username}</p>
            <p className="truncate text-sm text-text-muted">{user.email}</p>
          </div>
        </div>
        <TabNav label="Dashboard" tabs={DASHBOARD_TABS} />
        <LogoutForm
          className="hidden lg:block"
          buttonClassName="rounded-xl px-4 py-2.5 text-sm font-medium text-text-muted hover:text-text"
        />
      </aside>
      <div className="flex min-w-0 flex-col gap-8">
        <TopBar
          username={user.username}
          tokens={tokens}
          unread={unread}
          notifications={notifications}
          cart={cart}
        />
        <Outlet />
        <LogoutForm
          className="lg:hidden"
          buttonClassName="rounded-xl border border-border px-4 py-2.5 text-sm font-medium text-text-muted hover:text-text"
        />
      </div>
    </div>
  );
}

export const ErrorBoundary = DashboardLoadError;
