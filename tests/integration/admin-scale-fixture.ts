// The back-office at ten times the history of a busy client, for the tests
// (tests/integration/admin-lists-at-scale.test.ts) and the measurements
// (npm run bench:admin-scale): thousands of projects across hundreds of
// clients, tens of thousands of ledger rows, a long inbox, outbox, audit log
// and chat-gap queue, and a project with a long conversation. The rows are
// inserted with SQL (generate_series), not through the product, so the fixture
// stays quick. Loads run the way a document request does (root, the back-office
// layout and the page, with one Request) and every statement is counted.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { runSeed } from "~models/views/seed.server";
import { getDatabaseHandle, queryRows, setDatabase, type DatabaseHandle } from "~models/platform/db.server";
import { withStatementLog } from "~models/platform/testing.server";
import * as root from "~/root";
import * as layout from "~/routes/admin/layout";
import { call, getRequest } from "./helpers";
import { projectOf, signedInClient, type Client } from "./project-helpers";

/** The any-page budget of tests/integration/query-budgets.test.ts. */
export const PAGE_BUDGET = 10;

export type Page = { page: number; pageCount: number; total: number };
export type Loader = (args: never) => unknown;

let staff: Client;
export let heavy: Client;
export let bigProject: string;
export let original: DatabaseHandle;
let counting: DatabaseHandle;
const statements: string[] = [];
export const withParams: Array<{ query: string; params: unknown[] }> = [];
export const timings: Array<{ page: string; ms: number }> = [];

/** Loads a back-office page as a document request would; its data, and how many statements it cost. */
export async function load<T>(
  page: { loader: Loader },
  url: string,
  params: Record<string, string> = {},
): Promise<{ data: T; count: number }> {
  const request = getRequest(url, { cookie: staff.cookie });
  const loaders = [root.loader, layout.loader, page.loader] as Loader[];
  statements.length = 0;
  withParams.length = 0;
  setDatabase(counting);
  const started = performance.now();
  let outcomes;
  try {
    outcomes = await Promise.all(loaders.map((loader) => call(loader, request, params)));
  } finally {
    setDatabase(original);
  }
  timings.push({ page: url, ms: performance.now() - started });
  for (const outcome of outcomes) expect(outcome.status, url).toBe(200);
  return { data: outcomes[2]!.body as T, count: statements.length };
}

/**
 * Registers the fixture's hooks in the calling file: the agency with ten times
 * a busy client's history, inserted once before its tests.
 */
export function withAdminScaleFixture() {
  beforeAll(async () => {
    await runSeed();
    staff = await signedInClient("staff");
    heavy = await signedInClient();
    bigProject = (await projectOf(heavy, { title: "The long one" })).id;

    // 300 more clients, 2,010 projects across them, 60 for the heavy client.
    await queryRows(sql`
    insert into users (username, email, password_hash, first_name, last_name, created_at)
    select 'bulk-client-' || n, 'bulk-client-' || n || '@example.com', 'x', 'Bulk', 'Client ' || n,
      now() - n * interval '1 hour'
    from generate_series(1, 300) as n`);
    await queryRows(sql`
    insert into projects (user_id, title, description, category, budget, timeline, status, created_at, updated_at)
    select u.id, 'Bulk project ' || n, 'Made in bulk', 'graphic', '5k_10k', '2_weeks',
      (array['in_review', 'in_progress', 'completed'])[1 + n % 3], now() - n * interval '1 minute',
      now() - n * interval '1 minute'
    from generate_series(1, 2010) as n
    join lateral (select id from users where username = 'bulk-client-' || (1 + n % 300)) as u on true`);
    await queryRows(sql`
    insert into projects (user_id, title, description, category, budget, timeline, status, created_at)
    select ${heavy.id}, 'Heavy project ' || n, 'Made in bulk', 'graphic', '5k_10k', '2_weeks', 'in_review',
      now() - n * interval '1 hour'
    from generate_series(1, 60) as n`);
    // 3,010 notifications and 20,000 ledger rows for the heavy client.
    await queryRows(sql`
    insert into notifications (user_id, title, message, is_read, created_at)
    select ${heavy.id}, 'Bulk notification ' || n, 'Made in bulk', n % 2 = 0, now() - n * interval '1 minute'
    from generate_series(1, 3010) as n`);
    // The ledger's balance trigger is left out for the bulk rows (it would run 20,000 times); the
    // pages read the rows, not the running balance. The count of rows the trigger keeps is set here.
    await queryRows(sql`set session_replication_role = replica`);
    await queryRows(sql`
    insert into token_ledger (user_id, kind, reason, delta, description, created_at)
    select ${heavy.id}, case when n % 2 = 1 then 'grant' else 'spend' end,
      case when n % 2 = 1 then 'staff_adjustment' else 'project' end,
      case when n % 2 = 1 then 1 else -1 end, 'Bulk ledger row ' || n, now() - n * interval '1 minute'
    from generate_series(1, 20000) as n`);
    await queryRows(sql`
    insert into token_accounts (user_id, entries)
    select ${heavy.id}, count(*)::int from token_ledger where user_id = ${heavy.id}
    on conflict (user_id) do update set entries = excluded.entries`);
    await queryRows(sql`reset session_replication_role`);
    // A project with a long conversation, many files and a long status history.
    await queryRows(sql`
    insert into project_comments (project_id, author_id, author_role, body, created_at)
    select ${bigProject}, ${heavy.id}, case when n % 2 = 0 then 'client' else 'staff' end, 'Message ' || n,
      now() + n * interval '1 second'
    from generate_series(1, 120) as n`);
    await queryRows(sql`
    insert into project_files (project_id, uploaded_by, name, size, content_type, storage_key, created_at)
    select ${bigProject}, ${heavy.id}, 'file-' || n || '.pdf', 1000, 'application/pdf', 'bulk/' || gen_random_uuid(),
      now() + n * interval '1 second'
    from generate_series(1, 60) as n`);
    await queryRows(sql`
    insert into project_status_history (project_id, from_status, to_status, step, action, reason, created_at)
    select ${bigProject}, 'in_progress', 'in_progress', 3, 'note', 'Step ' || n, now() + n * interval '1 second'
    from generate_series(1, 60) as n`);
    // The inbox, the outbox, the audit log, payments and the chat-gap queue.
    await queryRows(sql`
    insert into service_quotes (company_name, your_name, company_designation, company_email, phone_number,
      selected_service, selected_solution, additional_brief, handled, created_at)
    select 'Bulk Co ' || n, 'Person ' || n, 'Owner', 'quote' || n || '@example.com', '98200 12345',
      'graphic_design', 'full_service', 'Bulk brief', n % 3 = 0, now() - n * interval '1 minute'
    from generate_series(1, 300) as n`);
    await queryRows(sql`
    insert into email_outbox ("to", subject, text, kind, error, created_at)
    select 'mail' || n || '@example.com', 'Bulk ' || n, 'Hello', 'test',
      case when n % 4 = 0 then 'connect ECONNREFUSED' end, now() - n * interval '1 minute'
    from generate_series(1, 3000) as n`);
    await queryRows(sql`
    insert into audit_log (actor_id, actor_role, actor_label, action, target_type, target_id, created_at)
    select ${staff.id}, 'staff', 'staff', 'tokens.grant', 'user', ${heavy.id}, now() - n * interval '1 minute'
    from generate_series(1, 3000) as n`);
    await queryRows(sql`
    insert into payments (user_id, kind, description, amount_minor, currency, method, status, gateway,
      idempotency_key, completed_at)
    select ${heavy.id}, 'token_package', 'Bulk tokens ' || n, 1000, 'USD', 'credit_card', 'succeeded', 'mock',
      'bulk-' || n, now() - n * interval '1 minute'
    from generate_series(1, 300) as n`);
    await queryRows(sql`
    insert into chat_gaps (question, group_key, reason, created_at)
    select 'Do you make thing ' || n || '?', 'bulk thing ' || n, 'unknown', now() - n * interval '1 minute'
    from generate_series(1, 300) as n`);
    await queryRows(sql`
    insert into chat_faqs (question, answer)
    select 'Bulk question ' || n || '?', 'Bulk answer ' || n from generate_series(1, 60) as n`);

    original = getDatabaseHandle()!;
    counting = withStatementLog(original, (query, params) => {
      statements.push(query);
      withParams.push({ query, params });
    });
  }, 180_000);

  afterAll(() => {
    setDatabase(original);
    if (process.env.ADMIN_SCALE_TIMINGS)
      console.log(timings.map((t) => `${t.page.padEnd(60)} ${t.ms.toFixed(1)} ms`).join("\n"));
  });
}
