import { Form, redirect, useLocation } from "react-router";
import { z } from "zod";
import {
  dismissNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "~models/platform/notifications.server";
import { NOTIFICATION_MESSAGES } from "~models/platform/notifications";
import { NotificationItem } from "~/components/notifications";
import { requireUser, safeRedirect } from "~/lib/auth.server";
import type { Route } from "./+types/notifications";
import { parseFormData } from "~/lib/request-input.server";

export const meta: Route.MetaFunction = () => [{ title: "Notifications — Ascendra" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { notifications: await listNotifications(user.id) };
}

const NotificationActionSchema = z.object({
  intent: z.enum(["open", "read", "read-all", "dismiss"]),
  id: z.string().optional().default(""),
  redirectTo: z.string().optional(),
});

/** Open (mark read, then follow the link), mark read, mark all read, dismiss. Answers with a redirect. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const parsed = NotificationActionSchema.safeParse(Object.fromEntries(await parseFormData(request)));
  if (!parsed.success) throw new Response("Bad request", { status: 400 });
  const { intent, id } = parsed.data;
  const back = safeRedirect(parsed.data.redirectTo, "/dashboard2/notifications");
  if (intent === "read-all") {
    await markAllNotificationsRead(user.id);
    return redirect(back);
  }
  if (intent === "dismiss") {
    if (!(await dismissNotification(user.id, id))) throw new Response("Not found", { status: 404 });
    return redirect(back);
  }
  const row = await markNotificationRead(user.id, id);
  if (!row) throw new Response("Not found", { status: 404 });
  return redirect(intent === "open" && row.link ? safeRedirect(row.link, back) : back);
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { notifications } = loaderData;
  const location = useLocation();
  const unread = notifications.filter((n) => !n.isRead).length;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-2">
          <h1 className="font-display text-3xl font-semibold">Notifications</h1>
          <p className="text-text-muted" aria-live="polite">
            {unread ? `${unread} unread` : NOTIFICATION_MESSAGES.empty}
          </p>
        </div>
        {unread ? (
          <Form method="post">
            <input type="hidden" name="redirectTo" value={location.pathname} />
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
            <NotificationItem key={n.id} notification={n} redirectTo={location.pathname} />
          ))}
        </ul>
      ) : (
        <p className="rounded-2xl border border-dashed border-border p-8 text-center text-text-muted">
          No notifications yet. We will let you know when a project moves.
        </p>
      )}
    </div>
  );
}
