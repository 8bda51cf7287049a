import { Form, NavLink, Outlet } from "react-router";
import { requireUser } from "~/lib/auth.server";
import type { Route } from "./+types/layout";

/** The client dashboard's tabs: links, so they work without JavaScript. */
export const DASHBOARD_TABS = [
  { label: "Dashboard", to: "/dashboard2", end: true },
  { label: "Profile", to: "/dashboard2/profile", end: false },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { user: { username: user.username, email: user.email } };
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-5 py-10 lg:grid-cols-[15rem_1fr] lg:px-8">
      <aside className="flex flex-col gap-6">
        <div className="flex items-center gap-3">
          <span className="grid size-11 place-items-center rounded-full bg-purple font-display text-sm font-semibold text-purple-ink" aria-hidden="true">
            {user.username.slice(0, 2).toUpperCase()}
          </span>
          <div className="min-w-0">
            <p className="truncate font-medium">{user.username}</p>
            <p className="truncate text-sm text-text-muted">{user.email}</p>
          </div>
        </div>
        <nav aria-label="Dashboard">
          <ul className="flex gap-2 overflow-x-auto lg:flex-col">
            {DASHBOARD_TABS.map((tab) => (
              <li key={tab.to}>
                <NavLink
                  to={tab.to}
                  end={tab.end}
                  className={({ isActive }) =>
                    `block rounded-xl px-4 py-2.5 text-sm font-medium whitespace-nowrap ${isActive ? "bg-surface-raised text-text" : "text-text-muted hover:text-text"}`
                  }
                >
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Form method="post" action="/logout">
          <button type="submit" className="rounded-xl px-4 py-2.5 text-sm font-medium text-text-muted hover:text-text">
            Logout
          </button>
        </Form>
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
