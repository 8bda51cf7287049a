// Quality gate: how many SQL statements each signed-in page costs. Every page
// and API read that needs a sign-in (discovered from app/routes.ts, so a new
// one is covered the day it is added) is loaded the way React Router loads a
// document: app/root.tsx's loader, each layout's and the route's own, all with
// the same Request, at once. Every statement Drizzle sends is counted.
//
// Each route is loaded for two clients: one with a realistic account and one
// with a heavy one (hundreds of projects and notifications, thousands of ledger
// rows). The counts must be the same for both: a count that grows with the data
// is a query per row (N+1). And each must stay within its budget.
//
// A `.data` request (client-side navigation) runs a subset of the same loaders
// with one Request, so it never costs more than the document counted here.
// Downloads (resource routes outside /api) are not pages and are left out.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runJobs } from "~models/billing/jobs.server";
import { confirmMeeting } from "~models/calendar/meetings.server";
import { createProjectRequest } from "~models/projects/project-requests.server";
import { addToCart, checkout } from "~models/billing/shop.server";
import { addNotification } from "~models/platform/notifications.server";
import { getDatabaseHandle, queryRows, setDatabase, type DatabaseHandle } from "~models/platform/db.server";
import { sendEmail } from "~models/platform/mail.server";
import { withStatementLog } from "~models/platform/testing.server";
import { runSeed } from "~models/views/seed.server";
import * as sitemap from "~/routes/sitemap";
import * as apiSubscribe from "~/routes/api/billing/subscribe";
import * as apiPurchaseTokens from "~/routes/api/billing/purchase-tokens";
import { accessOf, isApi, sitemapPaths } from "../harness/policy";
import { discoverRoutes, fillPattern, paramsOf, type DiscoveredRoute } from "../harness/routes";
import { answeredChatGap, sendQuote } from "./admin-helpers";
import { api, give } from "./billing-helpers";
import { call, getRequest, type Outcome } from "./helpers";
import { projectOf, signedInClient, tokenHeader, withTemporaryDataDir, type Client } from "./project-helpers";
import { addPin, addProofVersion } from "~models/projects/proofing.server";
import { transitionProject } from "~models/views/revision-rounds.server";
import { pngFile } from "./proofing-helpers";

withTemporaryDataDir();

/** The dashboard (/dashboard2): its shell and any one tab. */
const DASHBOARD_BUDGET = 6;
/** Any other signed-in page or API read. */
const PAGE_BUDGET = 10;

/**
 * Pages that cost more than their budget today, at today's count, so the
 * count cannot grow. Each entry says why it is not lower yet; lowering one is
 * welcome (the test says when an entry is no longer needed).
 */
const EXCEPTIONS = new Map<string, { budget: number; why: string }>([]);

const budgetOf = (pattern: string) =>
  EXCEPTIONS.get(pattern)?.budget ??
  (pattern === "/dashboard2" || pattern.startsWith("/dashboard2/") ? DASHBOARD_BUDGET : PAGE_BUDGET);

type Fixture = {
  client: Client;
  gapKey: string;
  faq: string;
  project: string;
  /** A proofing version of `project`, with pins in a round and pins not sent yet. */
  deliverable: string;
  purchase: string;
  payment: string;
  submission: string;
  email: string;
  /** A "Schedule Online Meet" request of the client's, confirmed as a meeting. */
  meetingRequest: string;
};

let staff: Client;
let realistic: Fixture;
let heavy: Fixture;
let counting: DatabaseHandle;
let original: DatabaseHandle;
const statements: string[] = [];

/** Real values for every parameter, so that each page renders rather than answering 404. */
const PARAMS: Record<string, (f: Fixture) => string> = {
  id: (f) => f.project,
  deliverableId: (f) => f.deliverable,
  planId: () => "starter",
  purchaseId: (f) => f.purchase,
  username: (f) => f.client.username,
};
const PARAMS_BY_ROUTE: Record<string, (f: Fixture) => Record<string, string>> = {
  "/admin/inbox/:type/:id": (f) => ({ type: "service_quote", id: f.submission }),
  "/admin/clients/:id": (f) => ({ id: f.client.id }),
  "/admin/outbox/:id": (f) => ({ id: f.email }),
  "/admin/catalog/:kind/:id": () => ({ kind: "packages", id: "essential" }),
  "/admin/payments/:id": (f) => ({ id: f.payment }),
  "/admin/chat-gaps/:key": (f) => ({ key: f.gapKey }),
  "/admin/chat-faqs/:id": (f) => ({ id: f.faq }),
  "/admin/meetings/:source/:id": (f) => ({ source: "online_meet", id: f.meetingRequest }),
};

function paramsFor(route: DiscoveredRoute, fixture: Fixture): Record<string, string> {
  const own = PARAMS_BY_ROUTE[route.pattern]?.(fixture) ?? {};
  for (const { name, optional } of paramsOf(route.pattern)) {
    if (own[name] || optional) continue;
    const make = PARAMS[name];
    if (!make) throw new Error(`Add a value for :${name} of ${route.pattern} to PARAMS in this test.`);
    own[name] = make(fixture);
  }
  return own;
}

const card = {
  card_number: "4242 4242 4242 4242",
  card_expiry: "12/40",
  card_cvc: "123",
  card_name: "Asha Rao",
};

/** A client as the product makes one: a few projects, a plan, tokens bought and spent, a purchase. */
async function realisticClient(): Promise<Fixture> {
  const client = await signedInClient();
  const projects = [];
  for (const title of ["Café rebrand", "Menu cards", "Spring campaign"])
    projects.push(await projectOf(client, { title }));
  const subscribed = await api.send(apiSubscribe.action, client, "POST", "/api/subscribe/", {
    plan_id: "starter",
    ...card,
  });
  if (subscribed.status !== 201) throw new Error(`subscribe: ${JSON.stringify(subscribed.body)}`);
  const bought = await api.send(apiPurchaseTokens.action, client, "POST", "/api/purchase-tokens/", {
    package_id: "essential",
    region: "us",
    payment_method: "credit_card",
    ...card,
  });
  if (bought.status !== 201) throw new Error(`purchase tokens: ${JSON.stringify(bought.body)}`);
  await give(client, 100);
  await addToCart(client.id, { shop_item_id: "social-post-grid", quantity: 1 });
  const checkedOut = await checkout(client.id);
  if (!checkedOut.ok) throw new Error(`checkout: ${JSON.stringify(checkedOut)}`);
  await addToCart(client.id, { shop_item_id: "pitch-deck-outline", quantity: 1 });
  for (let i = 0; i < 4; i++)
    await addNotification({
      userId: client.id,
      type: "info",
      title: `Update ${i}`,
      message: "Your project moved on.",
    });
  const [purchase] = await queryRows<{ id: string }>(
    sql`select id from purchases where user_id = ${client.id} limit 1`,
  );
  const [payment] = await queryRows<{ id: string }>(
    sql`select id from payments where user_id = ${client.id} limit 1`,
  );
  const email = await sendEmail({ to: client.email, subject: "Hello", text: "Hi", kind: "test" });
  // A question the assistant could not answer, answered by staff: a gap group and an FAQ entry.
  const { gapKey, faq } = await answeredChatGap(`Do you repair bicycles ${client.id}?`, staff.id);
  // A meeting confirmed from an online meeting request: the Meetings tab, the agenda and the meeting page.
  await createProjectRequest(projects[0]!, client.id, { kind: "meeting" });
  const [meetingRequest] = await queryRows<{ id: string }>(
    sql`select id from project_requests where user_id = ${client.id} and kind = 'meeting' limit 1`,
  );
  const confirmed = await confirmMeeting(
    "online_meet",
    meetingRequest!.id,
    {
      date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
      time: "11:00",
      duration: 30,
      time_zone: "Asia/Kolkata",
      location: "",
      meeting_url: "https://meet.example.com/budget",
      note: "",
    },
    { id: staff.id, role: "staff", label: staff.username },
  );
  if (!confirmed.ok) throw new Error(`confirm meeting: ${confirmed.reason}`);
  // Proofing: a version, a pin sent in Round 1, one not sent yet.
  await transitionProject(projects[0]!.id, staff, "accept");
  const version = await addProofVersion(projects[0]!.id, staff, pngFile());
  if (!version.ok) throw new Error(`proof version: ${JSON.stringify(version)}`);
  const pin = { page: 1, x: 0.5, y: 0.5, location: "", body: "Bigger" };
  await addPin(projects[0]!.id, version.deliverable.id, client, pin);
  const round = await transitionProject(projects[0]!.id, client, "request_revision", "Round 1");
  if (!round.ok) throw new Error(`revision round: ${JSON.stringify(round)}`);
  await addPin(projects[0]!.id, version.deliverable.id, client, { ...pin, body: "Smaller" });
  return {
    client,
    gapKey,
    faq,
    project: projects[0]!.id,
    deliverable: version.deliverable.id,
    purchase: purchase!.id,
    payment: payment!.id,
    submission: await sendQuote(),
    email: email.id,
    meetingRequest: meetingRequest!.id,
  };
}

/** The realistic client plus bulk rows: 200 projects, 300 notifications, 2,000 ledger rows. */
async function heavyClient(): Promise<Fixture> {
  const fixture = await realisticClient();
  const id = fixture.client.id;
  await queryRows(sql`
    insert into projects (user_id, title, description, category, budget, timeline, status, created_at)
    select ${id}, 'Bulk project ' || n, 'Made in bulk for the query budgets', 'graphic', '5k_10k', '2_weeks',
      (array['in_review', 'in_progress', 'completed'])[1 + n % 3], now() - n * interval '1 hour'
    from generate_series(1, 200) as n`);
  await queryRows(sql`
    insert into notifications (user_id, title, message, is_read, created_at)
    select ${id}, 'Bulk notification ' || n, 'Made in bulk', n % 2 = 0, now() - n * interval '1 minute'
    from generate_series(1, 300) as n`);
  await queryRows(sql`
    insert into token_ledger (user_id, kind, reason, delta, description, created_at)
    select ${id}, case when n % 2 = 0 then 'grant' else 'spend' end,
      case when n % 2 = 0 then 'staff_adjustment' else 'project' end,
      case when n % 2 = 0 then 1 else -1 end, 'Bulk ledger row', now() - n * interval '1 minute'
    from generate_series(1, 2000) as n`);
  await queryRows(sql`
    insert into meetings (uid, source_type, source_id, user_id, attendee_name, attendee_email, title,
      starts_at, duration_minutes, time_zone, meeting_url, status)
    select 'bulk-' || n || '-' || ${id} || '@ascendra.studio', 'online_meet', gen_random_uuid(), ${id}, 'Bulk',
      'bulk@example.com', 'Bulk meeting ' || n, now() + (n - 100) * interval '1 day', 30, 'Asia/Kolkata',
      'https://meet.example.com/bulk', (array['confirmed', 'cancelled'])[1 + n % 2]
    from generate_series(1, 200) as n`);
  await queryRows(sql`
    insert into proof_pins (project_id, deliverable_id, page, x, y, body, author_id, created_at)
    select ${fixture.project}, ${fixture.deliverable}, 1, 0.5, 0.5, 'Bulk pin ' || n, ${id}, now() - n * interval '1 minute'
    from generate_series(1, 200) as n`);
  return fixture;
}

beforeAll(async () => {
  await runSeed();
  staff = await signedInClient("staff");
  realistic = await realisticClient();
  heavy = await heavyClient();
  await runJobs();
  original = getDatabaseHandle()!;
  // The content revision read (models/content/page-cache-revision.server.ts) is
  // made by each process at most once a second, whatever the traffic, to check
  // its copy of the site shell: not a cost of the page, so not counted.
  counting = withStatementLog(original, (query) => {
    if (!/from "page_cache_revisions"/.test(query)) statements.push(query);
  });
}, 120_000);

afterAll(() => {
  setDatabase(original);
});

async function signedInRoutes(): Promise<DiscoveredRoute[]> {
  const xml = (await call(sitemap.loader, getRequest("/sitemap.xml"))).body as string;
  const publicPaths = sitemapPaths(xml);
  return discoverRoutes().filter(
    (route) =>
      route.loader && (route.page || isApi(route.pattern)) && accessOf(route, publicPaths) !== "public",
  );
}

/** A statement's first line, shortened, for the failure message. */
const brief = (statement: string) => {
  const line = statement.split("\n")[0]!.replace(/"/g, "");
  return line.length > 110 ? `${line.slice(0, 110)}…` : line;
};

type Loader = (args: never) => unknown;
const loaderOf = async (file: string) =>
  ((await import(/* @vite-ignore */ `../../app/${file}`)) as { loader?: Loader }).loader;

/** Loads a route as a document request would, and counts the statements. */
async function measure(route: DiscoveredRoute, fixture: Fixture) {
  const params = paramsFor(route, fixture);
  const url = fillPattern(route.pattern, params)!;
  const who = accessOf(route, []) === "staff" ? staff : fixture.client;
  const request = isApi(route.pattern)
    ? getRequest(url, { headers: tokenHeader(who) })
    : getRequest(url, { cookie: who.cookie });
  const files = route.page ? ["root.tsx", ...route.parents, route.file] : [route.file];
  const loaders = (await Promise.all(files.map(loaderOf))).filter((l): l is Loader => Boolean(l));
  statements.length = 0;
  setDatabase(counting);
  let outcomes: Outcome[];
  try {
    outcomes = await Promise.all(loaders.map((loader) => call(loader, request, params)));
  } finally {
    setDatabase(original);
  }
  const status = Math.max(...outcomes.map((o) => o.status));
  return { url, status, count: statements.length, statements: [...statements] };
}

it("every signed-in page stays within its statement budget, whatever the size of the account", async () => {
  const routes = await signedInRoutes();
  expect(routes.map((r) => r.pattern)).toEqual(
    expect.arrayContaining([
      "/dashboard2",
      "/dashboard2/billing",
      "/project/:id",
      "/dashboard2/settings",
      "/manageaccount/billing",
      "/profile",
      "/admin",
    ]),
  );

  const rows: { route: string; status: number; realistic: number; heavy: number; budget: number }[] = [];
  const problems: string[] = [];
  for (const route of routes) {
    // Twice for the realistic client: the first load warms in-process caches (seeded content).
    await measure(route, realistic);
    const small = await measure(route, realistic);
    const big = await measure(route, heavy);
    // An API route that only takes writes answers a GET with 405: not a read.
    if (small.status === 405) continue;
    const budget = budgetOf(route.pattern);
    if (process.env.QUERY_BUDGETS_SHOW && route.pattern.startsWith(process.env.QUERY_BUDGETS_SHOW))
      console.log(`${route.pattern}\n  ${small.statements.map(brief).join("\n  ")}`);
    rows.push({
      route: route.pattern,
      status: small.status,
      realistic: small.count,
      heavy: big.count,
      budget,
    });
    if (small.status >= 400 || big.status >= 400)
      problems.push(`${route.pattern}: answered ${small.status}/${big.status}; give it real parameters`);
    if (big.count !== small.count)
      problems.push(
        `${route.pattern}: ${small.count} statements for the realistic client, ${big.count} for the heavy one (a query per row?)`,
      );
    if (Math.max(small.count, big.count) > budget)
      problems.push(
        `${route.pattern}: ${Math.max(small.count, big.count)} statements, budget ${budget}:\n    ${small.statements.map(brief).join("\n    ")}`,
      );
    const exception = EXCEPTIONS.get(route.pattern);
    if (
      exception &&
      Math.max(small.count, big.count) <=
        (route.pattern.startsWith("/dashboard2") ? DASHBOARD_BUDGET : PAGE_BUDGET)
    )
      problems.push(`${route.pattern}: now within the normal budget; remove it from EXCEPTIONS`);
  }

  const table = [
    "route | status | realistic | heavy | budget",
    ...rows.map(
      (r) =>
        `${r.route} | ${r.status} | ${r.realistic} | ${r.heavy} | ${r.budget}${Math.max(r.realistic, r.heavy) > r.budget ? "  ← over" : ""}`,
    ),
  ].join("\n");
  if (process.env.QUERY_BUDGETS_TABLE || problems.length) console.log(table);
  expect(problems, `${table}\n\n${problems.join("\n")}`).toEqual([]);
}, 120_000);
