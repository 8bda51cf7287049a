import { and, gt, lte } from "drizzle-orm";
import { db } from "../platform/db.server";
import { runJobExclusively, type JobName } from "../platform/job-lock.server";
import { deliverDueGiftCards } from "./gift-cards.server";
import { tokenLots } from "../schema";
import { renewDueSubscriptions } from "./subscriptions.server";
import { settleTokenAccount } from "./tokens.server";
import { sendExpiryReminders } from "./wallet.server";
import { sendUnsentReceipts } from "./receipt-email.server";
import { sendClockReminders } from "../delivery/reminders.server";

// Time-based billing work: renewals at period end, gift card emails on their
// delivery day, expiry rows for grants past their 90 days, reminders before
// grants expire. Every step is
// idempotent, and on PostgreSQL each runs in one process at a time (an
// advisory lock per job, decision 0039), so every server process runs them
// every minute (JOBS_INTERVAL_SECONDS) and `npm run jobs` can run them from cron.

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
  /** Expiry reminders sent (30, 7 and 1 days before a grant expires; decision 0049). */
  expiryReminders: number;
  /** Delivery clock reminders sent to clients waited on (decision 0048). */
  clockReminders: number;
  /** Receipts sent that their movement's caller had left unsent (decision 0058). */
  receiptsSent: number;
  /** Jobs another process was running at the time (it does their work). */
  skipped: JobName[];
};

/** `siteUrl`: the site's public address, for the links in the emails the jobs send. */
export async function runJobs(now = new Date(), options: { siteUrl?: string } = {}): Promise<JobsReport> {
  const skipped: JobName[] = [];
  const exclusively = async <T>(job: JobName, work: () => Promise<T>, none: T): Promise<T> => {
    const result = await runJobExclusively(job, work);
    if (result !== undefined) return result;
    skipped.push(job);
    return none;
  };
  const renewals = await exclusively("renewals", () => renewDueSubscriptions(now), {
    checked: 0,
    renewed: 0,
  });
  const giftCardsDelivered = await exclusively("giftCards", () => deliverDueGiftCards(now), 0);
  const accountsExpired = await exclusively("tokenExpiry", () => settleExpiredAccounts(now), 0);
  const expiryReminders = await exclusively(
    "tokenExpiryReminders",
    async () => (await sendExpiryReminders(now, { siteUrl: options.siteUrl })).reminded,
    0,
  );
  const clockReminders = await exclusively("clockReminders", () => sendClockReminders(now), 0);
  const receiptsSent = await exclusively("unsentReceipts", () => sendUnsentReceipts(now), 0);
  return {
    renewalsDue: renewals.checked,
    periodsRenewed: renewals.renewed,
    giftCardsDelivered,
    accountsExpired,
    expiryReminders,
    clockReminders,
    receiptsSent,
    skipped,
  };
}
