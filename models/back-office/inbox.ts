import { z } from "zod";

// The inbox's filters, messages and reply form. Pure: shared by the page, its
// action, the admin API and the tests.

export const INBOX_STATUSES = [
  { value: "all", label: "All" },
  { value: "unhandled", label: "Waiting" },
  { value: "handled", label: "Handled" },
] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number]["value"];

export type InboxFilter = { type?: string; status: InboxStatus; q: string };

/** The most rows one CSV export holds. */
export const INBOX_EXPORT_LIMIT = 5000;

/** Reads ?type=&status=&q= ; unknown values fall back to "everything". */
export function parseInboxFilter(params: URLSearchParams, knownTypes: readonly string[]): InboxFilter {
  const type = params.get("type") ?? "";
  const status = params.get("status") ?? "";
  return {
    type: knownTypes.includes(type) ? type : undefined,
    status: INBOX_STATUSES.some((s) => s.value === status) ? (status as InboxStatus) : "all",
    q: (params.get("q") ?? "").trim().slice(0, 200),
  };
}

/** The filter as query parameters (for links, the export and pagination), without defaults. */
export function inboxFilterParams(filter: InboxFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.type) params.set("type", filter.type);
  if (filter.status !== "all") params.set("status", filter.status);
  if (filter.q) params.set("q", filter.q);
  return params;
}

export const INBOX_MESSAGES = {
  subjectRequired: "Please write a subject.",
  subjectTooLong: "Please keep the subject under 200 characters.",
  bodyRequired: "Please write your reply.",
  bodyTooLong: "Please keep the reply under 10,000 characters.",
  replySent: (to: string) => `Reply sent to ${to}. A copy is kept below and in the email outbox.`,
  markedHandled: "Marked as handled.",
  markedUnhandled: "Moved back to waiting.",
  alreadyInState: "Nothing changed: someone got there first.",
  replyFooter: (label: string, date: string) => `This is a reply to your ${label} of ${date}.`,
  empty: "Nothing here. Every submission that matches will show up in this list.",
} as const;

const M = INBOX_MESSAGES;

export const ReplySchema = z.object({
  subject: z
    .string({ error: M.subjectRequired })
    .trim()
    .min(1, { error: M.subjectRequired, abort: true })
    .max(200, { error: M.subjectTooLong }),
  body: z
    .string({ error: M.bodyRequired })
    .trim()
    .min(1, { error: M.bodyRequired, abort: true })
    .max(10_000, { error: M.bodyTooLong }),
});
export type ReplyInput = z.infer<typeof ReplySchema>;
