import { and, asc, eq, gt, isNull, sql, type SQLWrapper } from "drizzle-orm";
import { getSiteShell } from "../content/site-content.server";
import { db, queryRows, type Database, type Transaction } from "../platform/db.server";
import { queueEmail, sendQueuedEmail, type QueuedEmail } from "../platform/mail.server";
import { addNotification, getNotificationPreferences } from "../platform/notifications.server";
import { tokenExpiryReminders, tokenLedger, tokenLots, users } from "../schema";
import type { LedgerReason } from "./tokens";
import {
  expiryDay,
  planSpend,
  reminderDue,
  reminderEmail,
  REMINDER_DAYS,
  SPEND_LINK,
  timeLeft,
  WALLET_MESSAGES,
  type SourcedLot,
  type SpendPreview,
} from "./wallet";

// The wallet (decision 0049): the preview of a spend before the client
// confirms it, expiry reminders 30, 7 and 1 days before a grant runs out, and
// the dashboard's "120 tokens expire on 3 Jan".

type Executor = Database | Transaction;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The client's grants with tokens left and not yet expired, with each one's grant reason. */
async function liveLots(userId: string, now: Date, database: Executor): Promise<SourcedLot[]> {
  const rows = await database
    .select({
      id: tokenLots.id,
      remaining: tokenLots.remaining,
      issuedAt: tokenLots.issuedAt,
      expiresAt: tokenLots.expiresAt,
      reason: tokenLedger.reason,
    })
    .from(tokenLots)
    .innerJoin(tokenLedger, eq(tokenLedger.id, tokenLots.id))
    // A literal predicate, so the partial index token_lots_user_id_unspent_idx applies.
    .where(and(eq(tokenLots.userId, userId), sql`${tokenLots.remaining} > 0`, gt(tokenLots.expiresAt, now)));
  return rows.map((row) => ({ ...row, reason: row.reason as LedgerReason }));
}

/**
 * What spending `amount` tokens now would do: the cost, the balance, the
 * balance after and the grants drawn from, oldest first, exactly as
 * spendTokens would draw them at the same instant (both use allocateSpend).
 * One statement; reads only.
 */
export async function previewSpend(
  userId: string,
  amount: number,
  now = new Date(),
  database: Executor = db(),
): Promise<SpendPreview> {
  return planSpend(await liveLots(userId, now, database), amount, now);
}

/** The soonest expiring tokens and the day, as the dashboard shows them. */
export type SoonestExpiry = { tokens: number; expiresAt: Date };

/**
 * The soonest expiring tokens of the client whose id is `userId` (a value or
 * a column), as one JSON value: how many expire on the first UTC day any of
 * their live grants expires (grants expiring that same day added up), and
 * the first instant. A subquery, so the account summary carries it without a
 * statement of its own; read it with `readSoonestExpiry`.
 */
export const soonestExpirySql = (userId: SQLWrapper | string, now: Date | SQLWrapper) => sql`(
  select json_build_object('tokens', sum(l.remaining)::int, 'expiresAt', min(l.expires_at))
  from token_lots l
  where l.user_id = ${userId} and l.remaining > 0 and l.expires_at > ${now}
    and (l.expires_at at time zone 'UTC')::date = (
      select (min(f.expires_at) at time zone 'UTC')::date from token_lots f
      where f.user_id = ${userId} and f.remaining > 0 and f.expires_at > ${now}))`;

/** The value of soonestExpirySql: null when the client has no live tokens. */
export function readSoonestExpiry(
  value: { tokens: number | null; expiresAt: string | Date | null } | null | undefined,
): SoonestExpiry | null {
  return value?.tokens && value.expiresAt
    ? { tokens: value.tokens, expiresAt: new Date(value.expiresAt) }
    : null;
}

/** The soonest expiring tokens, read on their own (one statement). */
export async function soonestExpiry(userId: string, now = new Date()): Promise<SoonestExpiry | null> {
  const [row] = await queryRows<{ soonest: Parameters<typeof readSoonestExpiry>[0] }>(
    sql`select ${soonestExpirySql(userId, now)} as soonest`,
  );
  return readSoonestExpiry(row?.soonest);
}

/** The dashboard's expiry line: "120 tokens expire on 3 Jan", and how many and when. */
export function expiryLine(soonest: SoonestExpiry | null): (SoonestExpiry & { text: string }) | null {
  if (!soonest) return null;
  return { ...soonest, text: WALLET_MESSAGES.expiryLine(soonest.tokens, expiryDay(soonest.expiresAt)) };
}

type DueLot = { id: string; userId: string; expiresAt: Date; email: string };

/** Grants within 30 days of expiry whose nearest reminder has not gone out (at most `limit`). */
async function lotsDueAReminder(now: Date, limit: number): Promise<DueLot[]> {
  const within = (days: number) => sql`${tokenLots.expiresAt} <= ${new Date(now.getTime() + days * DAY_MS)}`;
  // The nearest threshold the grant is within: 1, else 7, else 30 (reminderDue in SQL).
  const [nearest, ...further] = [...REMINDER_DAYS].sort((a, b) => a - b);
  const due = sql`case ${sql.join(
    [nearest!, ...further.slice(0, -1)].map(
      (days) => sql`when ${within(days)} then ${sql.raw(String(days))}`,
    ),
    sql` `,
  )} else ${sql.raw(String(further.at(-1)!))} end`;
  return db()
    .select({
      id: tokenLots.id,
      userId: tokenLots.userId,
      expiresAt: tokenLots.expiresAt,
      email: users.email,
    })
    .from(tokenLots)
    .innerJoin(users, eq(users.id, tokenLots.userId))
    .where(
      and(
        sql`${tokenLots.remaining} > 0`,
        gt(tokenLots.expiresAt, now),
        within(Math.max(...REMINDER_DAYS)),
        isNull(users.deletedAt),
        sql`not exists (select 1 from ${tokenExpiryReminders}
          where ${tokenExpiryReminders.lotId} = ${tokenLots.id} and ${tokenExpiryReminders.daysBefore} = ${due})`,
      ),
    )
    .orderBy(asc(tokenLots.expiresAt), asc(tokenLots.id))
    .limit(limit);
}

/**
 * Claims one grant's due reminder and writes its notification and email, all
 * in one transaction: the claim row's primary key (grant, days) lets only one
 * writer through, so the reminder goes out once however many runs race.
 * Answers the queued email (to send after the commit), true when only the
 * notification was due (email switched off), or null when there was nothing
 * to send.
 */
async function remindOnce(
  lot: DueLot,
  now: Date,
  context: { siteName: string; siteUrl: string },
): Promise<QueuedEmail | true | null> {
  return db().transaction(async (tx) => {
    const [current] = await tx
      .select({ remaining: tokenLots.remaining, expiresAt: tokenLots.expiresAt })
      .from(tokenLots)
      .where(eq(tokenLots.id, lot.id));
    const days = current && current.remaining > 0 ? reminderDue(current.expiresAt, now) : null;
    if (!current || !days) return null;
    const [claimed] = await tx
      .insert(tokenExpiryReminders)
      .values({ lotId: lot.id, daysBefore: days, userId: lot.userId, tokens: current.remaining, sentAt: now })
      .onConflictDoNothing()
      .returning({ lotId: tokenExpiryReminders.lotId });
    if (!claimed) return null;
    const day = expiryDay(current.expiresAt);
    await addNotification(
      {
        userId: lot.userId,
        type: "warning",
        title: WALLET_MESSAGES.reminderTitle,
        message: WALLET_MESSAGES.reminderMessage(current.remaining, day, timeLeft(current.expiresAt, now)),
        link: SPEND_LINK,
      },
      tx,
    );
    // Billing notices follow the email master switch (the topic toggles are for projects and marketing).
    if (!(await getNotificationPreferences(lot.userId, tx)).email) return true;
    const email = reminderEmail({
      tokens: current.remaining,
      expiresAt: current.expiresAt,
      now,
      siteName: context.siteName,
      spendUrl: `${context.siteUrl.replace(/\/$/, "")}${SPEND_LINK}`,
    });
    return queueEmail({ ...email, to: lot.email, kind: "token_expiry" }, tx);
  });
}

export type RemindersReport = { reminded: number; emailed: number };

/**
 * The expiry reminders job: every grant 30, 7 or 1 days from expiry gets
 * that reminder (notification + email through the outbox), once. Run it with
 * runJobExclusively (runJobs does); the claim rows make it safe even without.
 */
export async function sendExpiryReminders(
  now = new Date(),
  options: { siteUrl?: string; limit?: number } = {},
): Promise<RemindersReport> {
  const due = await lotsDueAReminder(now, options.limit ?? 500);
  if (!due.length) return { reminded: 0, emailed: 0 };
  const { site } = await getSiteShell();
  const context = { siteName: site.name, siteUrl: options.siteUrl ?? "" };
  let reminded = 0;
  let emailed = 0;
  for (const lot of due) {
    const outcome = await remindOnce(lot, now, context);
    if (!outcome) continue;
    reminded++;
    if (outcome !== true) {
      await sendQueuedEmail(outcome);
      emailed++;
    }
  }
  return { reminded, emailed };
}
