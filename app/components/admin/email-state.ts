import type { EmailState } from "~models/back-office/outbox";

/** How each email state looks in the outbox. */
export const STATE_BADGES: Record<EmailState, { tone: "success" | "danger" | "neutral"; label: string }> = {
  sent: { tone: "success", label: "Sent" },
  failed: { tone: "danger", label: "Failed" },
  queued: { tone: "neutral", label: "Not sent" },
};
