import { z } from "zod";
import {
  ForgotPasswordSchema,
  ResetPasswordSchema,
  SignupApiSchema,
  ACCOUNT_MESSAGES,
} from "../identity/accounts";

// Staff management: invitations and the accept form. Pure (shared by the pages and tests).

/** An invitation link works once, for a week. */
export const STAFF_INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const STAFF_MESSAGES = {
  inviteSent: (email: string) => `Invitation sent to ${email}. The link works once, for 7 days.`,
  alreadyStaff: "This person is already on the staff.",
  inviteWithdrawn: "Invitation withdrawn: its link no longer works.",
  inviteInvalid:
    "This invitation link is invalid, has expired or has already been used. Ask someone on the staff for a new one.",
  cannotRemoveSelf: "You cannot remove yourself. Ask another staff member.",
  lastStaff: "The last staff member cannot be removed.",
  removed: (username: string) => `${username} is no longer staff and has been signed out everywhere.`,
  notStaff: "This account is not on the staff.",
  accessUnknown: "Choose Full or Studio access.",
  accessNotAllowed: "Only staff with full access can change anyone's access.",
  lastFullAccess: "Someone must keep full access: give it to another staff member first.",
  accessSet: (username: string, access: "full" | "studio") =>
    access === "full"
      ? `${username} now has full access, money figures included.`
      : `${username} now has studio access: no money figures.`,
} as const;

export const StaffInviteSchema = z.object({ email: ForgotPasswordSchema.shape.email });

const confirmMatches = {
  error: ACCOUNT_MESSAGES.passwordsDoNotMatch,
  path: ["confirmPassword"],
};

/** Accepting with no account yet: choose a username and a password. */
export const AcceptNewStaffSchema = SignupApiSchema.pick({ username: true, password: true })
  .extend({ confirmPassword: z.string().optional().default("") })
  .refine((data) => data.password === data.confirmPassword, {
    ...confirmMatches,
    when: (payload) =>
      SignupApiSchema.pick({ username: true, password: true }).safeParse(payload.value).success,
  });

/** Accepting for an account that already has this email: a new password (it proves the mailbox, like a reset). */
export const AcceptExistingStaffSchema = ResetPasswordSchema;

/**
 * A staff member's access level (decision 0075): `full` sees everything;
 * `studio` works the studio (inbox, projects, proofing, the non-money reports)
 * but sees no money figures (the revenue, recurring revenue and token
 * liability reports and their exports).
 */
export const STAFF_ACCESS_LEVELS = {
  full: "Full: everything, money included",
  studio: "Studio: no money figures",
} as const;
export type StaffAccess = keyof typeof STAFF_ACCESS_LEVELS;

/** Whether a staff member may see money figures. */
export const canSeeMoney = (user: { role: string; staffAccess: string }) =>
  user.role === "staff" && user.staffAccess === "full";
