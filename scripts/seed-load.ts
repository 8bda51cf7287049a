// npm run seed:load [-- --json]
// Fills the database (the embedded data dir, or DATABASE_URL) with a heavy
// client, a light client and a heavy staff view, to measure and test how the
// signed-in pages grow with history (docs/performance.md, "Growth"):
// - load-heavy: 201 projects (one with 200 comments, 60 status changes and 40
//   files), 301 notifications, 2,000 token ledger rows, 25 subscriptions,
//   every shop item bought, 120 payments, 20 gift cards, 50 sessions, 500
//   account events and a cart;
// - load-light: one project, one notification, one grant;
// - the staff view, ten times the heavy client's lists: 60 more clients
//   (load-client-NN) bringing the totals to about 2,010 projects, 3,010
//   notifications and 20,000 ledger rows, plus 1,000 form submissions, 2,000
//   outbox emails, 500 chat gaps and 5,000 audit log rows;
// - load-staff: a staff account.
// Re-runnable: each run first deletes what the previous one made (the load-*
// accounts, with everything they own, and the rows tagged as load data), so
// the database always holds one copy; the audit log is append-only, so its
// 5,000 load rows are made by the first run and kept. Bulk SQL (insert … select
// generate_series), a few seconds on either database. Prints the sign-in
// details; with --json, one line of JSON instead (scripts/bench-growth.js reads it).
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { createAccount, setRole } from "../models/identity/accounts.server";
import { queryRows, setDatabase, type Database } from "../models/platform/db.server";
import { runSeed } from "../models/content/seed.server";
import { databaseConfig, loadEnv } from "../app/lib/env.server";
import { openDatabaseForScript } from "./open-database";

export const LOAD_PASSWORD = "load-pass-2026";
/** Every account this script makes has a username starting with this. */
const PREFIX = "load-";
/** Rows without an owner (submissions, emails, gaps, audit rows) carry this tag to be found again. */
const TAG = "[load]";

export type LoadAccount = { id: string; username: string; email: string; password: string };
export type LoadReport = {
  heavy: LoadAccount & { project: string; purchase: string };
  light: LoadAccount & { project: string };
  staff: LoadAccount;
  clients: number;
  seconds: number;
};

const BULK_CLIENTS = 60;

async function account(username: string, role: "client" | "staff" = "client"): Promise<LoadAccount> {
  const email = `${username}@load.example.com`;
  const created = await createAccount({ username, email, password: LOAD_PASSWORD });
  if (!created.ok) throw new Error(`${username}: ${created.message}`);
  if (role === "staff") await setRole(created.user.id, "staff");
  return { id: created.user.id, username, email, password: LOAD_PASSWORD };
}

/** Deletes the previous run's accounts (their rows go with them) and tagged rows (not audit rows: append-only). */
async function clear(database: Database) {
  const run = (query: ReturnType<typeof sql>) => queryRows(query, database);
  await run(sql`delete from gift_cards where sender_email like ${`${PREFIX}%`}`);
  await run(sql`delete from payments where idempotency_key like ${`${PREFIX}%`}`);
  await run(sql`delete from users where username like ${`${PREFIX}%`}`);
  await run(sql`delete from email_outbox where kind = 'load'`);
  await run(sql`delete from chat_gaps where question like ${`${TAG}%`}`);
  await run(sql`delete from support_tickets where subject like ${`${TAG}%`}`);
  await run(sql`delete from service_quotes where additional_brief like ${`${TAG}%`}`);
}

/**
 * `count` projects for the owner(s): `owners` is a SQL array of user ids; row n goes to owners[1 + n % len].
 * Statuses, categories and dates vary so that filters and sorting have something to do.
 */
function projectsFor(owners: ReturnType<typeof sql>, count: number, label: string) {
  return sql`
    insert into projects (user_id, title, description, category, budget, timeline, status, step, created_at, updated_at)
    select o.ids[1 + n % cardinality(o.ids)], ${label} || ' ' || n,
      'A project made by the load seed: a brief long enough to look like one a client writes, with a goal, an audience and a deadline.',
      (array['strategy', 'graphic', 'website', 'video', 'social_media'])[1 + n % 5],
      (array['under_1k', '1k_5k', '5k_10k', '10k_50k'])[1 + n % 4],
      (array['1_week', '2_weeks', '1_month', 'flexible'])[1 + n % 4],
      (array['in_review', 'in_progress', 'completed', 'revision_requested'])[1 + n % 4],
      (array[2, 3, 5, 3])[1 + n % 4],
      now() - n * interval '7 hours', now() - n * interval '5 hours'
    from generate_series(1, ${count}) as n, (select ${owners} as ids) as o`;
}

function notificationsFor(owners: ReturnType<typeof sql>, count: number) {
  return sql`
    insert into notifications (user_id, type, title, message, link, is_read, created_at)
    select o.ids[1 + n % cardinality(o.ids)], (array['info', 'success', 'warning'])[1 + n % 3],
      'Project update ' || n, 'Your project moved to the next step; open it to see what changed.',
      '/dashboard2/projects', n % 3 <> 0, now() - n * interval '43 minutes'
    from generate_series(1, ${count}) as n, (select ${owners} as ids) as o`;
}

/**
 * `count` ledger rows per owner, alternating grants of 2 and spends of 2
 * (each spend uses up the grant before it, as oldest-first spending does; a
 * last unmatched grant keeps its 2), oldest first, then one grant of 500 so
 * each owner has tokens to spend. The ledger's triggers keep the balances.
 */
async function ledgerFor(database: Database, owners: ReturnType<typeof sql>, count: number) {
  // One statement: at commit the balance trigger (token_balance_matches_lots) checks each account against its lots.
  await queryRows(
    sql`
    with rows as (
      select u.id as user_id, n, gen_random_uuid() as id,
        case when n > ${count} then now() else now() - (${count} - n + 1) * interval '61 minutes' end as at
      from unnest(${owners}::uuid[]) as u(id), generate_series(1, ${count} + 1) as n),
    led as (
      insert into token_ledger (id, user_id, kind, reason, delta, balance_after, description, created_at)
      select id, user_id, case when n % 2 = 1 or n > ${count} then 'grant' else 'spend' end,
        case when n % 2 = 1 or n > ${count} then 'token_purchase' else 'shop_checkout' end,
        case when n > ${count} then 500 when n % 2 = 1 then 2 else -2 end,
        0,
        case when n > ${count} then 'Load seed: tokens to spend' else 'Load seed ledger row ' || n end, at
      from rows order by user_id, n
      returning id, user_id, kind, delta, created_at)
    insert into token_lots (id, user_id, amount, remaining, issued_at, expires_at)
    select id, user_id, delta,
      case when delta = 500 then 500 when id in (select id from rows where n = ${count}) then 2 else 0 end,
      created_at, created_at + interval '90 days'
    from led where kind = 'grant'`,
    database,
  );
}

/** The heavy client's billing history: subscriptions, payments, purchases, gift cards, a cart. */
async function billingHistory(database: Database, heavy: LoadAccount) {
  const run = (query: ReturnType<typeof sql>) => queryRows(query, database);
  // 24 ended monthly plans, then the one that runs now.
  await run(sql`
    insert into subscriptions (user_id, plan_id, status, started_at, current_period_start, current_period_end,
      ended_at, end_reason, payment_method, card_brand, card_last4)
    select ${heavy.id}, (select id from subscription_plans where price > 0 order by position limit 1), 'ended',
      now() - (n + 1) * interval '30 days', now() - (n + 1) * interval '30 days', now() - n * interval '30 days',
      now() - n * interval '30 days', 'switched', 'credit_card', 'Visa', '4242'
    from generate_series(1, 24) as n`);
  await run(sql`
    insert into subscriptions (user_id, plan_id, status, started_at, current_period_start, current_period_end,
      payment_method, card_brand, card_last4)
    select ${heavy.id}, (select id from subscription_plans where price > 0 order by position limit 1), 'active',
      now() - interval '10 days', now() - interval '10 days', now() + interval '20 days', 'credit_card', 'Visa', '4242'`);
  await run(sql`
    insert into payments (user_id, payer_email, kind, description, amount_minor, currency, method, card_brand,
      card_last4, status, gateway, idempotency_key, token_package_id, tokens, created_at, completed_at)
    select ${heavy.id}, ${heavy.email}, 'token_package', 'Load seed token package ' || n, 1900, 'USD', 'credit_card',
      'Visa', '4242', 'succeeded', 'simulated', ${`${PREFIX}${heavy.id}-`} || n,
      (select id from token_packages order by position limit 1), 100,
      now() - n * interval '3 days', now() - n * interval '3 days'
    from generate_series(1, 100) as n`);
  await run(sql`
    with paid as (
      insert into payments (user_id, payer_email, kind, description, amount_minor, currency, method, card_brand,
        card_last4, status, gateway, idempotency_key, "order", created_at, completed_at)
      select ${heavy.id}, ${heavy.email}, 'gift_card', 'Load seed gift card ' || n, 250000, 'INR', 'credit_card',
        'Visa', '4242', 'succeeded', 'simulated', ${`${PREFIX}${heavy.id}-gift-`} || n, '{}'::jsonb,
        now() - n * interval '9 days', now() - n * interval '9 days'
      from generate_series(1, 20) as n
      returning id, created_at)
    insert into gift_cards (code, amount, currency, recipient_name, recipient_email, sender_name, sender_email,
      deliver_on, delivered_at, purchaser_id, payment_id, expires_at, created_at)
    select upper(substr(md5(paid.id::text), 1, 12)), 2500, 'INR', 'Friend', 'friend@load.example.com', 'Load heavy',
      ${heavy.email}, paid.created_at::date, paid.created_at, ${heavy.id}, paid.id,
      paid.created_at + interval '365 days', paid.created_at
    from paid`);
  await run(sql`
    insert into purchases (user_id, shop_item_id, tokens_spent, max_downloads, download_count, created_at)
    select ${heavy.id}, id, token_price, 3, 1, now() - row_number() over (order by position) * interval '2 days'
    from shop_items`);
  await run(sql`
    insert into cart_items (user_id, shop_item_id, quantity)
    select ${heavy.id}, id, 1 from shop_items order by position limit 3`);
}

/** The heavy client's first project: a long conversation, a long history and many files. */
async function busyProject(database: Database, heavy: LoadAccount, staffId: string): Promise<string> {
  const [project] = await queryRows<{ id: string }>(
    sql`select id from projects where user_id = ${heavy.id} order by created_at desc, id desc limit 1`,
    database,
  );
  const id = project!.id;
  const run = (query: ReturnType<typeof sql>) => queryRows(query, database);
  await run(sql`
    insert into project_comments (project_id, author_id, author_role, body, created_at)
    select ${id}, case when n % 2 = 0 then ${heavy.id}::uuid else ${staffId}::uuid end,
      case when n % 2 = 0 then 'client' else 'staff' end,
      'Comment ' || n || ': a note about the drafts, the colours and what to change next.',
      now() - (200 - n) * interval '2 hours'
    from generate_series(1, 200) as n`);
  await run(sql`
    insert into project_status_history (project_id, from_status, to_status, step, action, changed_by, created_at)
    select ${id}, case when n % 2 = 0 then 'in_progress' else 'in_review' end,
      case when n % 2 = 0 then 'in_review' else 'in_progress' end, case when n % 2 = 0 then 2 else 3 end,
      'transition', ${staffId}, now() - (60 - n) * interval '5 hours'
    from generate_series(1, 60) as n`);
  await run(sql`
    insert into project_files (project_id, uploaded_by, name, size, content_type, storage_key, created_at)
    select ${id}, ${heavy.id}, 'draft-' || n || '.pdf', 20480, 'application/pdf',
      'load/' || ${id} || '/' || n, now() - (40 - n) * interval '6 hours'
    from generate_series(1, 40) as n`);
  return id;
}

/** The staff view's unowned lists: submissions, outbox emails, chat gaps, audit rows. */
async function staffLists(database: Database, staff: LoadAccount) {
  const run = (query: ReturnType<typeof sql>) => queryRows(query, database);
  await run(sql`
    insert into service_quotes (company_name, your_name, company_designation, company_email, phone_number,
      selected_service, selected_solution, additional_brief, created_at, handled)
    select 'Load Co ' || n, 'Asha ' || n, 'Founder', 'quote' || n || '@load.example.com', '+919800000000',
      'Branding', 'Subscriptions', ${TAG} || ' A brief for quote ' || n, now() - n * interval '37 minutes', n % 4 = 0
    from generate_series(1, 500) as n`);
  await run(sql`
    insert into support_tickets (email, subject, type, description, created_at, handled)
    select 'ticket' || n || '@load.example.com', ${TAG} || ' Ticket ' || n, 'general',
      'Something to look at, number ' || n, now() - n * interval '41 minutes', n % 3 = 0
    from generate_series(1, 500) as n`);
  await run(sql`
    insert into email_outbox ("to", subject, text, kind, created_at, sent_at, attempts, error)
    select 'mail' || n || '@load.example.com', 'Load seed email ' || n, 'Hello from the load seed.', 'load',
      now() - n * interval '13 minutes', case when n % 10 = 0 then null else now() - n * interval '13 minutes' end,
      case when n % 10 = 0 then 3 else 1 end, case when n % 10 = 0 then 'connection refused' else null end
    from generate_series(1, 2000) as n`);
  await run(sql`
    insert into chat_gaps (question, group_key, reason, created_at)
    select ${TAG} || ' Do you also do thing number ' || (n % 50) || '?', 'load-gap-' || (n % 50),
      case when n % 2 = 0 then 'unknown' else 'unhelpful' end, now() - n * interval '29 minutes'
    from generate_series(1, 500) as n`);
  await run(sql`
    insert into audit_log (actor_id, actor_role, actor_label, action, target_type, target_id, target_label, reason, created_at)
    select ${staff.id}, 'staff', ${staff.username}, (array['project.transition', 'tokens.grant', 'submission.reply'])[1 + n % 3],
      'project', n::text, 'Load project ' || n, ${TAG}, now() - n * interval '11 minutes'
    from generate_series(1, 5000) as n
    -- The audit log is append-only: its load rows are made once and kept across runs.
    where not exists (select 1 from audit_log where reason = ${TAG})`);
}

/** Makes the load data (deleting the previous run's first). `database` must be the one setDatabase was given. */
export async function seedLoad(database: Database): Promise<LoadReport> {
  const started = performance.now();
  await clear(database);
  const heavy = await account(`${PREFIX}heavy`);
  const light = await account(`${PREFIX}light`);
  const staff = await account(`${PREFIX}staff`, "staff");
  // The bulk clients share the light client's password hash (one argon2 hash, not sixty).
  await queryRows(
    sql`
    insert into users (username, email, password_hash)
    select ${`${PREFIX}client-`} || lpad(n::text, 2, '0'), ${`${PREFIX}client-`} || lpad(n::text, 2, '0') || '@load.example.com',
      (select password_hash from users where id = ${light.id})
    from generate_series(1, ${BULK_CLIENTS}) as n`,
    database,
  );
  const bulk = sql`(select array_agg(id) from users where username like ${`${PREFIX}client-%`})`;
  const one = (id: string) => sql`array[${id}::uuid]`;

  await queryRows(projectsFor(one(heavy.id), 201, "Heavy project"), database);
  await queryRows(projectsFor(one(light.id), 1, "Light project"), database);
  await queryRows(projectsFor(bulk, 2010 - 202, "Client project"), database);
  await queryRows(notificationsFor(one(heavy.id), 301), database);
  await queryRows(notificationsFor(one(light.id), 1), database);
  await queryRows(notificationsFor(bulk, 3010 - 302), database);
  await ledgerFor(database, one(heavy.id), 1999);
  await ledgerFor(database, one(light.id), 1);
  await ledgerFor(database, bulk, Math.round((20_000 - 2_000) / BULK_CLIENTS));
  await queryRows(
    sql`
    insert into sessions (id_hash, user_id, user_agent, created_at, expires_at)
    select md5(${heavy.id} || n), ${heavy.id}, 'Load seed browser ' || n, now() - n * interval '1 day', now() + interval '20 days'
    from generate_series(1, 50) as n`,
    database,
  );
  await queryRows(
    sql`
    insert into account_events (user_id, kind, message, created_at)
    select ${heavy.id}, 'profile_updated', 'You updated your profile (' || n || ').', now() - n * interval '5 hours'
    from generate_series(1, 500) as n`,
    database,
  );
  await billingHistory(database, heavy);
  const project = await busyProject(database, heavy, staff.id);
  await staffLists(database, staff);
  const [purchase] = await queryRows<{ id: string }>(
    sql`select id from purchases where user_id = ${heavy.id} order by created_at desc limit 1`,
    database,
  );
  const [lightProject] = await queryRows<{ id: string }>(
    sql`select id from projects where user_id = ${light.id} limit 1`,
    database,
  );
  return {
    heavy: { ...heavy, project, purchase: purchase!.id },
    light: { ...light, project: lightProject!.id },
    staff,
    clients: BULK_CLIENTS + 2,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

async function main() {
  const json = process.argv.includes("--json");
  const handle = await openDatabaseForScript(databaseConfig(loadEnv(), "npm run seed:load"));
  setDatabase(handle);
  try {
    // The catalogue (plans, packages, shop items) must be there; seeding is idempotent.
    await handle.whileBootLocked(() => runSeed({ database: handle.db }));
    const report = await seedLoad(handle.db);
    if (json) {
      console.log(JSON.stringify(report));
      return;
    }
    console.log(
      `Load data made in ${report.seconds} s (${report.clients} clients; the previous run's removed).`,
    );
    for (const [who, a] of [
      ["Heavy client", report.heavy],
      ["Light client", report.light],
      ["Staff", report.staff],
    ] as const)
      console.log(`${who.padEnd(13)} username ${a.username.padEnd(11)} password ${a.password}`);
    console.log(`The heavy client's busiest project: /project/${report.heavy.project}`);
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
