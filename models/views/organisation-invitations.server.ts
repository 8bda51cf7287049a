// Accepting an invitation to an organisation (issue #40): identity accepts it,
// calendar links the meetings booked with the address it proves (decision 0066).

import { createAccount, minutesUntil, type AccountUser } from "../identity/accounts.server";
import { newPasswordProblem } from "../identity/common-passwords.server";
import {
  acceptInvitation,
  findInvitation,
  type AcceptResult,
} from "../identity/organisation-invitations.server";
import { invitationProblem, ORGANISATION_MESSAGES } from "../identity/organisations";
import { ACCOUNT_MESSAGES } from "../identity/accounts";
import { consumeRateLimit, RATE_LIMITS } from "../platform/rate-limit.server";
import { linkMeetingsToVerifiedEmail } from "../calendar/meetings.server";

/** Accepts the invitation for the signed-in person (identity's `acceptInvitation`), linking their meetings. */
export const acceptOrganisationInvitation = (input: {
  token: string;
  person: { id: string; username: string; email: string; emailVerified: boolean };
  sessionId?: string | null;
}): Promise<AcceptResult> => acceptInvitation({ ...input, linkVerifiedEmail: linkMeetingsToVerifiedEmail });

export type InvitationSignUpResult =
  | { ok: true; user: AccountUser; organisationId: string | null }
  | { ok: false; field: "username" | "password" | "form"; message: string };

/**
 * Signs up with the invited address (the link proves it) and accepts the
 * invitation. Rate limited per address like the signup page. The new account
 * also owns its own one-person organisation, as every signup does.
 */
export async function signUpForInvitation(input: {
  token: string;
  username: string;
  password: string;
  clientAddress: string;
}): Promise<InvitationSignUpResult> {
  const found = await findInvitation(input.token);
  if (!found) return { ok: false, field: "form", message: ORGANISATION_MESSAGES.invitationUnknown };
  if (found.state !== "pending") return { ok: false, field: "form", message: invitationProblem(found.state) };
  const limit = await consumeRateLimit(`signup:${input.clientAddress}`, RATE_LIMITS.signup);
  if (limit.limited)
    return {
      ok: false,
      field: "form",
      message: ACCOUNT_MESSAGES.tooManyAttempts(minutesUntil(limit.retryAfterSeconds)),
    };
  const problem = await newPasswordProblem(input.password);
  if (problem) return { ok: false, field: "password", message: problem };
  const created = await createAccount({
    username: input.username,
    email: found.email,
    password: input.password,
  });
  if (!created.ok)
    return created.field === "username"
      ? { ok: false, field: "username", message: created.message }
      : // The address has an account already: it signs in instead.
        { ok: false, field: "form", message: ORGANISATION_MESSAGES.addressHasAccount };
  const accepted = await acceptOrganisationInvitation({ token: input.token, person: created.user });
  return {
    ok: true,
    user: { ...created.user, emailVerified: accepted.ok || created.user.emailVerified },
    organisationId: accepted.ok ? accepted.organisationId : null,
  };
}
