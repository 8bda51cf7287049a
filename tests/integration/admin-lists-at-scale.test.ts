// Every back-office list stays one page long, with a way to the next, and
// within the any-page statement budget when the agency has ten times the
// history of a busy client: thousands of projects across hundreds of clients,
// tens of thousands of ledger rows, a long inbox, outbox, audit log and chat-gap
// queue, and a project with a long conversation. The rows are inserted with SQL
// (generate_series), not through the product, so the fixture stays quick.
//
// Loads run the way a document request does (root, the back-office layout and
// the page, with one Request) and every statement is counted.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSeed } from "~models/content/seed.server";
import { getDatabaseHandle, queryRows, setDatabase, type DatabaseHandle } from "~models/platform/db.server";
import { PAGE_SIZE } from "~models/platform/pagination";
import { withStatementLog } from "~models/platform/testing.server";
import * as root from "~/root";
import * as layout from "~/routes/admin/layout";
import * as overview from "~/routes/admin/index";
import * as audit from "~/routes/admin/audit";
import * as chatFaqs from "~/routes/admin/chat-faqs";
import * as chatGaps from "~/routes/admin/chat-gaps";
import * as client from "~/routes/admin/client";
import * as clients from "~/routes/admin/clients";
import * as inbox from "~/routes/admin/inbox";
import * as outbox from "~/routes/admin/outbox";
import * as payments from "~/routes/admin/payments";
import * as project from "~/routes/admin/project";
import * as projects from "~/routes/admin/projects";
import { call, getRequest } from "./helpers";
import { projectOf, signedInClient, type Client } from "./project-helpers";

/** The any-page budget of tests/integration/query-budgets.test.ts. */
const PAGE_BUDGET = 10;

type Page = { page: number; pageCount: number; total: number };
type Loader = (args: never) => unknown;

let staff: Client;
let heavy: Client;
let bigProject: string;
let original: DatabaseHandle;
let counting: DatabaseHandle;
const statements: string[] = [];
const withParams: Array<{ query: string; params: unknown[] }> = [];
const timings: Array<{ page: string; ms: number }> = [];

/** Loads a back-office page as a document request would; its data, and how many statements it cost. */
async function load<T>(
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

/** One full page, a page after it, and the cost within the budget. */
function expectFirstOfMany(rows: unknown[], page: Page, count: number) {
  expect(rows).toHaveLength(PAGE_SIZE);
  expect(page.page).toBe(1);
  expect(page.pageCount).toBeGreaterThan(1);
  expect(count).toBeLessThanOrEqual(PAGE_BUDGET);
}

describe("back-office lists with ten times the history", () => {
  const lists: Array<{
    name: string;
    page: { loader: Loader };
    url: string;
    rows: (data: never) => unknown[];
  }> = [
    {
      name: "projects",
      page: projects,
      url: "/admin/projects?status=all",
      rows: (d: { projects: unknown[] }) => d.projects,
    },
    { name: "clients", page: clients, url: "/admin/clients", rows: (d: { clients: unknown[] }) => d.clients },
    { name: "inbox", page: inbox, url: "/admin/inbox", rows: (d: { items: unknown[] }) => d.items },
    { name: "outbox", page: outbox, url: "/admin/outbox", rows: (d: { emails: unknown[] }) => d.emails },
    { name: "audit log", page: audit, url: "/admin/audit", rows: (d: { entries: unknown[] }) => d.entries },
    { name: "payments", page: payments, url: "/admin/payments", rows: (d: { rows: unknown[] }) => d.rows },
    {
      name: "chat gaps",
      page: chatGaps,
      url: "/admin/chat-gaps",
      rows: (d: { groups: unknown[] }) => d.groups,
    },
    {
      name: "FAQ entries",
      page: chatFaqs,
      url: "/admin/chat-faqs",
      rows: (d: { faqs: unknown[] }) => d.faqs,
    },
  ];

  for (const list of lists)
    it(`${list.name}: one page of ${PAGE_SIZE}, a next page, a page past the end shows the last`, async () => {
      const first = await load<{ page: Page }>(list.page, list.url);
      expectFirstOfMany(list.rows(first.data as never), first.data.page, first.count);

      const join = list.url.includes("?") ? "&" : "?";
      const second = await load<{ page: Page }>(list.page, `${list.url}${join}page=2`);
      expect(second.data.page.page).toBe(2);
      expect(second.count).toBe(first.count);

      const past = await load<{ page: Page }>(list.page, `${list.url}${join}page=99999`);
      expect(past.data.page.page).toBe(past.data.page.pageCount);
      expect(list.rows(past.data as never).length).toBeGreaterThan(0);
      expect(past.count).toBe(first.count);
    });

  it("the overview counts without reading the lists", async () => {
    const { data, count } = await load<{ recent: unknown[]; failedEmails: number }>(overview, "/admin");
    expect(data.recent).toHaveLength(8);
    expect(data.failedEmails).toBe(750);
    expect(count).toBeLessThanOrEqual(PAGE_BUDGET);
  });

  it("a client's page pages its projects and ledger, in the same statements as a new client's", async () => {
    type ClientPage = {
      projects: unknown[];
      pages: { projects: Page; purchases: Page };
      billing: { ledger: Array<{ description: string }>; ledgerPage: Page };
    };
    const url = `/admin/clients/${heavy.id}`;
    const first = await load<ClientPage>(client, url, { id: heavy.id });
    expectFirstOfMany(first.data.projects, first.data.pages.projects, first.count);
    expect(first.data.pages.projects.total).toBe(61);
    expectFirstOfMany(first.data.billing.ledger, first.data.billing.ledgerPage, first.count);
    expect(first.data.billing.ledgerPage.total).toBe(20_000);

    const deep = await load<ClientPage>(client, `${url}?projects=3&ledger=800`, { id: heavy.id });
    expect(deep.data.pages.projects).toMatchObject({ page: 3, pageCount: 3 });
    expect(deep.data.projects).toHaveLength(11);
    expect(deep.data.billing.ledgerPage).toMatchObject({ page: 800, pageCount: 800 });
    expect(deep.data.billing.ledger.at(-1)?.description).toBe("Bulk ledger row 20000");

    const fresh = await signedInClient();
    const light = await load<ClientPage>(client, `/admin/clients/${fresh.id}`, { id: fresh.id });
    expect(light.data.projects).toHaveLength(0);
    expect(light.count).toBe(first.count);
  });

  it("a project's page windows its conversation, files and history, newest page first", async () => {
    type ProjectPage = {
      comments: Array<{ text: string }>;
      files: Array<{ name: string }>;
      history: Array<{ reason: string }>;
      pages: { comments: Page; files: Page; history: Page };
    };
    const url = `/admin/projects/${bigProject}`;
    const first = await load<ProjectPage>(project, url, { id: bigProject });
    expectFirstOfMany(first.data.comments, first.data.pages.comments, first.count);
    expectFirstOfMany(first.data.files, first.data.pages.files, first.count);
    expectFirstOfMany(first.data.history, first.data.pages.history, first.count);
    // The newest window, read in order: the last message is at the bottom.
    expect(first.data.comments.at(-1)?.text).toBe("Message 120");
    expect(first.data.comments[0]?.text).toBe("Message 96");

    const older = await load<ProjectPage>(project, `${url}?comments=5&files=99`, { id: bigProject });
    expect(older.data.pages.comments).toMatchObject({ page: 5, pageCount: 5 });
    expect(older.data.comments.map((c) => c.text)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Message ${i + 1}`),
    );
    expect(older.data.pages.files).toMatchObject({ page: 3, pageCount: 3 });
    expect(older.count).toBe(first.count);
  });
});

// ADMIN_SCALE_EXPLAIN=1 prints the plan of every statement behind the heavy pages
// (run it on PostgreSQL: scripts/with-postgres.sh), to check they use indexes;
// ADMIN_SCALE_EXPLAIN=analyze runs them and prints each one's execution time.
describe.runIf(process.env.ADMIN_SCALE_EXPLAIN)("plans", () => {
  it("prints each heavy page's statements with the scans PostgreSQL chooses", async () => {
    const raw = (
      original.db as unknown as {
        $client: { query: (q: string, p?: unknown[]) => Promise<{ rows: Array<Record<string, string>> }> };
      }
    ).$client;
    await raw.query("analyze");
    const pages: Array<[{ loader: Loader }, string, Record<string, string>]> = [
      [overview, "/admin", {}],
      [projects, "/admin/projects?status=all", {}],
      [projects, "/admin/projects?status=all&page=40", {}],
      [clients, "/admin/clients?page=10", {}],
      [client, `/admin/clients/${heavy.id}`, { id: heavy.id }],
      [client, `/admin/clients/${heavy.id}?ledger=400`, { id: heavy.id }],
      [project, `/admin/projects/${bigProject}`, { id: bigProject }],
      [inbox, "/admin/inbox", {}],
      [outbox, "/admin/outbox?page=50", {}],
      [audit, "/admin/audit?page=50", {}],
      [payments, "/admin/payments", {}],
      [chatGaps, "/admin/chat-gaps", {}],
    ];
    const out: string[] = [];
    for (const [page, url, params] of pages) {
      await load(page, url, params);
      out.push(`== ${url}`);
      for (const { query, params: values } of [...withParams]) {
        const analyze = process.env.ADMIN_SCALE_EXPLAIN === "analyze" ? "analyze " : "";
        const plan = await raw.query(`explain ${analyze}${query}`, values);
        const lines = plan.rows.map((row) => Object.values(row)[0]!);
        out.push(`  ${query.replace(/\s+/g, " ").slice(0, 140)}`);
        for (const line of lines)
          if (/Scan|Sort|Limit|Execution Time/.test(line)) out.push(`      ${line.trim()}`);
      }
    }
    console.log(out.join("\n"));
  }, 120_000);
});

// ADMIN_SCALE_P50=1 prints the median load time (root, layout and page loaders, no
// render) of each heavy staff page beside its light counterpart. A measurement
// to read, not an assertion: the machine is shared and noisy.
describe.runIf(process.env.ADMIN_SCALE_P50)("p50", () => {
  it("prints heavy against light", async () => {
    const light = await signedInClient();
    const lightProject = (await projectOf(light, { title: "A short one" })).id;
    const median = async (page: { loader: Loader }, url: string, params: Record<string, string>) => {
      for (let i = 0; i < 5; i++) await load(page, url, params);
      timings.length = 0;
      for (let i = 0; i < 31; i++) await load(page, url, params);
      const sorted = timings.map((t) => t.ms).sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)]!;
    };
    const pairs: Array<
      [
        string,
        [{ loader: Loader }, string, Record<string, string>],
        [{ loader: Loader }, string, Record<string, string>],
      ]
    > = [
      [
        "client page",
        [client, `/admin/clients/${heavy.id}`, { id: heavy.id }],
        [client, `/admin/clients/${light.id}`, { id: light.id }],
      ],
      [
        "client page, last ledger page",
        [client, `/admin/clients/${heavy.id}?ledger=800`, { id: heavy.id }],
        [client, `/admin/clients/${light.id}?ledger=800`, { id: light.id }],
      ],
      [
        "project page",
        [project, `/admin/projects/${bigProject}`, { id: bigProject }],
        [project, `/admin/projects/${lightProject}`, { id: lightProject }],
      ],
      [
        "pipeline, first page against a search with one hit",
        [projects, "/admin/projects?status=all", {}],
        [projects, "/admin/projects?status=all&q=A%20short%20one", {}],
      ],
      [
        "clients, first page against a search with one hit",
        [clients, "/admin/clients", {}],
        [clients, `/admin/clients?q=${encodeURIComponent(light.email)}`, {}],
      ],
    ];
    const lines: string[] = [];
    for (const [name, big, small] of pairs) {
      const heavyMs = await median(...big);
      const lightMs = await median(...small);
      lines.push(
        `${name.padEnd(52)} heavy ${heavyMs.toFixed(1)} ms · light ${lightMs.toFixed(1)} ms · ${(heavyMs / lightMs).toFixed(2)}×`,
      );
    }
    for (const [page, url] of [
      [overview, "/admin"],
      [inbox, "/admin/inbox"],
      [outbox, "/admin/outbox"],
      [audit, "/admin/audit"],
      [payments, "/admin/payments"],
      [chatGaps, "/admin/chat-gaps"],
    ] as const)
      lines.push(`${url.padEnd(52)} ${(await median(page, url, {})).toFixed(1)} ms`);
    console.log(lines.join("\n"));
  }, 300_000);
});
