// Proving an account's email address (docs/decisions/0053-email-verification.md):
// the link's lifetime and what the pages say. Pure: pages import it.

/** A confirmation link works for 3 days, once; a newer one replaces it. */
export const EMAIL_VERIFICATION_TTL_MS = 3 * 24 * 60 * 60 * 1000;

/** The link's lifetime as the email and pages say it. */
const LINK_LIFETIME = "3 days";

export const EMAIL_VERIFICATION_MESSAGES = {
  /** Where a client looks for their meetings, while the address is unproved. */
  notice: "Confirm your email address to see meetings booked with it.",
  noticeDetail: (email: string) => `We sent a link to ${email}.`,
  resendButton: "Send the link again",
  sent: (email: string) =>
    `We sent a confirmation link to ${email}. It works for ${LINK_LIFETIME}; open it to confirm the address.`,
  signupSent: (email: string) => `We sent a link to ${email} to confirm your address.`,
  alreadyVerified: "Your email address is confirmed.",
  verified: (email: string) => `Thank you: ${email} is confirmed.`,
  linkInvalid: "This confirmation link is invalid, used or has expired. Sign in to ask for a new one.",
  tooMany: (minutes: number) =>
    `We have sent several links already. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
  linkLifetime: LINK_LIFETIME,
} as const;
