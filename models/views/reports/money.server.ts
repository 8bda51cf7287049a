import { sql } from "drizzle-orm";
import { queryRows } from "../../platform/db.server";
import { addMonths, monthOf, monthStart, type ReportPeriod } from "./period";
import {
  liabilityTables,
  recurringTables,
  revenueTables,
  type Big,
  type LiabilityRow,
  type RecurringRow,
  type RevenueRow,
} from "./money";

// The money reports (docs/decisions/0074-business-reports.md), each one SQL
// statement over the payments, refunds, subscriptions and the token ledger and
// its lots: never a cached total (payments.refunded_minor, token_accounts.balance).
// Months are the agency's (Asia/Kolkata). Money is in one currency at a time.

const TZ = sql.raw(`'Asia/Kolkata'`);

/**
 * The grants a payment in `currency` paid for, by the ledger source key each
 * payment's fulfilment wrote: a token package's ("payment:<id>"), a redeemed
 * gift card's ("gift:<card>"), a plan month's (the payment's
 * order.grantSourceKey). With the payment's amount: what the client paid for
 * that lot. Filtered by currency here, so only a third of the payments are joined.
 */
const paidGrants = (currency: string) => sql`
  select 'payment:' || p.id::text as source_key, p.currency, p.amount_minor
    from payments p where p.kind = 'token_package' and p.status = 'succeeded' and p.currency = ${currency}
  union all
  select 'gift:' || g.id::text, p.currency, p.amount_minor
    from gift_cards g join payments p on p.id = g.payment_id
    where g.redeemed_at is not null and p.status = 'succeeded' and p.currency = ${currency}
  union all
  select p."order"->>'grantSourceKey', p.currency, p.amount_minor
    from payments p
    where p.kind = 'subscription' and p.status = 'succeeded' and p.currency = ${currency}
      and p."order"->>'grantSourceKey' is not null`;

/** Revenue received and refunded per month and product, and the shop's sales paid in tokens: one statement. */
export async function readRevenueReport(period: ReportPeriod) {
  const rows = await queryRows<RevenueRow>(sql`
    with paid as (${paidGrants(period.currency)})
    select 'received' as section,
           to_char(coalesce(p.completed_at, p.created_at) at time zone ${TZ}, 'YYYY-MM') as month,
           p.kind, count(*)::int as count, sum(p.amount_minor)::bigint as minor, null::bigint as tokens
      from payments p
     where p.status = 'succeeded' and p.currency = ${period.currency}
       and coalesce(p.completed_at, p.created_at) >= ${period.from}
       and coalesce(p.completed_at, p.created_at) < ${period.to}
     group by 2, 3
    union all
    select 'refunded', to_char(r.completed_at at time zone ${TZ}, 'YYYY-MM'), p.kind,
           count(*)::int, sum(r.amount_minor)::bigint, null
      from payment_refunds r join payments p on p.id = r.payment_id
     where r.status = 'succeeded' and p.currency = ${period.currency}
       and r.completed_at >= ${period.from} and r.completed_at < ${period.to}
     group by 2, 3
    union all
    select 'shop', to_char(l.created_at at time zone ${TZ}, 'YYYY-MM'), 'shop',
           count(distinct l.id)::int,
           round(coalesce(sum(a.amount::numeric * paid.amount_minor / lot.amount), 0))::bigint,
           sum(a.amount)::bigint
      from token_ledger l
      join token_allocations a on a.entry_id = l.id
      join token_lots lot on lot.id = a.lot_id
      join token_ledger g on g.id = lot.id
      left join paid on paid.source_key = g.source_key
     where l.reason = 'shop_checkout' and l.created_at >= ${period.from} and l.created_at < ${period.to}
     group by 2`);
  return revenueTables(period, rows);
}

/**
 * Recurring revenue at each month's end (or now, for the current month),
 * per plan, with the plans started, switched and ended in each month: one
 * statement. A subscription belongs to the currency of its charges, found
 * by the grant key each charge wrote (subscription:<id>:<period start>).
 */
export async function readRecurringReport(period: ReportPeriod, now = new Date()) {
  const starts = period.months.map((month) => monthStart(month));
  const ends = period.months.map((month) => {
    const end = monthStart(addMonths(month, 1));
    return end > now ? now : end;
  });
  const rows = await queryRows<RecurringRow>(sql`
    with months as (
      select * from unnest(${`{${period.months.join(",")}}`}::text[],
                           ${`{${starts.map((d) => d.toISOString()).join(",")}}`}::timestamptz[],
                           ${`{${ends.map((d) => d.toISOString()).join(",")}}`}::timestamptz[]) as m(month, starts, ends)
    ),
    charges as (
      select split_part(p."order"->>'grantSourceKey', ':', 2)::uuid as subscription_id, p.amount_minor,
             coalesce(p.completed_at, p.created_at) as paid_at
        from payments p
       where p.kind = 'subscription' and p.status = 'succeeded' and p.currency = ${period.currency}
         and p."order"->>'grantSourceKey' like 'subscription:%'
    ),
    priced as (
      select c.*, lead(c.paid_at) over (partition by c.subscription_id order by c.paid_at) as next_at from charges c
    ),
    subs as (
      select s.*, pl.name as plan_name, pl.billing_period, pl.position,
             exists (select 1 from subscriptions o
                      where o.user_id = s.user_id and o.id <> s.id and o.end_reason = 'switched'
                        and o.ended_at between s.started_at - interval '1 day' and s.started_at + interval '1 day') as switched_in
        from subscriptions s join subscription_plans pl on pl.id = s.plan_id
       where s.id in (select subscription_id from charges)
    ),
    snapshot as (
      select m.month, s.plan_id, count(*)::int as active,
             round(sum(case when s.billing_period = 'yearly' then pr.amount_minor / 12.0 else pr.amount_minor end))::bigint as mrr
        from months m
        join priced pr on pr.paid_at < m.ends and (pr.next_at is null or pr.next_at >= m.ends)
        join subs s on s.id = pr.subscription_id
                   and s.started_at < m.ends and (s.ended_at is null or s.ended_at > m.ends)
       group by 1, 2
    ),
    moves as (
      select m.month, s.plan_id,
             count(*) filter (where s.started_at >= m.starts and s.started_at < m.ends and not s.switched_in)::int as started,
             count(*) filter (where s.started_at >= m.starts and s.started_at < m.ends and s.switched_in)::int as switched,
             count(*) filter (where s.ended_at >= m.starts and s.ended_at < m.ends
                              and s.end_reason in ('cancelled', 'payment_failed'))::int as churned
        from months m
        join subs s on (s.started_at >= m.starts and s.started_at < m.ends)
                    or (s.ended_at >= m.starts and s.ended_at < m.ends)
       group by 1, 2
    )
    select coalesce(a.month, b.month) as month, pl.id as plan_id, pl.name as plan_name, pl.position,
           coalesce(a.active, 0) as active, coalesce(a.mrr, 0) as mrr,
           coalesce(b.started, 0) as started, coalesce(b.switched, 0) as switched, coalesce(b.churned, 0) as churned
      from snapshot a
      full join moves b on b.month = a.month and b.plan_id = a.plan_id
      join subscription_plans pl on pl.id = coalesce(a.plan_id, b.plan_id)`);
  return recurringTables(period, rows);
}

/**
 * Tokens sold and neither spent nor expired, as of `now`, valued at what the
 * client paid for each lot (price × remaining ÷ tokens of the lot), with what
 * expires within 30, 60 and 90 days and by month over the next 12; gift cards
 * sold and not yet redeemed; and the free tokens outstanding (no value): one statement.
 */
export async function readLiabilityReport(period: ReportPeriod, now = new Date()) {
  const in30 = new Date(now.getTime() + 30 * 86_400_000);
  const in60 = new Date(now.getTime() + 60 * 86_400_000);
  const in90 = new Date(now.getTime() + 90 * 86_400_000);
  const horizon = monthStart(addMonths(monthOf(now), 12));
  const rows = await queryRows<LiabilityRow>(sql`
    with paid as (${paidGrants(period.currency)}),
    open_lots as (
      select lot.remaining, lot.expires_at,
             case g.reason when 'token_purchase' then 'token_package' when 'subscription' then 'subscription'
                           when 'gift_card' then 'gift_card' else 'free' end as origin,
             case when paid.source_key is null then null
                  else lot.remaining::numeric * paid.amount_minor / lot.amount end as value
        from token_lots lot
        join token_ledger g on g.id = lot.id
        left join paid on paid.source_key = g.source_key
       where lot.remaining > 0 and lot.expires_at > ${now}
         and (paid.source_key is not null or g.reason not in ('token_purchase', 'subscription', 'gift_card'))
    ),
    open_cards as (
      select g.expires_at, (p.amount_minor - coalesce((select sum(r.amount_minor) from payment_refunds r
                                                        where r.payment_id = p.id and r.status = 'succeeded'), 0))::numeric as value
        from gift_cards g join payments p on p.id = g.payment_id
       where g.redeemed_at is null and g.expires_at > ${now} and p.status = 'succeeded'
         and p.currency = ${period.currency}
    )
    select 'origin' as section, origin as key, count(*)::int as lots, sum(remaining)::bigint as tokens,
           round(sum(value))::bigint as minor,
           sum(remaining) filter (where expires_at <= ${in30})::bigint as tokens30,
           round(sum(value) filter (where expires_at <= ${in30}))::bigint as minor30,
           sum(remaining) filter (where expires_at <= ${in60})::bigint as tokens60,
           round(sum(value) filter (where expires_at <= ${in60}))::bigint as minor60,
           sum(remaining) filter (where expires_at <= ${in90})::bigint as tokens90,
           round(sum(value) filter (where expires_at <= ${in90}))::bigint as minor90
      from open_lots group by origin
    union all
    select 'origin', 'unredeemed_gift_card', count(*)::int, null, round(sum(value))::bigint,
           null, round(sum(value) filter (where expires_at <= ${in30}))::bigint,
           null, round(sum(value) filter (where expires_at <= ${in60}))::bigint,
           null, round(sum(value) filter (where expires_at <= ${in90}))::bigint
      from open_cards where value > 0
    union all
    select 'expiry', to_char(expires_at at time zone ${TZ}, 'YYYY-MM'), count(*)::int, sum(remaining)::bigint,
           round(sum(value))::bigint, null, null, null, null, null, null
      from open_lots where origin <> 'free' and expires_at < ${horizon}
     group by 2`);
  return liabilityTables(period, rows, now);
}

export type MoneyHeadlines = {
  received: number;
  refunded: number;
  net: number;
  /** At the end of the period (or now, if sooner). */
  mrr: number;
  active: number;
  /** As of now. */
  liability: number;
  expiring30: number;
};

/**
 * The overview's headline figures in one statement, by the same definitions
 * as the three reports (the test holds them equal): received and refunded
 * over the period, MRR and active plans at its end, the liability now and
 * what of it expires within 30 days.
 */
export async function readMoneyHeadlines(period: ReportPeriod, now = new Date()): Promise<MoneyHeadlines> {
  const end = period.to > now ? now : period.to;
  const in30 = new Date(now.getTime() + 30 * 86_400_000);
  const [row] = await queryRows<Record<keyof Omit<MoneyHeadlines, "net">, Big>>(sql`
    with paid as (${paidGrants(period.currency)}),
    latest as (
      select distinct on (subscription_id) subscription_id, amount_minor
        from (select split_part(p."order"->>'grantSourceKey', ':', 2)::uuid as subscription_id, p.amount_minor,
                     coalesce(p.completed_at, p.created_at) as paid_at
                from payments p
               where p.kind = 'subscription' and p.status = 'succeeded' and p.currency = ${period.currency}
                 and p."order"->>'grantSourceKey' like 'subscription:%'
                 and coalesce(p.completed_at, p.created_at) < ${end}) c
       order by subscription_id, paid_at desc
    ),
    open_value as (
      select lot.remaining::numeric * paid.amount_minor / lot.amount as value, lot.expires_at
        from token_lots lot
        join token_ledger g on g.id = lot.id
        join paid on paid.source_key = g.source_key
       where lot.remaining > 0 and lot.expires_at > ${now}
      union all
      select p.amount_minor - coalesce((select sum(r.amount_minor) from payment_refunds r
                                         where r.payment_id = p.id and r.status = 'succeeded'), 0), g.expires_at
        from gift_cards g join payments p on p.id = g.payment_id
       where g.redeemed_at is null and g.expires_at > ${now} and p.status = 'succeeded'
         and p.currency = ${period.currency}
    )
    select
      (select coalesce(sum(p.amount_minor), 0) from payments p
        where p.status = 'succeeded' and p.currency = ${period.currency}
          and coalesce(p.completed_at, p.created_at) >= ${period.from}
          and coalesce(p.completed_at, p.created_at) < ${period.to})::bigint as received,
      (select coalesce(sum(r.amount_minor), 0) from payment_refunds r join payments p on p.id = r.payment_id
        where r.status = 'succeeded' and p.currency = ${period.currency}
          and r.completed_at >= ${period.from} and r.completed_at < ${period.to})::bigint as refunded,
      (select coalesce(round(sum(case when pl.billing_period = 'yearly' then l.amount_minor / 12.0 else l.amount_minor end)), 0)
         from latest l join subscriptions s on s.id = l.subscription_id
         join subscription_plans pl on pl.id = s.plan_id
        where s.started_at < ${end} and (s.ended_at is null or s.ended_at > ${end}))::bigint as mrr,
      (select count(*) from latest l join subscriptions s on s.id = l.subscription_id
        where s.started_at < ${end} and (s.ended_at is null or s.ended_at > ${end}))::int as active,
      (select coalesce(round(sum(value) filter (where value > 0)), 0) from open_value)::bigint as liability,
      (select coalesce(round(sum(value) filter (where value > 0 and expires_at <= ${in30})), 0) from open_value)::bigint as expiring30`);
  const value = (key: keyof Omit<MoneyHeadlines, "net">) => Number(row?.[key] ?? 0);
  return {
    received: value("received"),
    refunded: value("refunded"),
    net: value("received") - value("refunded"),
    mrr: value("mrr"),
    active: value("active"),
    liability: value("liability"),
    expiring30: value("expiring30"),
  };
}
