import { Form, redirect, useLocation } from "react-router";
import { z } from "zod";
import {
  dismissNotification,
  listNotificationsPage,
  markAllNotificationsRead,
  markNotificationRead,
} from "~models/platform/notifications.server";
import { NOTIFICATION_MESSAGES } from "~models/platform/notifications";
import { accountSummaryForRequest } from "~models/views/account-summary.server";
import { pageNumber } from "~models/platform/pagination";
import { NotificationItem } from "~/components/notifications";
import { Pager } from "~/components/pager";
import { safeRedirect } from "~/lib/auth.server";
import { memberOf } from "~/lib/membership.server";
import { whoseSummary } from "~/lib/member-summary.server";
import type { Route } from "./+types/notifications";
import { requireForm } from "~/lib/body/form.server";
import { OUTCOME_PROPS } from "~/lib/outcome-focus";

export const meta: Route.MetaFunction = () => [{ title: "Notifications — Ascendra" }];

/** Notifications per page. */
const PAGE_SIZE = 20;

export async function loader({ request }: Route.LoaderArgs) {
  const member = await memberOf(request);
  const requested = pageNumber(new URL(request.url).searchParams.get("page"));
  // The unread count is the shell's (one account summary per request), not this page's.
  const [{ rows, page }, { unread }] = await Promise.all([
    listNotificationsPage(member.person.id, requested, PAGE_SIZE),
    accountSummaryForRequest(request, whoseSummary(member)),
  ]);
  return {
    notifications: rows,
    unread,
    page: { page: page.page, pageCount: page.pageCount, total: page.total },
  };
}

const NotificationActionSchema = z.object({
  intent: z.enum(["open", "read", "read-all", "dismiss"]),
  id: z.string().optional().default(""),
  redirectTo: z.string().optional(),
});

/** Open (mark read, then follow the link), mark read, mark all read, dismiss. Answers with a redirect. */
export async function action({ request }: Route.ActionArgs) {
  const member = await memberOf(request);
  const parsed = NotificationActionSchema.safeParse(Object.fromEntries(await requireForm(request)));
  if (!parsed.success) throw new Response("Bad request", { status: 400 });
  const { intent, id } = parsed.data;
  const back = safeRedirect(parsed.data.redirectTo, "/dashboard2/notifications");
  if (intent === "read-all") {
    await markAllNotificationsRead(member.person.id);
    return redirect(back);
  }
  if (intent === "dismiss") {
    if (!(await dismissNotification(member.person.id, id))) throw new Response("Not found", { status: 404 });
    return redirect(back);
  }
  const row = await markNotificationRead(member.person.id, id);
  if (!row) throw new Response("Not found", { status: 404 });
  return redirect(intent === "open" && row.link ? safeRedirect(row.link, back) : back);
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { notifications, unread, page } = loaderData;
  const location = useLocation();
  // Back to this page of the list after an action.
  const here = `${location.pathname}${location.search}`;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-2">
          <h1 className="font-display text-3xl font-semibold">Notifications</h1>
          {/* What a post here changes: marking read lands back on this page with a new count. */}
          <p className="text-text-muted" aria-live="polite" {...OUTCOME_PROPS}>
            {unread ? `${unread} unread` : NOTIFICATION_MESSAGES.empty}
          </p>
        </div>
        {unread ? (
          <Form method="post">
            <input type="hidden" name="redirectTo" value={here} />
            <button
              type="submit"
              name="intent"
              value="read-all"
              className="rounded-full border border-border px-5 py-2.5 text-sm font-semibold hover:border-text-muted"
            >
              Mark all read
            </button>
          </Form>
        ) : null}
      </header>
      {notifications.length ? (
        <ul className="flex flex-col gap-2">
          {notifications.map((n) => (
            <NotificationItem key={n.id} notification={n} redirectTo={here} />
          ))}
        </ul>
      ) : (
        <p className="rounded-2xl border border-dashed border-border p-8 text-center text-text-muted">
          No notifications yet. We will let you know when a project moves.
        </p>
      )}
      <Pager page={page} label="Notification pages" noun={["notification", "notifications"]} />
    </div>
  );
}
