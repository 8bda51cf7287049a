// Notification strings and limits shared by the pages, the API and the tests. Pure.

/** The product's default errors of the notification calls (docs/product.md, "Error messages"), then ours. */
export const NOTIFICATION_MESSAGES = {
  fetchFailed: "Failed to fetch notifications",
  markReadFailed: "Failed to mark notification as read",
  markAllReadFailed: "Failed to mark all notifications as read",
  notFound: "Notification not found",
  empty: "You're all caught up.",
} as const;

/** How many notifications the dropdown and the list show. */
export const NOTIFICATION_LIST_LIMIT = 50;
