import { and, gt, lte } from "drizzle-orm";
import { db } from "../platform/db.server";
import { deliverDueGiftCards } from "./gift-cards.server";
import { tokenLots } from "../schema";
import { renewDueSubscriptions } from "./subscriptions.server";
import { settleTokenAccount } from "./tokens.server";

// Time-based billing work: renewals at period end, gift card emails on their
// delivery day, expiry rows for grants past their 90 days. Every step is
// idempotent and safe to run from several processes at once, so the server
// runs it every minute and `npm run jobs` can run it from cron (PostgreSQL).

/** How often each server process runs the jobs. */
export const JOBS_INTERVAL_MS = 60 * 1000;

/** Writes the expiry rows of every account holding expired tokens. */
async function settleExpiredAccounts(now = new Date()): Promise<number> {
  const due = await db()
    .selectDistinct({ userId: tokenLots.userId })
    .from(tokenLots)
    .where(and(gt(tokenLots.remaining, 0), lte(tokenLots.expiresAt, now)))
    .limit(500);
  for (const { userId } of due) await settleTokenAccount(userId, now);
  return due.length;
}

export type JobsReport = {
  renewalsDue: number;
  periodsRenewed: number;
  giftCardsDelivered: number;
  accountsExpired: number;
};

export async function runJobs(now = new Date()): Promise<JobsReport> {
  const renewals = await renewDueSubscriptions(now);
  const giftCardsDelivered = await deliverDueGiftCards(now);
  const accountsExpired = await settleExpiredAccounts(now);
  return {
    renewalsDue: renewals.checked,
    periodsRenewed: renewals.renewed,
    giftCardsDelivered,
    accountsExpired,
  };
}
