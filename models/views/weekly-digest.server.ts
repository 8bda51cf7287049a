import { sql } from "drizzle-orm";
import { getSiteShell } from "../content/site-content.server";
import { db, queryRows } from "../platform/db.server";
import { runJobExclusively } from "../platform/job-lock.server";
import { queueEmail, sendQueuedEmail, type QueuedEmail } from "../platform/mail.server";
import { STATUS_LABELS, type ProjectStatus } from "../projects/projects";
import { rateLimits } from "../schema";
import { readWaitingFacts } from "./needs-you.server";
import { digestText, digestWeekStart, type DigestFacts } from "./weekly-digest";

// The weekly digest (issue #40, decision 0078): each member of an organisation
// who keeps the digest on (organisation_members.email_digest) gets, once a week,
// their organisation's last 7 days by email through the outbox: projects' status
// changes, proofs waiting, the token balance and who spent what, meetings ahead.
//
// Once per member per week, even with several processes: the job runs under its
// advisory lock (decision 0039), and each email is claimed by a sent-marker in
// the same transaction that queues it, a `rate_limits` row keyed by the
// organisation, the person and the week (`INSERT … ON CONFLICT DO NOTHING`: of
// two runs at once, one inserts, the other finds the row and sends nothing).
// The row's window ends a day after the week, so the table's pruning of expired
// windows removes it only when it can no longer matter.

const DAY_MS = 86_400_000;
/** The markers' key prefix in rate_limits (no rate limit uses it). */
const MARKER = "weekly-digest";
/** Members read per run at most; a run a minute later takes the rest. */
const BATCH = 500;

type Recipient = {
  organisation_id: string;
  account_id: string;
  organisation: string;
  user_id: string;
  email: string;
};

const markerKey = (r: Recipient, week: Date) =>
  `${MARKER}:${r.organisation_id}:${r.user_id}:${week.toISOString().slice(0, 10)}`;

/** Members with the digest on and an address, whose digest for this week is not yet claimed. */
function dueRecipients(week: Date): Promise<Recipient[]> {
  const day = week.toISOString().slice(0, 10);
  return queryRows<Recipient>(sql`
    select o.id as organisation_id, o.account_id, o.name as organisation, u.id as user_id, u.email
      from organisation_members m
      join organisations o on o.id = m.organisation_id
      join users u on u.id = m.user_id
     where m.email_digest and u.deleted_at is null and u.email_verified_at is not null and u.email <> ''
       and not exists (
         select 1 from rate_limits r
          where r.key = ${`${MARKER}:`} || o.id::text || ':' || u.id::text || ':' || ${day})
     order by o.id, u.id
     limit ${BATCH}`);
}

/** What happened in the organisation's last 7 days and what is ahead (two statements, side by side). */
async function factsOf(accountId: string, now: Date): Promise<DigestFacts> {
  const since = new Date(now.getTime() - 7 * DAY_MS);
  const [[row], waiting] = await Promise.all([
    queryRows<{
      changes: { title: string; status: ProjectStatus; at: string }[];
      balance: number;
      spends: { who: string | null; tokens: number }[];
    }>(sql`
      select
        (select coalesce(json_agg(json_build_object('title', c.title, 'status', c.to_status, 'at', c.created_at)
                  order by c.created_at), '[]'::json)
           from (select p.title, h.to_status, h.created_at
                   from project_status_history h join projects p on p.id = h.project_id
                  where p.user_id = ${accountId} and h.created_at > ${since} and h.created_at <= ${now}
                  order by h.created_at desc limit 20) c) as changes,
        coalesce((select balance from token_accounts where user_id = ${accountId}), 0)::int as balance,
        (select coalesce(json_agg(json_build_object('who', s.who, 'tokens', s.tokens) order by s.tokens desc),
                  '[]'::json)
           from (select u.username as who, sum(-l.delta)::int as tokens
                   from token_ledger l left join users u on u.id = l.actor_id
                  where l.user_id = ${accountId} and l.kind = 'spend' and l.reason <> 'refund'
                    and l.created_at > ${since} and l.created_at <= ${now}
                  group by u.username) s) as spends`),
    readWaitingFacts(accountId, now),
  ]);
  return {
    changes: (row?.changes ?? []).map((c) => ({
      title: c.title,
      status: STATUS_LABELS[c.status] ?? c.status,
    })),
    balance: row?.balance ?? 0,
    spends: row?.spends ?? [],
    proofs: waiting.projects
      .filter((p) => p.deliverableId && p.version !== null)
      .map((p) => ({ title: p.title, version: p.version! })),
    meetings: waiting.meetings.map((m) => ({ title: m.title, startsAt: new Date(m.startsAt) })),
  };
}

export type DigestReport = { sent: number };

/**
 * Sends this week's digest to every member who keeps it on and has not had it:
 * claim and queue in one transaction, send after it commits.
 */
export async function sendWeeklyDigests(
  now = new Date(),
  options: { siteUrl?: string } = {},
): Promise<DigestReport> {
  const week = digestWeekStart(now);
  const due = await dueRecipients(week);
  if (!due.length) return { sent: 0 };
  const { site } = await getSiteShell();
  const facts = new Map<string, Promise<DigestFacts>>();
  let sent = 0;
  for (const recipient of due) {
    if (!facts.has(recipient.account_id)) facts.set(recipient.account_id, factsOf(recipient.account_id, now));
    const digest = await facts.get(recipient.account_id)!;
    const queued: QueuedEmail | null = await db().transaction(async (tx) => {
      const claimed = await tx
        .insert(rateLimits)
        .values({
          key: markerKey(recipient, week),
          count: 1,
          windowStart: week,
          windowEnd: new Date(week.getTime() + 8 * DAY_MS),
        })
        .onConflictDoNothing()
        .returning({ key: rateLimits.key });
      if (!claimed.length) return null;
      const email = digestText({
        organisation: recipient.organisation,
        siteName: site.name,
        siteUrl: options.siteUrl ?? "",
        facts: digest,
      });
      return queueEmail({ ...email, to: recipient.email, kind: "weekly_digest" }, tx);
    });
    if (!queued) continue;
    await sendQueuedEmail(queued);
    sent++;
  }
  return { sent };
}

/** The digest job under its advisory lock; undefined when another process is running it. */
export function runWeeklyDigest(
  now = new Date(),
  options: { siteUrl?: string } = {},
): Promise<DigestReport | undefined> {
  return runJobExclusively("weeklyDigest", () => sendWeeklyDigests(now, options));
}
