import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { ACCOUNT_MESSAGES } from "../identity/accounts";
import type { SignupReferral } from "../identity/accounts.server";
import { getBillingSettings } from "./billing-content.server";
import { db, type Database, type Transaction } from "../platform/db.server";
import { addNotification } from "../platform/notifications.server";
import { referrals, referralSignups, users } from "../schema";
import { grantTokens } from "./tokens.server";

// Referral rewards: a person who signs up with a referral code (from the
// invitation /referrals sends) links their account to the referrer; their
// first purchase grants the referrer the seeded reward, once.

const REFERRAL_MESSAGES = {
  codeInvalid: ACCOUNT_MESSAGES.referralInvalid,
  codeUsed: ACCOUNT_MESSAGES.referralUsed,
  rewardTitle: "Referral reward",
  reward: (tokens: number) =>
    `Someone you invited made their first purchase: ${tokens} Creative Tokens are yours.`,
} as const;

/** Codes are 8 characters without look-alikes; case and spaces do not matter. */
const normaliseReferralCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, "");

export type ReferralCheck = { ok: true; referralId: string } | { ok: false; message: string };

/** Whether a code can be used at signup: it exists and no one has signed up with it yet. */
async function checkReferralCode(
  code: string,
  database: Database | Transaction = db(),
): Promise<ReferralCheck> {
  const normalised = normaliseReferralCode(code);
  if (!/^[A-Z0-9]{8}$/.test(normalised)) return { ok: false, message: REFERRAL_MESSAGES.codeInvalid };
  const [row] = await database
    .select({ id: referrals.id, used: referralSignups.inviteeId })
    .from(referrals)
    .leftJoin(referralSignups, eq(referralSignups.referralId, referrals.id))
    .where(eq(referrals.code, normalised))
    .limit(1);
  if (!row) return { ok: false, message: REFERRAL_MESSAGES.codeInvalid };
  if (row.used) return { ok: false, message: REFERRAL_MESSAGES.codeUsed };
  return { ok: true, referralId: row.id };
}

/**
 * Links a new account to the invitation. The referrer is the account that
 * sent it, or else the account with the referrer's email; nobody refers
 * themselves. Runs inside the signup's transaction.
 */
async function recordReferralSignup(tx: Transaction, inviteeId: string, referralId: string): Promise<void> {
  const [referral] = await tx
    .select({ userId: referrals.userId, email: referrals.referrerEmail })
    .from(referrals)
    .where(eq(referrals.id, referralId))
    .limit(1);
  if (!referral) return;
  let referrerId = referral.userId;
  if (!referrerId) {
    const [byEmail] = await tx
      .select({ id: users.id })
      .from(users)
      // Only an account that proved the address earns its reward (decision 0053).
      .where(and(sql`lower(${users.email}) = lower(${referral.email})`, isNotNull(users.emailVerifiedAt)))
      .limit(1);
    referrerId = byEmail?.id ?? null;
  }
  if (referrerId === inviteeId) referrerId = null;
  await tx.insert(referralSignups).values({ inviteeId, referralId, referrerId });
}

/** A signup's referral code as identity's createAccount takes it: checked, then recorded in the account's transaction. */
export const signupReferral =
  (code: string): SignupReferral =>
  async () => {
    const referral = await checkReferralCode(code);
    if (!referral.ok) return { ok: false, message: referral.message };
    return { ok: true, record: (tx, userId) => recordReferralSignup(tx, userId, referral.referralId) };
  };

/**
 * On any purchase (token package, subscription, gift card, shop checkout):
 * the first one rewards the referrer. The row lock and the ledger's source
 * key make it happen once, however many purchases race.
 */
export async function rewardReferrerOnce(
  tx: Transaction,
  inviteeId: string,
  now = new Date(),
): Promise<number> {
  const [signup] = await tx
    .select()
    .from(referralSignups)
    .where(and(eq(referralSignups.inviteeId, inviteeId), isNull(referralSignups.rewardedAt)))
    .for("update");
  if (!signup?.referrerId) return 0;
  const { referral } = await getBillingSettings(tx);
  await grantTokens(
    {
      userId: signup.referrerId,
      amount: referral.rewardTokens,
      reason: "referral",
      description: "Referral reward: your invitee's first purchase",
      sourceKey: `referral:${inviteeId}`,
      now,
    },
    tx,
  );
  await tx
    .update(referralSignups)
    .set({ rewardedAt: now, rewardTokens: referral.rewardTokens })
    .where(eq(referralSignups.inviteeId, inviteeId));
  await addNotification(
    {
      userId: signup.referrerId,
      type: "success",
      title: REFERRAL_MESSAGES.rewardTitle,
      message: REFERRAL_MESSAGES.reward(referral.rewardTokens),
      link: "/dashboard2/billing",
    },
    tx,
  );
  return referral.rewardTokens;
}
