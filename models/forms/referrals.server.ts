import { randomBytes } from "node:crypto";
import { referrals } from "../schema";
import { formSubmitter, ready, type SubmissionContext } from "./submission-steps.server";
import { SUPPORT_MESSAGES, type ReferralInput } from "./support";

/** 8 characters, no look-alikes (0/O, 1/I/L). */
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
function createReferralCode(): string {
  const bytes = randomBytes(8);
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join("");
}

/** Stores the invite with its code and emails the friend a signup link carrying it. */
export const inviteFriend = formSubmitter({
  name: "referral",
  table: referrals,
  row: (input: ReferralInput, context: SubmissionContext & { baseUrl: string }) =>
    ready({
      userId: context.userId ?? null,
      code: createReferralCode(),
      referrerName: input.referrer_name,
      referrerEmail: input.referrer_email,
      inviteeEmail: input.invitee_email,
      message: input.message,
    }),
  email: {
    compose: (input, { code }, { baseUrl, site }) => {
      const link = new URL(`/signup?ref=${code}`, baseUrl).toString();
      const note = input.message ? `\n\nThey wrote: “${input.message}”` : "";
      return {
        kind: "referral_invite",
        to: input.invitee_email,
        subject: `${input.referrer_name} invites you to ${site.name}`,
        text:
          `Hi,\n\n${input.referrer_name} thinks ${site.name} could help your brand.${note}\n\n` +
          `Create your account with their code ${code}:\n${link}\n\n— The ${site.name} team\n`,
      };
    },
  },
  message: (input) => SUPPORT_MESSAGES.referralSent(input.invitee_email),
  extra: ({ code }) => ({ code }),
});
