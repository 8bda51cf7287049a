// Signup with a referral code: identity creates the account, billing checks
// the code and records the referral in the account's transaction (decision 0066).

import { signUp as signUpAccount, type SignUpResult } from "../identity/accounts.server";
import type { MailContext } from "../identity/email-verification.server";
import { signupReferral } from "../billing/referral-rewards.server";

export async function signUp(input: {
  username: string;
  email: string;
  password: string;
  referral_code?: string;
  clientAddress: string;
  mail: MailContext;
}): Promise<SignUpResult> {
  const { referral_code: code, ...account } = input;
  return signUpAccount({ ...account, referral: code ? signupReferral(code) : undefined });
}
