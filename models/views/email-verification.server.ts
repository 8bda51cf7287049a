// A proved address joins the meetings booked with it: identity confirms the
// address, calendar links the meetings, in one transaction (decision 0066).

import { confirmEmailChange as confirmChange } from "../identity/account-settings.server";
import { verifyEmail as verify } from "../identity/email-verification.server";
import { linkMeetingsToVerifiedEmail } from "../calendar/meetings.server";

/** Opens a confirmation link (identity's `verifyEmail`), linking the client's meetings. */
export const verifyEmail = (token: string) => verify(token, linkMeetingsToVerifiedEmail);

/** Opens an email change's link (identity's `confirmEmailChange`), linking the client's meetings. */
export const confirmEmailChange = (token: string, options: { siteName: string }) =>
  confirmChange(token, { ...options, linkVerifiedEmail: linkMeetingsToVerifiedEmail });
