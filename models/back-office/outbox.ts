// The outbox's states, filters and messages. Pure: shared by the pages and the models.

import type { ResendStatus } from "../platform/mail.server";

/** What staff read after pressing Retry. */
export const RETRY_MESSAGES: Record<ResendStatus, string> = {
  sent: "Sent.",
  failed: "The SMTP server refused it again; the error is below.",
  not_configured:
    "No SMTP server is configured (SMTP_URL), so email cannot be sent from here: it stays in the outbox.",
  already_sent: "This email has already been sent.",
  not_found: "This email does not exist.",
  busy: "Another retry is sending this email right now.",
};

export const retryAllMessage = (tally: { sent: number; failed: number }) =>
  tally.sent + tally.failed === 0
    ? "No failed email to retry."
    : `${tally.sent} sent, ${tally.failed} failed again.`;

export const OUTBOX_STATUSES = [
  { value: "all", label: "All" },
  { value: "failed", label: "Failed" },
  { value: "queued", label: "Not sent" },
  { value: "sent", label: "Sent" },
] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number]["value"];
export type EmailState = Exclude<OutboxStatus, "all">;

export type OutboxFilter = { status: OutboxStatus; q: string };

export function parseOutboxFilter(params: URLSearchParams): OutboxFilter {
  const status = params.get("status") ?? "";
  return {
    status: OUTBOX_STATUSES.some((s) => s.value === status) ? (status as OutboxStatus) : "all",
    q: (params.get("q") ?? "").trim().slice(0, 200),
  };
}

/** sent; failed (an attempt failed); queued (never tried: no SMTP server yet). */
export function emailState(row: { sentAt: Date | null; error: string | null }): EmailState {
  if (row.sentAt) return "sent";
  return row.error ? "failed" : "queued";
}
