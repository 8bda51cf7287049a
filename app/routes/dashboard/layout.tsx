import { classes } from "~/lib/classes";
import { Form, Link, Outlet, useLocation } from "react-router";
import { FREE_PLAN } from "~models/billing/subscriptions";
import { fullNameOf, initialsOf } from "~models/identity/manage-account";
import { NOTIFICATION_MESSAGES } from "~models/platform/notifications";
import { Dropdown } from "~/components/dropdown";
import { BellIcon } from "~/components/icons";
import { DashboardLoadError } from "~/components/dashboard-load-error";
import { NotificationItem } from "~/components/notifications";
import { SectionPages, WorkspaceNav } from "~/components/shell/workspace-nav";
import { memberWithSummary } from "~/lib/member-summary.server";
import type { Route } from "./+types/layout";

// The client workspace (decision 0056): one layout for everything a signed-in client does, with one
// navigation (WORKSPACE_SECTIONS). The site's navbar above it keeps the one cart and the one Logout.

export async function loader({ request }: Route.LoaderArgs) {
  // The account, plan, balance, unread count and the dropdown's latest notifications: one statement,
  // shared with the root and the page (the request's account summary).
  const { member, summary } = await memberWithSummary(request);
  const user = member.person;
  return {
    user: { name: fullNameOf(user) || user.username, initials: initialsOf(user), email: user.email },
    plan: summary.active?.plan.name ?? FREE_PLAN.name,
    tokens: summary.balance,
    unread: summary.unread,
    notifications: summary.latestNotifications,
  };
}

/** Personal data: never stored by a browser or a shared cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

/** The bar above every section: the token balance and the notifications, on every page of the workspace. */
function TopBar({
  tokens,
  unread,
  notifications,
}: {
  tokens: number;
  unread: number;
  notifications: Route.ComponentProps["loaderData"]["notifications"];
}) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <div className="relative flex items-center justify-between gap-3">
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
          className={classes(
            "pointer-events-none absolute top-full left-0 z-30 mt-2 hidden w-64",
            "rounded-xl border border-border bg-surface-raised p-3 text-xs",
            "font-normal text-text-muted group-hover:block group-focus-visible:block",
          )}
        >
          Your Creative Tokens balance. Tokens pay for shop items and project work, and are valid for 90 days.
        </span>
      </Link>
      <div className="flex items-center gap-2">
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
      </div>
    </div>
  );
}

export default function WorkspaceLayout({ loaderData }: Route.ComponentProps) {
  const { user, plan, tokens, unread, notifications } = loaderData;
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-5 py-6 sm:py-10 lg:grid-cols-[15rem_1fr] lg:gap-10 lg:px-8">
      <aside
        className="flex min-w-0 flex-col gap-4 lg:sticky lg:top-24 lg:gap-6 lg:self-start"
        aria-label="Account"
      >
        <Link
          to="/dashboard2/settings"
          className={classes(
            "flex items-center gap-3 rounded-2xl border border-border bg-surface p-3",
            "transition-colors hover:border-text-muted lg:flex-col lg:items-start",
            "lg:p-5",
          )}
        >
          <span
            className="grid size-10 shrink-0 place-items-center rounded-full bg-purple font-display text-sm font-semibold text-purple-ink lg:size-12"
            aria-hidden="true"
            data-testid="account-initials"
          >
            {user.initials}
          </span>
          <span className="flex min-w-0 flex-1 flex-col lg:self-stretch">
            <span className="truncate font-medium" data-testid="account-name">
              {user.name}
            </span>
            <span className="truncate text-sm text-text-muted">{user.email}</span>
          </span>
          <span
            className="shrink-0 rounded-full border border-yellow/50 bg-yellow/10 px-3 py-1 text-xs font-semibold text-yellow"
            data-testid="plan-badge"
          >
            {plan} Plan
          </span>
        </Link>
        <WorkspaceNav />
        {/* On a phone the footer carries it, so the section row stays one row. */}
        <Link
          to="/helpsupport"
          className="hidden rounded-xl px-4 py-2.5 text-sm font-medium text-text-muted hover:text-text lg:block"
        >
          Help & Support
        </Link>
      </aside>
      <div className="flex min-w-0 flex-col gap-6 lg:gap-8">
        <div className="flex flex-col gap-4 border-b border-border pb-5">
          <TopBar tokens={tokens} unread={unread} notifications={notifications} />
          <SectionPages />
        </div>
        <div className="workspace-page min-w-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = DashboardLoadError;
