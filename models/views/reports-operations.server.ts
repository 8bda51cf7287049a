import { sql, type SQL } from "drizzle-orm";
import { INBOX_SOURCES } from "../back-office/inbox-sources.server";
import { CONFIRMS, RESOLUTION_WAIT_MS, resolutionRate, type ConversationOutcome } from "../chat/resolution";
import type { PauseReason } from "../delivery/clock";
import { queryRows } from "../platform/db.server";
import { REPORT_TIME_ZONE } from "./reports/period";
import type { ExportableReport } from "./reports/export.server";
import {
  assistantTables,
  byMonth,
  deliveryTables,
  pipelineTables,
  CONVERSION_WINDOW_DAYS,
  emptyAssistantMonth,
  emptyConversionMonth,
  emptyDeliveryMonth,
  LATE_LIST_LIMIT,
  statusRows,
  weeksOf,
  type AssistantMonth,
  type AssistantReport,
  type ConversionMonth,
  type DeliveryMonth,
  type DeliveryReport,
  type DeliveryWait,
  type FormWeek,
  type LateDelivery,
  type PipelineReport,
  type ReportPeriod,
} from "./reports-operations";

// The operations reports (decision 0076), each figure computed in SQL over the
// source tables: the delivery clock, projects, the public forms' tables and
// the chat tables. Months and weeks are the agency's (REPORT_TIME_ZONE, as the
// money reports' are: docs/decisions/0074-business-reports.md). Each
// report is a few statements whatever the period or the history
// (tests/integration/reports-at-scale.test.ts).

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
/** `column` within [from, to). */
const within = (column: SQL, period: ReportPeriod) =>
  sql`${column} >= ${at(period.from)} and ${column} < ${at(period.to)}`;
const TZ = sql.raw(`'${REPORT_TIME_ZONE}'`);
const monthOf = (column: SQL) => sql`to_char(${column} at time zone ${TZ}, 'YYYY-MM')`;
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

// ---- Delivery ----

type DeliveryRow = Record<keyof DeliveryMonth, unknown>;

/**
 * Delivered: the clock stopped in the period and the project is not
 * cancelled. On time: stopped at or before the due date (which already holds
 * every pause, decision 0048); late: after it; no date: a flexible timeline.
 * Accepted: the clock started in the period. Waiting: every pause's time that
 * falls within each month (an open one counts up to `now`).
 */
export async function readDeliveryReport(period: ReportPeriod, now = new Date()): Promise<DeliveryReport> {
  const [months, waits, late] = await Promise.all([
    queryRows<DeliveryRow>(sql`
      with waited as (
        -- A delivered project's pauses have all ended (a status change ends the open one).
        select project_id, sum(extract(epoch from ended_at - started_at)) as seconds
        from delivery_pauses where ended_at is not null and started_at < ${at(period.to)} group by project_id),
      delivered as (
        select ${monthOf(sql`c.stopped_at`)} as month, c.stopped_at, c.due_at, p.created_at as submitted_at,
          coalesce(waited.seconds, 0) as waited
        from delivery_clocks c join projects p on p.id = c.project_id left join waited on waited.project_id = c.project_id
        where ${within(sql`c.stopped_at`, period)} and p.status <> 'cancelled'),
      d as (
        select coalesce(month, 'all') as month, count(*)::int as delivered,
          count(*) filter (where due_at is not null and stopped_at <= due_at)::int as "onTime",
          count(*) filter (where stopped_at > due_at)::int as late,
          count(*) filter (where due_at is null)::int as "noDate",
          avg(extract(epoch from stopped_at - submitted_at))::float8 as "toDeliverySeconds",
          avg(waited)::float8 as "waitedSeconds",
          (avg(extract(epoch from stopped_at - due_at)) filter (where stopped_at > due_at))::float8 as "lateBySeconds"
        from delivered group by grouping sets ((month), ())),
      a as (
        select coalesce(${monthOf(sql`c.started_at`)}, 'all') as month, count(*)::int as accepted,
          avg(extract(epoch from c.started_at - p.created_at))::float8 as "toAcceptanceSeconds"
        from delivery_clocks c join projects p on p.id = c.project_id
        where ${within(sql`c.started_at`, period)}
        group by grouping sets ((${monthOf(sql`c.started_at`)}), ())),
      w as (
        -- Each pause, clipped to the period, split over the months it spans.
        select coalesce(x.month, 'all') as month, sum(x.seconds)::float8 as "waitingSeconds"
        from (
          select to_char(m, 'YYYY-MM') as month,
            extract(epoch from least(dp.e, (m + interval '1 month') at time zone ${TZ}) - greatest(dp.s, m at time zone ${TZ})) as seconds
          from (
            select greatest(started_at, ${at(period.from)}) as s, least(coalesce(ended_at, ${at(now)}), ${at(period.to)}) as e
            from delivery_pauses
            where started_at < ${at(period.to)} and coalesce(ended_at, ${at(now)}) > ${at(period.from)}) as dp,
            generate_series(date_trunc('month', dp.s at time zone ${TZ}), dp.e at time zone ${TZ} - interval '1 microsecond',
              interval '1 month') as m) as x
        group by grouping sets ((x.month), ()))
      select coalesce(d.month, a.month, w.month) as month, d.delivered, d."onTime", d.late, d."noDate",
        d."toDeliverySeconds", d."waitedSeconds", d."lateBySeconds", a.accepted, a."toAcceptanceSeconds", w."waitingSeconds"
      from d full join a on a.month = d.month full join w on w.month = coalesce(d.month, a.month)`),
    queryRows<Record<keyof DeliveryWait, unknown>>(sql`
      select coalesce(dp.reason, 'all') as reason, count(*)::int as pauses, count(distinct dp.project_id)::int as projects,
        coalesce(sum(extract(epoch from least(coalesce(dp.ended_at, ${at(now)}), ${at(period.to)}) - greatest(dp.started_at, ${at(period.from)}))), 0)::float8 as seconds
      from delivery_pauses dp
      where dp.started_at < ${at(period.to)} and coalesce(dp.ended_at, ${at(now)}) > ${at(period.from)}
      group by grouping sets ((dp.reason), ())
      order by dp.reason nulls last`),
    queryRows<Record<keyof LateDelivery, unknown>>(sql`
      select p.id, p.title, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) as client,
        c.due_at as "dueAt", c.stopped_at as "deliveredAt", extract(epoch from c.stopped_at - c.due_at)::float8 as "lateBySeconds"
      from delivery_clocks c join projects p on p.id = c.project_id join users u on u.id = p.user_id
      where ${within(sql`c.stopped_at`, period)} and p.status <> 'cancelled' and c.stopped_at > c.due_at
      order by c.stopped_at - c.due_at desc, p.id
      limit ${LATE_LIST_LIMIT}`),
  ]);
  const rows = months.map((row): DeliveryMonth => ({
    month: String(row.month),
    delivered: num(row.delivered) ?? 0,
    onTime: num(row.onTime) ?? 0,
    late: num(row.late) ?? 0,
    noDate: num(row.noDate) ?? 0,
    toDeliverySeconds: num(row.toDeliverySeconds),
    waitedSeconds: num(row.waitedSeconds),
    lateBySeconds: num(row.lateBySeconds),
    accepted: num(row.accepted) ?? 0,
    toAcceptanceSeconds: num(row.toAcceptanceSeconds),
    waitingSeconds: num(row.waitingSeconds) ?? 0,
  }));
  const iso = (value: unknown) => new Date(value as string | Date).toISOString();
  return {
    total: rows.find((row) => row.month === "all") ?? emptyDeliveryMonth("all"),
    months: byMonth(rows, period.months, emptyDeliveryMonth),
    waits: waits.map((row) => ({
      reason: row.reason as PauseReason | "all",
      pauses: Number(row.pauses),
      projects: Number(row.projects),
      seconds: Number(row.seconds),
    })),
    late: late.map((row) => ({
      id: String(row.id),
      title: String(row.title),
      client: String(row.client),
      dueAt: iso(row.dueAt),
      deliveredAt: iso(row.deliveredAt),
      lateBySeconds: Number(row.lateBySeconds),
    })),
  };
}

// ---- Pipeline ----

/** The public forms whose submissions the pipeline counts: the inbox's kinds, but gift cards (a purchase). */
const PIPELINE_FORMS = INBOX_SOURCES.filter((source) => source.type !== "gift_card");

/**
 * Projects per status now (and of those submitted in the period), submissions
 * per form per week (Monday, UTC), and quote requests that became a project:
 * the sender (the signed-in account, or the account with the quote's email)
 * submitted a project within CONVERSION_WINDOW_DAYS of the request.
 */
export async function readPipelineReport(period: ReportPeriod, now = new Date()): Promise<PipelineReport> {
  const perForm = PIPELINE_FORMS.map((source) => {
    const created = sql`${source.table.createdAt}`;
    return sql`select ${source.type}::text as form,
        to_char(date_trunc('week', ${created} at time zone ${TZ}), 'YYYY-MM-DD') as week, count(*)::int as count
      from ${source.table} where ${within(created, period)}${source.where ? sql` and ${source.where}` : sql``}
      group by 2`;
  });
  const window = sql`${CONVERSION_WINDOW_DAYS} * interval '1 day'`;
  const [statuses, submissions, conversion] = await Promise.all([
    queryRows<{ status: string; now: number; submitted: number }>(sql`
      select status, count(*)::int as now, (count(*) filter (where ${within(sql`created_at`, period)}))::int as submitted
      from projects group by status`),
    queryRows<FormWeek>(sql.join(perForm, sql` union all `)),
    queryRows<Record<keyof ConversionMonth, unknown>>(sql`
      select coalesce(${monthOf(sql`q.created_at`)}, 'all') as month, count(*)::int as quotes,
        count(f.first_at)::int as converted,
        (count(*) filter (where f.first_at is null and q.created_at + ${window} > ${at(now)}))::int as waiting,
        avg(extract(epoch from f.first_at - q.created_at))::float8 as "toProjectSeconds"
      from service_quotes q
      left join lateral (
        select min(p.created_at) as first_at from projects p
        where p.user_id in (q.user_id, (select u.id from users u where lower(u.email) = lower(q.company_email)))
          and p.created_at >= q.created_at and p.created_at < q.created_at + ${window}) f on true
      where ${within(sql`q.created_at`, period)}
      group by grouping sets ((${monthOf(sql`q.created_at`)}), ())`),
  ]);
  const conversionRows = conversion.map((row): ConversionMonth => ({
    month: String(row.month),
    quotes: Number(row.quotes),
    converted: Number(row.converted),
    waiting: Number(row.waiting),
    toProjectSeconds: num(row.toProjectSeconds),
  }));
  const totals = new Map<string, number>();
  for (const row of submissions) totals.set(row.form, (totals.get(row.form) ?? 0) + Number(row.count));
  return {
    statuses: statusRows(
      new Map(
        statuses.map((row) => [row.status, { now: Number(row.now), submitted: Number(row.submitted) }]),
      ),
    ),
    forms: PIPELINE_FORMS.map((source) => ({
      type: source.type,
      label: source.label,
      total: totals.get(source.type) ?? 0,
    })),
    weeks: weeksOf(period),
    submissions: submissions.map((row) => ({ form: row.form, week: row.week, count: Number(row.count) })),
    conversion: {
      total: conversionRows.find((row) => row.month === "all") ?? emptyConversionMonth("all"),
      months: byMonth(conversionRows, period.months, emptyConversionMonth),
    },
  };
}

// ---- Assistant ----

/** The same words as CONFIRMS, for Postgres (whose word boundary is \y). */
const CONFIRMS_SQL = CONFIRMS.source.replace(/\\b/g, "\\y");

/**
 * Asked: visitors' messages. Answered: replies with sources (content or the
 * account). Declined: "I don't know" replies (their gap rows, reason
 * "unknown"). Handed to a person: chat hand-off tickets. Rated: by when the
 * rating was given. Gaps: raised in the period, and of those still open. The
 * resolution rate counts the conversations started in the period.
 */
export async function readAssistantReport(period: ReportPeriod, now = new Date()): Promise<AssistantReport> {
  const answer = sql`m.type = 'ai' and jsonb_array_length(m.sources) > 0`;
  const [months, [queue], conversations] = await Promise.all([
    queryRows<Record<keyof AssistantMonth, unknown>>(sql`
      with events as (
        select m.created_at as at, case when m.type = 'user' then 'asked' when ${answer} then 'answered' else 'other' end as what
        from chat_messages m where ${within(sql`m.created_at`, period)}
        union all
        select m.rated_at, case m.rating when 'up' then 'helpful' else 'unhelpful' end
        from chat_messages m where m.rating is not null and ${within(sql`m.rated_at`, period)}
        union all
        select g.created_at, case when g.reason = 'unknown' then 'declined' else 'unhelpful-gap' end
          || case when g.answered_at is null then '-open' else '' end
        from chat_gaps g where ${within(sql`g.created_at`, period)}
        union all
        select t.created_at, 'handed' from support_tickets t where t.channel = 'chat' and ${within(sql`t.created_at`, period)})
      select coalesce(${monthOf(sql`at`)}, 'all') as month,
        count(*) filter (where what = 'asked')::int as asked,
        count(*) filter (where what = 'answered')::int as answered,
        count(*) filter (where what like 'declined%')::int as declined,
        count(*) filter (where what = 'handed')::int as "handedOff",
        count(*) filter (where what = 'helpful')::int as helpful,
        count(*) filter (where what = 'unhelpful')::int as unhelpful,
        count(*) filter (where what like 'declined%' or what like 'unhelpful-gap%')::int as gaps,
        count(*) filter (where what like '%-open')::int as "gapsOpen"
      from events group by grouping sets ((${monthOf(sql`at`)}), ())`),
    queryRows<{ rows: number; questions: number }>(sql`
      select count(*)::int as rows, count(distinct group_key)::int as questions from chat_gaps where answered_at is null`),
    // Each conversation's outcome (the last answer's rating by its id, so the messages need no
    // sorting), then the conversations with the same outcome counted together: a few rows for
    // resolutionRate, whatever the number of conversations.
    queryRows<Record<keyof ConversationOutcome | "conversations", unknown>>(sql`
      select o."handedOff", o.answered, o.confirmed,
        (select r.rating from chat_messages r where r.id = o.last_answer_id) as "lastRating",
        max(o."lastAnswerAt") as "lastAnswerAt", count(*)::int as conversations
      from (
        select bool_or(c.handoff_ticket_id is not null or c.handoff_email is not null) as "handedOff",
          coalesce(bool_or(${answer}), false) as answered,
          coalesce(bool_or(m.rating = 'up' or (m.type = 'user' and m.message ~* ${CONFIRMS_SQL})), false) as confirmed,
          max(m.id) filter (where ${answer}) as last_answer_id,
          max(m.created_at) filter (where ${answer}) as "lastAnswerAt"
        from chat_conversations c join chat_messages m on m.conversation_id = c.id
        where ${within(sql`c.created_at`, period)}
        group by c.id) as o
      group by 1, 2, 3, 4, o."lastAnswerAt" <= ${at(new Date(now.getTime() - RESOLUTION_WAIT_MS))}`),
  ]);
  const rows = months.map((row) => {
    const month = emptyAssistantMonth(String(row.month));
    for (const key of Object.keys(month) as Array<keyof AssistantMonth>)
      if (key !== "month") month[key] = Number(row[key] ?? 0);
    return month;
  });
  const rate = resolutionRate(
    conversations.flatMap((row) =>
      Array<ConversationOutcome>(Number(row.conversations)).fill({
        handedOff: Boolean(row.handedOff),
        answered: Boolean(row.answered),
        confirmed: Boolean(row.confirmed),
        lastRating: (row.lastRating ?? null) as "up" | "down" | null,
        lastAnswerAt: row.lastAnswerAt ? new Date(row.lastAnswerAt as string) : null,
      }),
    ),
    now,
  );
  return {
    total: rows.find((row) => row.month === "all") ?? emptyAssistantMonth("all"),
    months: byMonth(rows, period.months, emptyAssistantMonth),
    openGaps: { rows: Number(queue?.rows ?? 0), questions: Number(queue?.questions ?? 0) },
    resolution: { resolved: rate.resolved, counted: rate.counted, open: rate.open, rate: rate.rate },
  };
}

/**
 * The operations reports' CSV exports (GET /admin/reports/<name>.csv): the
 * tables their pages show. Not money: every staff member may export them.
 */
export const OPERATIONS_REPORTS = {
  delivery: {
    label: "Delivery report",
    read: async (period) => deliveryTables(await readDeliveryReport(period)),
  },
  pipeline: {
    label: "Pipeline report",
    read: async (period) => pipelineTables(await readPipelineReport(period)),
  },
  assistant: {
    label: "Assistant report",
    read: async (period) => assistantTables(await readAssistantReport(period)),
  },
} as const satisfies Record<string, ExportableReport>;
