// The profile as GET /api/profile/ shows it: identity's rows with billing's
// plan name and balance (decision 0066).

import { readProfile, saveProfile, type PlanAndBalance, type Profile } from "../identity/accounts.server";
import type { ProfileUpdate } from "../identity/accounts";
import { currentPlanName } from "../billing/subscriptions.server";
import { getBalance } from "../billing/tokens.server";

const planAndBalance = (userId: string) => async (): Promise<PlanAndBalance> => {
  const [planName, balance] = await Promise.all([currentPlanName(userId), getBalance(userId)]);
  return { planName, balance };
};

/**
 * The person's profile with the plan and balance of the organisation's account
 * (`accountId`, the person's own by default). A caller that has already read the
 * plan and balance this request (an account summary) passes them.
 */
export function getProfile(
  userId: string,
  known?: Promise<PlanAndBalance>,
  accountId = userId,
): Promise<Profile | null> {
  return readProfile(userId, known ?? planAndBalance(accountId));
}

/** Updates the fields given; the others keep their values. */
export async function updateProfile(
  userId: string,
  input: ProfileUpdate,
  accountId = userId,
): Promise<Profile> {
  await saveProfile(userId, input);
  return (await getProfile(userId, undefined, accountId))!;
}
