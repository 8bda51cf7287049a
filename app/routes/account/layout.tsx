import { Link, Outlet } from "react-router";
import { ACCOUNT_TABS, fullNameOf, initialsOf } from "~models/identity/manage-account";
import { currentPlanForRequest } from "~models/billing/account-billing.server";
import { AccountLoadError } from "~/components/load-error";
import { LogoutForm } from "~/components/shell/logout-form";
import { TabNav } from "~/components/shell/tab-nav";
import { requireUser } from "~/lib/auth.server";
import type { Route } from "./+types/layout";

// /manageaccount (docs/product.md, "Accounts"): a sidebar and four tabs,
// each a nested route, so every tab is a link that works without JavaScript.

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const plan = await currentPlanForRequest(request, user.id);
  return {
    name: fullNameOf(user) || user.username,
    initials: initialsOf(user),
    email: user.email,
    plan: plan.name,
  };
}

/** Personal data: never stored by a browser or a shared cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function ManageAccountLayout({ loaderData }: Route.ComponentProps) {
  const { name, initials, email, plan } = loaderData;
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-5 py-10 lg:grid-cols-[16rem_1fr] lg:px-8">
      <aside className="flex min-w-0 flex-col gap-6" aria-label="Account">
        <div className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5">
          <div className="flex items-center gap-3">
            <span
              className="grid size-12 shrink-0 place-items-center rounded-full bg-purple font-display text-base font-semibold text-purple-ink"
              aria-hidden="true"
              data-testid="account-initials"
            >
              {initials}
            </span>
            <div className="min-w-0">
              <p className="truncate font-medium" data-testid="account-name">
                {name}
              </p>
              <p className="truncate text-sm text-text-muted">{email}</p>
            </div>
          </div>
          <p
            className="self-start rounded-full border border-yellow/50 bg-yellow/10 px-3 py-1 text-xs font-semibold text-yellow"
            data-testid="plan-badge"
          >
            {plan} Plan
          </p>
        </div>
        <TabNav label="Manage account" tabs={ACCOUNT_TABS} />
        <div className="flex flex-wrap gap-2 lg:flex-col">
          <Link
            to="/helpsupport"
            className="rounded-xl px-4 py-2.5 text-sm font-medium text-text-muted hover:text-text"
          >
            Help & Support
          </Link>
          <LogoutForm buttonClassName="rounded-xl px-4 py-2.5 text-sm font-medium text-text-muted hover:text-text" />
        </div>
      </aside>
      <div className="flex min-w-0 flex-col gap-8">
        <Outlet />
      </div>
    </div>
  );
}

export const ErrorBoundary = AccountLoadError;
