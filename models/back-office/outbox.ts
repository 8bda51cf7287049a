import type { ResendStatus } from "../mail.server";

/** What staff read after pressing Retry. */
export const RETRY_MESSAGES: Record<ResendStatus, string> = {
  sent: "Sent.",
  failed: "The SMTP server refused it again; the error is below.",
  not_configured: "No SMTP server is configured (SMTP_URL), so email cannot be sent from here: it stays in the outbox.",
  already_sent: "This email has already been sent.",
  not_found: "This email does not exist.",
  busy: "Another retry is sending this email right now.",
};

export const retryAllMessage = (tally: { sent: number; failed: number }) =>
  tally.sent + tally.failed === 0 ? "No failed email to retry." : `${tally.sent} sent, ${tally.failed} failed again.`;
