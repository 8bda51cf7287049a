import { sql, type SQL } from "drizzle-orm";
import { queryRows } from "../platform/db.server";
import { ACTIVE_STATUSES, REVIEW_STEP } from "../projects/projects";
import type { ProjectRow } from "../projects/projects.server";
import type { WaitingFacts } from "./needs-you-words";

// What Home's "Needs you now" reads beyond the account summary (decision 0056):
// projects waiting on the client, the week's meetings and payments due, in one
// statement, only the client's own rows.

/** How many of each kind Home lists at most. */
const SHOWN = 5;
/** Meetings this far ahead are listed. */
const MEETINGS_AHEAD_DAYS = 7;
/** A plan that ended for a failed payment is mentioned this long after. */
const PLAN_ENDED_DAYS = 30;

type Row = {
  projects: WaitingFacts["projects"];
  meetings: WaitingFacts["meetings"];
  payments: WaitingFacts["payments"];
};

const iso = (value: string) => new Date(value).toISOString();

/**
 * The facts of the client's waiting items:
 * - projects whose move is the client's: delivered work under review (in_review at the Review
 *   step, with its latest proof version) and briefs returned to them (draft), waiting longest first;
 * - confirmed meetings not yet over that start within the coming week, soonest first;
 * - payments due: a plan Stripe bills whose latest renewal attempt this period was declined
 *   (Stripe tries again), and the latest plan, if it ended for a failed payment within 30 days.
 */
export async function readWaitingFacts(userId: string, now = new Date()): Promise<WaitingFacts> {
  const [row] = await queryRows<Row>(waitingStatement(userId, now));
  return waitingFactsOf(row);
}

type ProjectJson = Omit<ProjectRow, "createdAt" | "updatedAt"> & { createdAt: string; updatedAt: string };

/**
 * Home's reads beyond the account summary, in one statement: the waiting items' facts, the client's
 * `recentLimit` newest projects and how many are active.
 */
export async function readHomeFacts(userId: string, recentLimit: number, now = new Date()) {
  const [row] = await queryRows<Row & { recent: ProjectJson[]; active: number }>(
    waitingStatement(
      userId,
      now,
      sql`,
      (select coalesce(json_agg(json_build_object(
          'id', r.id, 'userId', r.user_id, 'title', r.title, 'description', r.description,
          'category', r.category, 'budget', r.budget, 'timeline', r.timeline, 'useTokens', r.use_tokens,
          'tokensUsed', r.tokens_used, 'status', r.status, 'step', r.step,
          'createdAt', r.created_at, 'updatedAt', r.updated_at)
          order by r.created_at desc, r.id desc), '[]'::json)
        from (select * from projects where user_id = ${userId}
          order by created_at desc, id desc limit ${recentLimit}) r) as recent,
      (select count(*)::int from projects where user_id = ${userId}
        and status in (${sql.join(
          ACTIVE_STATUSES.map((status) => sql`${status}`),
          sql`, `,
        )})) as active`,
    ),
  );
  const recent: ProjectRow[] = (row?.recent ?? []).map((p) => ({
    ...p,
    createdAt: new Date(p.createdAt),
    updatedAt: new Date(p.updatedAt),
  }));
  return { waiting: waitingFactsOf(row), recent, active: row?.active ?? 0 };
}

function waitingFactsOf(row: Row | undefined): WaitingFacts {
  return {
    projects: (row?.projects ?? []).map((p) => ({ ...p, since: iso(p.since) })),
    meetings: (row?.meetings ?? []).map((m) => ({ ...m, startsAt: iso(m.startsAt) })),
    payments: (row?.payments ?? []).map((p) => ({ ...p, at: iso(p.at) })),
  };
}

/** The waiting items' statement; `more` adds columns to its select list. */
function waitingStatement(userId: string, now: Date, more: SQL = sql``): SQL {
  const ahead = new Date(now.getTime() + MEETINGS_AHEAD_DAYS * 86_400_000);
  const endedSince = new Date(now.getTime() - PLAN_ENDED_DAYS * 86_400_000);
  return sql`
    select
      (select coalesce(json_agg(json_build_object(
          'id', p.id, 'title', p.title, 'status', p.status, 'step', p.step,
          'deliverableId', d.id, 'version', d.version, 'since', p.since)
          order by p.since, p.id), '[]'::json)
        from (select pr.id, pr.title, pr.status, pr.step,
            coalesce(c.paused_since, pr.updated_at) as since
          from projects pr
          left join delivery_clocks c on c.project_id = pr.id and c.stopped_at is null
          where pr.user_id = ${userId}
            and (pr.status = 'draft' or (pr.status = 'in_review' and pr.step = ${REVIEW_STEP}))
          order by since, pr.id limit ${SHOWN}) p
        left join lateral (select id, version from proof_deliverables
          where project_id = p.id order by version desc limit 1) d on true) as projects,
      (select coalesce(json_agg(json_build_object(
          'id', m.id, 'title', m.title, 'startsAt', m.starts_at,
          'durationMinutes', m.duration_minutes, 'timeZone', m.time_zone)
          order by m.starts_at, m.id), '[]'::json)
        from (select * from meetings
          where user_id = ${userId} and status = 'confirmed'
            and starts_at + duration_minutes * interval '1 minute' > ${now}
            and starts_at < ${ahead}
          order by starts_at, id limit ${SHOWN}) m) as meetings,
      (select coalesce(json_agg(due), '[]'::json) from (
        select json_build_object('kind', 'renewal_failed', 'planId', s.plan_id, 'planName', sp.name,
            'amountMinor', pay.amount_minor, 'currency', pay.currency, 'at', pay.created_at) as due
          from subscriptions s
          join subscription_plans sp on sp.id = s.plan_id
          join lateral (select status, amount_minor, currency, created_at from payments
            where payments.user_id = s.user_id and payments.kind = 'subscription'
              and payments.subscription_plan_id = s.plan_id
              and payments.created_at >= s.current_period_start
            order by created_at desc limit 1) pay on pay.status = 'failed'
          where s.user_id = ${userId} and s.status = 'active' and s.gateway_subscription_id is not null
        union all
        select json_build_object('kind', 'plan_ended', 'planId', last.plan_id, 'planName', sp.name,
            'at', last.ended_at)
          from (select plan_id, status, end_reason, ended_at from subscriptions
            where user_id = ${userId} order by started_at desc, created_at desc limit 1) last
          join subscription_plans sp on sp.id = last.plan_id
          where last.status = 'ended' and last.end_reason = 'payment_failed'
            and last.ended_at > ${endedSince}) dues) as payments${more}`;
}
