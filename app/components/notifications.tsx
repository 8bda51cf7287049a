import type { ReactNode } from "react";
import { Form } from "react-router";
import { DismissIcon } from "~/components/icons";
import { formatDateTime } from "~/lib/format";

type NotificationView = {
  id: string;
  type: string;
  title: string;
  message: string;
  isRead: boolean;
  createdAt: Date | string;
  link: string | null;
};

const TONE: Record<string, string> = { success: "bg-green", warning: "bg-yellow", info: "bg-blue" };

/** A POST about one notification to /dashboard2/notifications, which then sends the visitor to `redirectTo`. */
function NotificationForm({
  id,
  redirectTo,
  className,
  children,
}: {
  id: string;
  redirectTo: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action="/dashboard2/notifications" className={className}>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {children}
    </Form>
  );
}

/**
 * One notification. Opening it is a POST (it marks it read, then follows its
 * link); Dismiss hides it for good. Both are plain forms.
 */
export function NotificationItem({
  notification: n,
  redirectTo,
  compact = false,
}: {
  notification: NotificationView;
  redirectTo: string;
  compact?: boolean;
}) {
  return (
    <li
      className={`flex items-start gap-2 rounded-xl ${n.isRead ? "" : "bg-surface-raised"} ${compact ? "p-2" : "p-3"}`}
      data-testid="notification"
      data-read={n.isRead}
    >
      <NotificationForm id={n.id} redirectTo={redirectTo} className="min-w-0 flex-1">
        <button
          type="submit"
          name="intent"
          value="open"
          className="flex w-full items-start gap-2.5 text-left"
        >
          <span
            className={`mt-1.5 size-2 shrink-0 rounded-full ${n.isRead ? "bg-transparent" : (TONE[n.type] ?? "bg-blue")}`}
            aria-hidden="true"
          />
          <span className="flex min-w-0 flex-col gap-0.5 wrap-anywhere">
            <span
              className={`text-sm ${n.isRead ? "font-medium text-text-muted" : "font-semibold text-text"}`}
            >
              {n.title}
              {n.isRead ? null : <span className="sr-only"> (unread)</span>}
            </span>
            <span className={`text-sm text-text-muted ${compact ? "line-clamp-2" : ""}`}>{n.message}</span>
            <span className="text-xs text-text-muted/80">{formatDateTime(n.createdAt)}</span>
          </span>
        </button>
      </NotificationForm>
      <NotificationForm id={n.id} redirectTo={redirectTo}>
        <button
          type="submit"
          name="intent"
          value="dismiss"
          className="grid size-7 place-items-center rounded-full text-text-muted hover:bg-surface-raised hover:text-text"
          aria-label={`Dismiss: ${n.title}`}
        >
          <DismissIcon />
        </button>
      </NotificationForm>
    </li>
  );
}
