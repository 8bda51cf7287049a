import { isRouteErrorResponse, Outlet, useRouteError } from "react-router";
import { countBackOffice } from "~models/back-office/badges.server";
import { BACK_OFFICE_HEADERS } from "~/lib/admin.server";
import { NOT_FOUND_TITLE, NotFoundPage } from "~/components/not-found-page";
import { TabNav } from "~/components/shell/tab-nav";
import { staffOf, staffPageGate } from "~/lib/staff-gate.server";
import type { Route } from "./+types/layout";

// The staff back-office (docs/decisions/0017-back-office-and-audit-log.md).
// Staff only: the staff gate below works out who is asking once per request
// (docs/decisions/0065), this loader and every child's loader and action read
// it through staffOf, and anyone else gets the site's ordinary 404 page.

export const ADMIN_SECTIONS = [
  { label: "Overview", to: "/admin", end: true },
  { label: "Inbox", to: "/admin/inbox", end: false },
  { label: "Projects", to: "/admin/projects", end: false },
  { label: "Agenda", to: "/admin/agenda", end: false },
  { label: "Clients", to: "/admin/clients", end: false },
  { label: "Catalogue", to: "/admin/catalog", end: false },
  { label: "Payments", to: "/admin/payments", end: false },
  { label: "Chat gaps", to: "/admin/chat-gaps", end: false },
  { label: "Email outbox", to: "/admin/outbox", end: false },
  { label: "Audit log", to: "/admin/audit", end: false },
  { label: "Staff", to: "/admin/staff", end: false },
] as const;

/**
 * Back-office responses (documents and data requests) are never cached and
 * never indexed; then the staff gate records who is asking.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async (_args, next) => {
    const response = await next();
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(BACK_OFFICE_HEADERS)) headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  },
  staffPageGate,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await staffOf({ request, context });
  const { unhandled, failedEmails, openGaps } = await countBackOffice(request);
  return {
    user: { username: user.username, email: user.email },
    badges: {
      "/admin/inbox": Object.values(unhandled).reduce((a, b) => a + b, 0),
      "/admin/outbox": failedEmails,
      "/admin/chat-gaps": openGaps,
    },
  };
}

export const meta: Route.MetaFunction = ({ error }) =>
  error
    ? [{ title: NOT_FOUND_TITLE }, { name: "robots", content: "noindex" }]
    : [{ title: "Back-office — Ascendra" }, { name: "robots", content: "noindex, nofollow" }];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user, badges } = loaderData;
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-5 py-10 lg:grid-cols-[14rem_1fr] lg:px-8">
      <aside className="flex min-w-0 flex-col gap-6">
        <div className="min-w-0">
          <p className="font-display text-xs font-semibold tracking-widest text-purple uppercase">
            Back-office
          </p>
          <p className="mt-1 truncate font-medium">{user.username}</p>
          <p className="truncate text-sm text-text-muted">{user.email}</p>
        </div>
        <TabNav label="Back-office" tabs={ADMIN_SECTIONS} badges={badges} />
      </aside>
      <div className="flex min-w-0 flex-col gap-8">
        <Outlet />
      </div>
    </div>
  );
}

/** A 404 here looks exactly like any unknown page; anything else is a plain error inside the shell. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4 px-5 py-24 lg:px-8">
      <h1 className="font-display text-3xl font-semibold">Something went wrong</h1>
      <p className="text-text-muted">
        {isRouteErrorResponse(error)
          ? `${error.status} ${error.statusText}`
          : "Please reload the page, or try again in a minute."}
      </p>
    </section>
  );
}
