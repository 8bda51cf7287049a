import { Form } from "react-router";
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
      <Form method="post" action="/dashboard2/notifications" className="min-w-0 flex-1">
        <input type="hidden" name="id" value={n.id} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
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
          <span className="flex min-w-0 flex-col gap-0.5">
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
      </Form>
      <Form method="post" action="/dashboard2/notifications">
        <input type="hidden" name="id" value={n.id} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <button
          type="submit"
          name="intent"
          value="dismiss"
          className="grid size-7 place-items-center rounded-full text-text-muted hover:bg-surface-raised hover:text-text"
          aria-label={`Dismiss: ${n.title}`}
        >
          <svg
            viewBox="0 0 16 16"
            width="12"
            height="12"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            aria-hidden="true"
          >
            <path d="M4 4l8 8M12 4l-8 8" />
          </svg>
        </button>
      </Form>
    </li>
  );
}
