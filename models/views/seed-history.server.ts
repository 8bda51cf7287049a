import { sql, type SQL } from "drizzle-orm";
import { createAccount, setRole } from "../identity/accounts.server";
import { queryRows, type Database } from "../platform/db.server";

// A year of history for the reports (issue 37, item 5; decision 0076):
// `npm run seed:history` and tests/integration/reports-at-scale.test.ts.
// 1,000 clients (INR, USD and EUR), a year of token package payments (some
// refunded, the unspent share), plans renewed monthly and some cancelled,
// gift cards bought and redeemed, the token ledger's grants with their lots,
// spends, refunds and expiries (the ledger's triggers keep every balance),
// projects through the pipeline with their delivery clocks and pauses (some
// late), submissions on the ten public forms (quote requests from clients
// before their projects), and the assistant's conversations, ratings, gaps and
// hand-offs. Bulk SQL (insert … select generate_series); every row is made by
// a few statements, whatever the count. Pseudo-random choices come from
// hashtext, so one run is like the next. Re-runnable: it first deletes what
// the previous run made (the history-* accounts with everything they own, and
// the unowned rows, which carry a @history.example.* address or a history-
// key). No audit rows (the audit log is append-only).

/** Every account this seed makes has a username starting with this. */
const PREFIX = "history-";
/** The domain of every address the seed writes (clients: .com, everyone else: .org). */
const DOMAIN_LIKE = "%@history.example.%";
export const HISTORY_PASSWORD = "history-pass-2026";

export type HistoryReport = { clients: number; seconds: number; rows: Record<string, number> };

/** A pseudo-random fraction in [0, 1) from a row's key and a salt: the same on every run. */
const frac = (key: SQL, salt: string) => sql`((abs(hashtext((${key})::text || ${salt})) % 10000) / 10000.0)`;

async function clear(database: Database) {
  const run = (query: SQL) => queryRows(query, database);
  const payments = sql`(select id from payments where idempotency_key like ${`${PREFIX}%`})`;
  await run(sql`delete from gift_cards where payment_id in ${payments}`);
  await run(sql`delete from payment_refunds where payment_id in ${payments}`);
  await run(sql`delete from payments where idempotency_key like ${`${PREFIX}%`}`);
  await run(sql`delete from chat_conversations where public_id like ${`${PREFIX}%`}`);
  await run(sql`delete from chat_gaps where group_key like ${`${PREFIX}%`}`);
  await run(sql`delete from users where username like ${`${PREFIX}%`}`);
  for (const [table, column] of [
    ["office_visits", "company_email"],
    ["investor_meetings", "company_email"],
    ["service_quotes", "company_email"],
    ["investment_inquiries", "email_address"],
    ["support_tickets", "email"],
    ["newsletter_subscribers", "email"],
    ["referrals", "referrer_email"],
    ["job_applications", "email_address"],
    ["collaboration_requests", "email"],
  ] as const)
    await run(sql`delete from ${sql.identifier(table)} where ${sql.identifier(column)} like ${DOMAIN_LIKE}`);
}

/** The clients, numbered 1…n, with their currency: a CTE body. */
const clientsCte = sql`
  select id, email, region, (array['INR', 'USD', 'EUR'])[array_position(array['in', 'us', 'eu'], region)] as currency,
    substring(username from ${PREFIX.length + 8}::int)::int as i
  from users where username like ${`${PREFIX}client-%`}`;

/** Makes the year of history (deleting the previous run's first). `database` must be the one setDatabase was given. */
export async function seedHistory(
  database: Database,
  { clients = 1000, now = new Date() }: { clients?: number; now?: Date } = {},
): Promise<HistoryReport> {
  const started = performance.now();
  const run = (query: SQL) => queryRows(query, database);
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const yearAgo = sql`(${nowSql} - interval '365 days')`;
  await clear(database);

  const staff = await createAccount({
    username: `${PREFIX}staff`,
    email: `${PREFIX}staff@history.example.com`,
    password: HISTORY_PASSWORD,
    emailVerified: true,
  });
  if (!staff.ok) throw new Error(staff.message);
  await setRole(staff.user.id, "staff");

  // The clients share the staff account's password hash (one argon2 hash, not a thousand).
  await run(sql`
    insert into users (username, email, password_hash, first_name, last_name, region, email_verified_at, created_at)
    select ${`${PREFIX}client-`} || lpad(n::text, 4, '0'), ${`${PREFIX}client-`} || lpad(n::text, 4, '0') || '@history.example.com',
      (select password_hash from users where id = ${staff.user.id}),
      (array['Asha', 'Ravi', 'Meera', 'Dev', 'Sara', 'Liam', 'Emma', 'Noah', 'Zoe', 'Arjun'])[1 + n % 10], 'Client ' || n,
      (array['in', 'in', 'us', 'eu'])[1 + n % 4], ${yearAgo} - interval '20 days', ${yearAgo} - (n % 30) * interval '1 day'
    from generate_series(1, ${clients}::int) as n`);

  // Token packages: three a client on average, spread over the year, in the client's currency.
  await run(sql`
    with c as (${clientsCte}), packs as (select *, row_number() over (order by position) as k, count(*) over () as total
      from token_packages where is_active),
    bought as (select n, 1 + (n * 7919) % ${clients}::int as i, ${yearAgo} + ${frac(sql`n`, "at")} * interval '364 days' as at
      from generate_series(1, ${clients * 3}::int) as n)
    insert into payments (user_id, payer_email, kind, description, amount_minor, currency, method, card_brand, card_last4,
      status, gateway, idempotency_key, token_package_id, tokens, created_at, completed_at)
    select c.id, c.email, 'token_package', p.name || ' tokens', (p.prices ->> c.region)::int * 100, c.currency, 'credit_card',
      'Visa', '4242', 'succeeded', 'simulated', ${`${PREFIX}tp-`} || b.n, p.id, p.tokens + p.bonus_tokens, b.at, b.at
    from bought b join c on c.i = b.i join packs p on p.k = 1 + b.n % p.total`);

  // Plans: 40% of clients subscribe; about a third of them cancel after one to six months. One payment a month.
  await run(sql`
    with c as (${clientsCte}), plans as (select *, row_number() over (order by position) as k, count(*) over () as total
      from subscription_plans where price > 0 and is_active),
    subs as (
      select c.*, gen_random_uuid() as sub_id, p.id as plan_id, p.name as plan_name, p.prices ->> c.region as price,
        ${yearAgo} + ${frac(sql`c.i`, "start")} * interval '330 days' as start_at,
        ${frac(sql`c.i`, "churn")} < 0.35 as churns, 1 + floor(${frac(sql`c.i`, "months")} * 6)::int as paid
      from c join plans p on p.k = 1 + c.i % p.total
      where ${frac(sql`c.i`, "subscribes")} < 0.4),
    shaped as (
      select *, case when churns and start_at + paid * interval '1 month' < ${nowSql} then paid
          else (select count(*)::int from generate_series(start_at, ${nowSql}, interval '1 month')) end as months,
        churns and start_at + paid * interval '1 month' < ${nowSql} as ended
      from subs),
    made as (
      insert into subscriptions (id, user_id, plan_id, status, started_at, current_period_start, current_period_end,
        ended_at, end_reason, cancelled_at, payment_method, card_brand, card_last4, created_at)
      select sub_id, id, plan_id, case when ended then 'ended' else 'active' end, start_at,
        start_at + (months - 1) * interval '1 month', start_at + months * interval '1 month',
        case when ended then start_at + months * interval '1 month' end,
        case when ended then (case when ${frac(sql`i`, "why")} < 0.2 then 'payment_failed' else 'cancelled' end) end,
        case when ended then start_at + (months - 1) * interval '1 month' + interval '10 days' end,
        'credit_card', 'Visa', '4242', start_at
      from shaped returning id)
    insert into payments (user_id, payer_email, kind, description, amount_minor, currency, method, card_brand, card_last4,
      status, gateway, idempotency_key, subscription_plan_id, "order", created_at, completed_at)
    select s.id, s.email, 'subscription', s.plan_name || ' plan', s.price::int * 100, s.currency, 'credit_card', 'Visa', '4242',
      'succeeded', 'simulated', ${`${PREFIX}sub-`} || s.sub_id || '-' || g, s.plan_id,
      jsonb_build_object('grantSourceKey', 'subscription:' || s.sub_id || ':' ||
        to_char((s.start_at + g * interval '1 month') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
      s.start_at + g * interval '1 month', s.start_at + g * interval '1 month'
    from shaped s, generate_series(0, s.months - 1) as g
    where exists (select 1 from made)`);

  // Gift cards: one for every ten clients, about 60% redeemed by another client.
  await run(sql`
    with c as (${clientsCte}), bought as (
      select n, c.id, c.email, c.currency, 1 + (n * 31) % ${clients}::int as redeemer,
        ${yearAgo} + ${frac(sql`n`, "gift")} * interval '330 days' as at,
        case c.currency when 'INR' then 2500 else 50 end as amount
      from generate_series(1, ${Math.max(1, Math.round(clients / 10))}::int) as n join c on c.i = 1 + (n * 13) % ${clients}::int),
    paid as (
      insert into payments (user_id, payer_email, kind, description, amount_minor, currency, method, card_brand, card_last4,
        status, gateway, idempotency_key, "order", created_at, completed_at)
      select id, email, 'gift_card', 'Gift card', amount * 100, currency, 'credit_card', 'Visa', '4242', 'succeeded',
        'simulated', ${`${PREFIX}gift-`} || n, '{}'::jsonb, at, at
      from bought returning id, idempotency_key)
    insert into gift_cards (code, amount, currency, recipient_name, recipient_email, sender_name, sender_email, deliver_on,
      delivered_at, purchaser_id, payment_id, expires_at, redeemed_by, redeemed_at, tokens_granted, created_at)
    select upper(substr(md5(paid.id::text), 1, 12)), b.amount, b.currency, 'A friend', 'friend' || b.n || '@history.example.org',
      'Client', b.email, b.at::date, b.at, b.id, paid.id, b.at + interval '365 days',
      case when ${frac(sql`b.n`, "redeem")} < 0.6 then r.id end,
      case when ${frac(sql`b.n`, "redeem")} < 0.6 then b.at + interval '5 days' end,
      case when ${frac(sql`b.n`, "redeem")} < 0.6 then 100 end, b.at
    from bought b join paid on paid.idempotency_key = ${`${PREFIX}gift-`} || b.n join c r on r.i = b.redeemer`);

  // Refunds: about 4% of token packages, within days, of the unspent share (the tokens taken back).
  const spentOf = (tokens: SQL, key: SQL) => sql`floor(${tokens} * ${frac(key, "spend")})::int`;
  await run(sql`
    with chosen as (
      select id, amount_minor, tokens, ${spentOf(sql`tokens`, sql`id`)} as spent, created_at
      from payments where idempotency_key like ${`${PREFIX}tp-%`} and ${frac(sql`id`, "refund")} < 0.04
        and created_at < ${nowSql} - interval '10 days'),
    refunded as (
      insert into payment_refunds (payment_id, amount_minor, status, tokens_taken_back, tokens_already_spent, reason,
        created_at, completed_at)
      select id, greatest(1, round(amount_minor * (tokens - spent)::numeric / tokens))::int, 'succeeded', tokens - spent, spent,
        'Changed their mind', created_at + interval '3 days', created_at + interval '3 days'
      from chosen where spent < tokens returning payment_id, amount_minor)
    update payments set refunded_minor = refunded.amount_minor from refunded where payments.id = refunded.payment_id`);

  // The ledger: each grant (package, plan month, redeemed gift card) with its lot; a spend of part of it,
  // the refund's take-back, and the expiry of what was left after 90 days. One statement, so the
  // balances match the lots when it commits.
  await run(sql`
    with src as (
      select p.user_id, p.id::text as key, p.id as payment_id, p.created_at as issued_at,
        case when p.kind = 'token_package' then p.tokens else sp.monthly_tokens end as amount,
        case when p.kind = 'token_package' then 'token_purchase' else 'subscription' end as reason,
        case when p.kind = 'token_package' then 'payment:' || p.id else p."order" ->> 'grantSourceKey' end as source_key,
        p.description, p.refunded_minor > 0 as refunded
      from payments p left join subscription_plans sp on sp.id = p.subscription_plan_id
      where p.idempotency_key like ${`${PREFIX}%`} and p.kind in ('token_package', 'subscription') and p.user_id is not null
        and (p.kind = 'token_package' or sp.monthly_tokens > 0)
      union all
      select g.redeemed_by, g.id::text, null, g.redeemed_at, g.tokens_granted, 'gift_card', 'gift:' || g.id, 'Gift card', false
      from gift_cards g join payments p on p.id = g.payment_id
      where p.idempotency_key like ${`${PREFIX}%`} and g.redeemed_at is not null),
    planned as (
      select src.*, gen_random_uuid() as grant_id, gen_random_uuid() as spend_id, gen_random_uuid() as back_id,
        gen_random_uuid() as expire_id, issued_at + interval '90 days' as expires_at,
        ${spentOf(sql`amount`, sql`key`)} as spent,
        (select r.id from payment_refunds r where r.payment_id = src.payment_id limit 1) as refund_id
      from src),
    shaped as (
      select *, case when refunded then amount - spent else 0 end as taken_back,
        case when not refunded and expires_at <= ${nowSql} then amount - spent else 0 end as expired,
        issued_at + case when refunded then interval '2 days'
          else greatest(least(${nowSql} - issued_at, interval '85 days'), interval '0') end * ${frac(sql`key`, "when")} as spent_at
      from planned),
    entries as (
      select grant_id as id, user_id, 'grant' as kind, reason, amount as delta, description, source_key, null::uuid as lot_id,
        issued_at as at, 1 as seq, grant_id as lot, amount as moved
      from shaped
      union all
      select spend_id, user_id, 'spend', case when ${frac(sql`key`, "what")} < 0.5 then 'shop_checkout' else 'project' end,
        -spent, 'Spent on ' || case when ${frac(sql`key`, "what")} < 0.5 then 'the shop' else 'a project' end, null, null,
        spent_at, 2, grant_id, spent
      from shaped where spent > 0
      union all
      select back_id, user_id, 'spend', 'refund', -taken_back, 'Refund: the unspent tokens taken back', 'refund:' || refund_id,
        null, issued_at + interval '3 days', 3, grant_id, taken_back
      from shaped where taken_back > 0
      union all
      select expire_id, user_id, 'expire', 'expiry', -expired, expired || ' tokens reached their 90 days', null, grant_id,
        expires_at, 4, grant_id, expired
      from shaped where expired > 0),
    led as (
      insert into token_ledger (id, user_id, kind, reason, delta, description, source_key, lot_id, created_at)
      select id, user_id, kind, reason, delta, description, source_key, lot_id, at from entries
      order by user_id, at, seq
      returning id),
    lots as (
      insert into token_lots (id, user_id, amount, remaining, issued_at, expires_at)
      select grant_id, user_id, amount, amount - spent - taken_back - expired, issued_at, expires_at from shaped
      returning id)
    insert into token_allocations (entry_id, lot_id, amount)
    select id, lot, moved from entries where seq > 1 and exists (select 1 from led) and exists (select 1 from lots)`);

  // Projects through the pipeline: three a client, with their delivery clocks and the client's pauses.
  await run(sql`
    with c as (${clientsCte}), made as (
      select n, gen_random_uuid() as id, c.id as user_id,
        ${yearAgo} + ${frac(sql`n`, "created")} * interval '362 days' as created_at,
        (array['1_week', '2_weeks', '1_month', 'flexible'])[1 + n % 4] as timeline,
        (array[7, 14, 30, null])[1 + n % 4] as days,
        ${frac(sql`n`, "fate")} as fate, ${frac(sql`n`, "pace")} as pace, ${frac(sql`n`, "pause")} as pause_roll
      from generate_series(1, ${clients * 3}::int) as n join c on c.i = 1 + (n * 104729) % ${clients}::int),
    timed as (
      select *, created_at + (1 + 3 * pace) * interval '1 day' as started_at,
        -- A pause from the third day of work, 1 to 6 days long, for half the projects.
        case when pause_roll < 0.5 then (array['client_input', 'awaiting_approval', 'resources_missing', 'returned_to_draft'])[1 + n % 4] end as reason,
        (1 + 5 * pause_roll * 2) * interval '1 day' as pause_length,
        -- The work itself: 60% to 125% of the promised days (20 for a flexible timeline): about a quarter late.
        coalesce(days, 20) * (0.6 + 0.65 * ${frac(sql`n`, "work")}) * interval '1 day' as work
      from made),
    shaped as (
      select *, started_at + interval '2 days' as pause_at,
        started_at + work + case when reason is null then interval '0' else pause_length end as finish_at,
        fate < 0.04 as cancelled, fate > 0.96 as waiting_review
      from timed),
    fin as (
      select *,
        case when waiting_review or started_at > ${nowSql} then null
          when cancelled then least(started_at + interval '3 days', ${nowSql})
          when finish_at <= ${nowSql} then finish_at end as stopped_at,
        reason is not null and not waiting_review and started_at <= ${nowSql} and pause_at < ${nowSql}
          and not (cancelled and pause_at >= started_at + interval '3 days') as paused
      from shaped),
    projects_made as (
      insert into projects (id, user_id, title, description, category, budget, timeline, status, step, created_at, updated_at)
      select id, user_id, 'Project ' || n, 'A project from the year of history: a brief with a goal, an audience and a deadline.',
        (array['strategy', 'graphic', 'website', 'video', 'social_media'])[1 + n % 5],
        (array['under_1k', '1k_5k', '5k_10k', '10k_50k'])[1 + n % 4], timeline,
        case when waiting_review or started_at > ${nowSql} then (case when fate > 0.99 then 'draft' else 'in_review' end)
          when cancelled then 'cancelled'
          when stopped_at is not null then (case when pace < 0.5 then 'completed' else 'published' end)
          when paused and pause_at + pause_length > ${nowSql} and reason = 'awaiting_approval' then 'in_review'
          when paused and pause_at + pause_length > ${nowSql} and reason = 'returned_to_draft' then 'draft'
          else 'in_progress' end,
        3, created_at, coalesce(stopped_at, created_at)
      from fin returning id),
    clocks as (
      insert into delivery_clocks (project_id, started_at, promised_days, due_at, paused_since, stopped_at)
      select id, started_at, days,
        started_at + days * interval '1 day' + case when paused and pause_at + pause_length <= coalesce(stopped_at, ${nowSql})
          then pause_length else interval '0' end,
        case when paused and stopped_at is null and pause_at + pause_length > ${nowSql} then pause_at end,
        stopped_at
      from fin where not waiting_review and started_at <= ${nowSql} and exists (select 1 from projects_made)
      returning project_id)
    insert into delivery_pauses (project_id, reason, started_at, ended_at)
    select id, reason, pause_at,
      case when pause_at + pause_length <= coalesce(stopped_at, ${nowSql}) then pause_at + pause_length
        when stopped_at is not null then stopped_at end
    from fin where paused and exists (select 1 from clocks)`);

  // The public forms: quote requests from a third of the projects' clients days before the project,
  // and every form's traffic from people who are not clients.
  const form = (count: number, salt: string) =>
    sql`from generate_series(1, ${count}::int) as n, lateral (select ${yearAgo} + ${frac(sql`n`, salt)} * interval '364 days' as at) as t`;
  const addr = (kind: string) => sql`${kind} || n || '@history.example.org'`;
  await run(sql`
    insert into service_quotes (company_name, your_name, company_designation, company_email, phone_number, selected_service,
      selected_solution, additional_brief, user_id, created_at, handled)
    select 'Client company', u.first_name, 'Founder', u.email, '+919800000000', 'graphic_design', 'full_service',
      'A brief before the project.', case when ${frac(sql`p.id`, "signed")} < 0.5 then u.id end,
      p.created_at - (1 + 20 * ${frac(sql`p.id`, "lead")}) * interval '1 day', true
    from projects p join users u on u.id = p.user_id
    where u.username like ${`${PREFIX}client-%`} and ${frac(sql`p.id`, "quoted")} < 0.33`);
  await run(sql`
    insert into service_quotes (company_name, your_name, company_designation, company_email, phone_number, selected_service,
      selected_solution, additional_brief, created_at, handled)
    select 'Prospect ' || n, 'Prospect', 'Manager', ${addr("quote")}, '+919800000000', 'web_development', 'full_service',
      'Looking around.', t.at, n % 2 = 0 ${form(clients, "quote")}`);
  await run(sql`
    insert into office_visits (company_name, your_name, company_designation, company_email, phone_number, company_address,
      visit_date, city, country, created_at)
    select 'Visitor ' || n, 'Visitor', 'Owner', ${addr("visit")}, '+919800000000', 'Sector 17, Vashi', (t.at + interval '7 days')::date,
      'Navi Mumbai', 'India', t.at ${form(150, "visit")}`);
  await run(sql`
    insert into investor_meetings (company_name, your_name, company_designation, company_email, phone_number, meeting_type, created_at)
    select 'Fund ' || n, 'Partner', 'Partner', ${addr("meet")}, '+919800000000', 'online', t.at ${form(100, "meet")}`);
  await run(sql`
    insert into investment_inquiries (full_name, email_address, investment_interest, investor_type, message, created_at)
    select 'Investor ' || n, ${addr("invest")}, 'high', 'angel', 'Interested in the agency.', t.at ${form(80, "invest")}`);
  await run(sql`
    insert into support_tickets (email, subject, type, description, channel, created_at, handled)
    select ${addr("ticket")}, 'Question ' || n, 'general', 'Please help with my account.', 'form', t.at, n % 3 <> 0 ${form(600, "ticket")}`);
  await run(sql`
    insert into newsletter_subscribers (email, status, unsubscribe_token_hash, created_at)
    select ${addr("news")}, 'confirmed', md5('history-news' || n), t.at ${form(1500, "news")}`);
  await run(sql`
    insert into referrals (code, referrer_name, referrer_email, invitee_email, created_at)
    select 'HIST' || lpad(n::text, 6, '0'), 'Referrer', ${addr("ref")}, 'invitee' || n || '@history.example.org', t.at ${form(200, "ref")}`);
  await run(sql`
    insert into job_applications (full_name, email_address, role_of_interest, why_join, cv_storage_key, cv_name, cv_size,
      cv_content_type, created_at)
    select 'Applicant ' || n, ${addr("job")}, 'graphic_designer', 'I like the work.', 'history/cv-' || n, 'cv.pdf', 20480,
      'application/pdf', t.at ${form(150, "job")}`);
  await run(sql`
    insert into collaboration_requests (name, email, collaboration_idea, collaboration_type, created_at)
    select 'Collaborator ' || n, ${addr("collab")}, 'A joint workshop.', 'partnership', t.at ${form(120, "collab")}`);

  // The assistant: four conversations a client's worth, two to five messages each.
  const conversations = clients * 4;
  await run(sql`
    with made as (
      select n, gen_random_uuid() as id, ${yearAgo} + ${frac(sql`n`, "chat")} * interval '364 days' as at,
        ${frac(sql`n`, "found")} < 0.75 as found, ${frac(sql`n`, "more")} < 0.6 as more,
        ${frac(sql`n`, "rate")} as rate, ${frac(sql`n`, "handoff")} < 0.05 as handoff
      from generate_series(1, ${conversations}::int) as n),
    tickets as (
      insert into support_tickets (email, subject, type, description, channel, created_at)
      select 'chat' || n || '@history.example.org', 'Chat hand-off', 'general', 'The transcript.', 'chat', at + interval '3 minutes'
      from made where handoff returning id, email),
    conv as (
      insert into chat_conversations (id, public_id, visitor_hash, created_at, updated_at, handoff_email, handoff_ticket_id)
      select m.id, ${PREFIX} || m.n, ${PREFIX} || m.n, m.at, m.at, t.email, t.id
      from made m left join tickets t on t.email = 'chat' || m.n || '@history.example.org' returning id),
    messages as (
      select id, 'user' as type, 'How much does a logo cost?' as message, false as sources, at, null as rating, 1 as seq from made
      union all
      select id, 'ai', case when found then 'A logo starts at 120 tokens.' else 'I don''t know that yet.' end, found,
        at + interval '5 seconds', case when found and rate < 0.25 then 'up' when found and rate > 0.9 then 'down' end, 2 from made
      union all
      select id, 'user', 'And how long does it take?', false, at + interval '1 minute', null, 3 from made where more
      union all
      select id, 'ai', 'About two weeks.', true, at + interval '65 seconds', null, 4 from made where more
      union all
      select id, 'user', 'thanks', false, at + interval '2 minutes', null, 5 from made where more and rate < 0.5)
    insert into chat_messages (conversation_id, type, message, sources, created_at, rating, rated_at)
    select id, type, message, case when sources then '[{"title": "Pricing", "url": "/pricing"}]'::jsonb else '[]'::jsonb end,
      at, rating, case when rating is not null then at + interval '1 minute' end
    from messages where exists (select 1 from conv) order by at, seq`);
  await run(sql`
    insert into chat_gaps (message_id, question, group_key, reason, created_at, answered_at)
    select m.id, 'How much does a logo cost?',
      ${PREFIX} || (array['logo price', 'car insurance', 'printing', 'hosting', 'translation'])[1 + m.id % 5],
      case when m.rating = 'down' then 'unhelpful' else 'unknown' end, coalesce(m.rated_at, m.created_at),
      case when ${frac(sql`m.id`, "answered")} < 0.6 then coalesce(m.rated_at, m.created_at) + interval '3 days' end
    from chat_messages m join chat_conversations c on c.id = m.conversation_id
    where c.public_id like ${`${PREFIX}%`} and m.type = 'ai'
      and (m.rating = 'down' or jsonb_array_length(m.sources) = 0)`);

  // Fresh statistics for the planner, as PostgreSQL's autovacuum would gather after a year of writes
  // (PGlite has none): without them the reports' joins are planned for empty tables.
  await run(sql`analyze`);

  const [counts] = await queryRows<Record<string, number>>(
    sql`select
      (select count(*)::int from users where username like ${`${PREFIX}client-%`}) as clients,
      (select count(*)::int from payments where idempotency_key like ${`${PREFIX}%`}) as payments,
      (select count(*)::int from payment_refunds r join payments p on p.id = r.payment_id where p.idempotency_key like ${`${PREFIX}%`}) as refunds,
      (select count(*)::int from subscriptions s join users u on u.id = s.user_id where u.username like ${`${PREFIX}%`}) as subscriptions,
      (select count(*)::int from gift_cards where sender_email like ${DOMAIN_LIKE}) as "giftCards",
      (select count(*)::int from token_ledger l join users u on u.id = l.user_id where u.username like ${`${PREFIX}%`}) as ledger,
      (select count(*)::int from projects p join users u on u.id = p.user_id where u.username like ${`${PREFIX}%`}) as projects,
      (select count(*)::int from delivery_pauses dp join projects p on p.id = dp.project_id join users u on u.id = p.user_id where u.username like ${`${PREFIX}%`}) as pauses,
      (select count(*)::int from service_quotes where company_email like ${DOMAIN_LIKE}) as quotes,
      (select count(*)::int from chat_messages m join chat_conversations c on c.id = m.conversation_id where c.public_id like ${`${PREFIX}%`}) as "chatMessages",
      (select count(*)::int from chat_gaps where group_key like ${`${PREFIX}%`}) as "chatGaps"`,
    database,
  );
  return {
    clients,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    rows: Object.fromEntries(Object.entries(counts ?? {}).map(([key, value]) => [key, Number(value)])),
  };
}
