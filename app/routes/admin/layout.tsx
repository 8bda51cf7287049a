import { data, isRouteErrorResponse, Outlet } from "react-router";
import type { SiteShell as SiteShellContent } from "~models/content/site-content";
import { getSiteShell } from "~models/content/site-content.server";
import { displayNameOf } from "~models/identity/manage-account";
import { countBackOffice } from "~models/back-office/badges.server";
import { BACK_OFFICE_HEADERS } from "~/lib/admin.server";
import { BackOfficeChrome } from "~/components/admin/chrome";
import { NOT_FOUND_TITLE, NotFoundPage } from "~/components/not-found-page";
import { SiteShell } from "~/components/shell/site-shell";
import { staffOf, staffPageGate } from "~/lib/staff-gate.server";
import type { Route } from "./+types/layout";

// The staff back-office (docs/decisions/0017-back-office-and-audit-log.md),
// in its own frame (docs/decisions/0071-back-office-chrome-and-submission-registry.md):
// it sits outside the public site's layout, so staff work without the
// marketing navbar and newsletter footer.
// Staff only: the staff gate below works out who is asking once per request
// (docs/decisions/0065), this loader and every child's loader and action read
// it through staffOf, and anyone else gets the site's ordinary 404 page: this
// loader then carries the public site's shell, so the 404 looks exactly like
// any unknown page's.

/** The back-office's sections: its navigation, in this order. */
export const ADMIN_SECTIONS = [
  { label: "Overview", to: "/admin", end: true },
  { label: "Inbox", to: "/admin/inbox", end: false },
  { label: "Projects", to: "/admin/projects", end: false },
  { label: "Agenda", to: "/admin/agenda", end: false },
  { label: "Clients", to: "/admin/clients", end: false },
  { label: "Organisations", to: "/admin/organisations", end: false },
  { label: "Catalogue", to: "/admin/catalog", end: false },
  { label: "Payments", to: "/admin/payments", end: false },
  { label: "Reports", to: "/admin/reports", end: false },
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

/** What a stranger's 404 carries: the public site's navbar and footer, to look like any other 404. */
type StrangerNotFound = { siteShell: SiteShellContent };

const isStrangerNotFound = (value: unknown): value is StrangerNotFound =>
  typeof value === "object" && value !== null && "siteShell" in value;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await staffOf({ request, context }).catch(async (error: unknown) => {
    if (error instanceof Response && error.status === 404)
      throw data({ siteShell: await getSiteShell() } satisfies StrangerNotFound, { status: 404 });
    throw error;
  });
  const { unhandled, failedEmails, openGaps } = await countBackOffice(request);
  return {
    staff: { name: displayNameOf(user), email: user.email },
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
  return (
    <BackOfficeChrome sections={ADMIN_SECTIONS} staff={loaderData.staff} badges={loaderData.badges}>
      <Outlet />
    </BackOfficeChrome>
  );
}

/**
 * Anyone but staff: the site's 404 in the public shell, exactly like an unknown page. Staff (a record
 * that does not exist, a failure): the message inside the back-office's own frame.
 */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!loaderData) {
    if (notFound && isStrangerNotFound(error.data))
      return (
        <SiteShell shell={error.data.siteShell}>
          <NotFoundPage />
        </SiteShell>
      );
    return <main id="main">{notFound ? <NotFoundPage /> : <ErrorMessage error={error} />}</main>;
  }
  return (
    <BackOfficeChrome sections={ADMIN_SECTIONS} staff={loaderData.staff} badges={loaderData.badges}>
      {notFound ? <NotFoundPage /> : <ErrorMessage error={error} />}
    </BackOfficeChrome>
  );
}

function ErrorMessage({ error }: { error: unknown }) {
  // A page this staff member's access does not open (decision 0075): the reason, not an error.
  if (isRouteErrorResponse(error) && error.status === 403 && typeof error.data === "string")
    return (
      <section role="note" className="flex max-w-3xl flex-col gap-4 py-10">
        <h1 className="font-display text-3xl font-semibold">Not part of your access</h1>
        <p className="text-text-muted">{error.data}</p>
      </section>
    );
  return (
    <section className="flex max-w-3xl flex-col gap-4 py-10">
      <h1 className="font-display text-3xl font-semibold">Something went wrong</h1>
      <p className="text-text-muted">
        {isRouteErrorResponse(error)
          ? `${error.status} ${error.statusText}`
          : "Please reload the page, or try again in a minute."}
      </p>
    </section>
  );
}
