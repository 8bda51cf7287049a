// Growth (docs/decisions/0041-growth-and-pagination.md): a client's pages and
// list reads show one page of each list, however long the history. The heavy
// and light clients come from the load seed (scripts/seed-load.ts), so the
// seed is tested too: 201 projects, 301 notifications, 2,000 ledger rows.
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  useActionData,
  useLoaderData,
} from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { runSeed } from "~models/views/seed.server";
import { createApiToken } from "~models/identity/api-tokens.server";
import { getDatabaseHandle } from "~models/platform/db.server";
import * as login from "~/routes/auth/login";
import * as apiNotifications from "~/routes/api/notifications";
import * as apiProjects from "~/routes/api/projects";
import * as apiTokenHistory from "~/routes/api/billing/token-history";
import * as billingTab from "~/routes/dashboard/billing";
import * as notificationsTab from "~/routes/dashboard/notifications";
import * as order from "~/routes/projects/order";
import * as projectPage from "~/routes/projects/detail";
import * as accountProjects from "~/routes/account/projects";
import * as accountProfile from "~/routes/account/profile";
import { LOAD_PASSWORD, seedLoad, type LoadReport } from "../../scripts/seed-load";
import { call, cookieFrom, formRequest, getRequest } from "./helpers";

type Signed = { id: string; cookie: string; token: string };
let load: LoadReport;
let heavy: Signed;
let light: Signed;

async function signIn(account: { id: string; username: string }): Promise<Signed> {
  const cookie = cookieFrom(
    await call(login.action, formRequest("/login", { username: account.username, password: LOAD_PASSWORD })),
  );
  return { id: account.id, cookie, token: await createApiToken(account.id) };
}

beforeAll(async () => {
  await runSeed();
  load = await seedLoad(getDatabaseHandle()!.db);
  heavy = await signIn(load.heavy);
  light = await signIn(load.light);
}, 180_000);

type Page = { page: number; pageCount: number; total: number };
const page = (client: Signed, path: string) => getRequest(path, { cookie: client.cookie });
const apiGet = (client: Signed, path: string) =>
  getRequest(path, { headers: { Authorization: `Token ${client.token}` } });
const body = <T,>(outcome: { body: unknown }) => outcome.body as T;

/** The route's document as the server renders it: its loader's data into its component, no layout. */
async function renderRoute(
  module: { loader: (args: never) => unknown; default: (props: never) => unknown },
  path: string,
  request: Request,
) {
  const Component = module.default as unknown as (props: {
    loaderData: unknown;
    actionData: unknown;
  }) => ReactNode;
  function Route() {
    return <Component loaderData={useLoaderData()} actionData={useActionData()} />;
  }
  const routes = [{ path, loader: module.loader as never, Component: Route }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  return renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />,
  );
}

describe("the load seed", () => {
  it("makes a heavy and a light client with the sizes the growth aim is about", async () => {
    const api = await call(apiProjects.loader, apiGet(heavy, "/api/projects/"));
    expect(api.headers.get("X-Total-Count")).toBe("201");
    const notes = await call(apiNotifications.loader, apiGet(heavy, "/api/notifications/"));
    expect(notes.headers.get("X-Total-Count")).toBe("301");
    const ledger = await call(apiTokenHistory.loader, apiGet(heavy, "/api/token-history/"));
    expect(ledger.headers.get("X-Total-Count")).toBe("2000");
    const small = await call(apiProjects.loader, apiGet(light, "/api/projects/"));
    expect(small.headers.get("X-Total-Count")).toBe("1");
  });
});

describe("/order", () => {
  it("shows twelve cards a page, newest first, with links that keep the filter", async () => {
    const first = body<{ projects: { id: string }[]; total: number; page: Page }>(
      await call(order.loader, page(heavy, "/order")),
    );
    expect(first.projects).toHaveLength(12);
    expect(first.page).toEqual({ page: 1, pageCount: 17, total: 201 });
    const second = body<{ projects: { id: string }[]; page: Page }>(
      await call(order.loader, page(heavy, "/order?page=2")),
    );
    expect(second.page.page).toBe(2);
    expect(second.projects.map((p) => p.id)).not.toContain(first.projects[0]!.id);

    const filtered = body<{ projects: { trackedStatus: string }[]; total: number; page: Page }>(
      await call(order.loader, page(heavy, "/order?status=completed&page=2")),
    );
    expect(filtered.total).toBe(201);
    expect(filtered.page.page).toBe(2);
    expect(filtered.projects.every((p) => p.trackedStatus === "completed")).toBe(true);
    const html = await renderRoute(order, "/order", page(heavy, "/order?status=completed&page=2"));
    expect(html).toContain('aria-label="Project pages"');
    expect(html).toContain('href="/order?status=completed"');
    expect(html).toContain('href="/order?status=completed&amp;page=3"');
  });

  it("searches every project, not only the page shown", async () => {
    const found = body<{ projects: { projectName: string }[]; page: Page }>(
      await call(order.loader, page(heavy, "/order?q=heavy+project+7")),
    );
    // 7 and 70–79 of the 201.
    expect(found.page.total).toBe(11);
    expect(found.projects.every((p) => p.projectName.toLowerCase().includes("heavy project 7"))).toBe(true);
  });

  it("answers a page past the end with the last page", async () => {
    const last = body<{ projects: unknown[]; page: Page }>(
      await call(order.loader, page(heavy, "/order?page=999")),
    );
    expect(last.page).toEqual({ page: 17, pageCount: 17, total: 201 });
    expect(last.projects).toHaveLength(201 - 16 * 12);
    const odd = body<{ page: Page }>(await call(order.loader, page(heavy, "/order?page=abc")));
    expect(odd.page.page).toBe(1);
  });

  it("shows a client only their own projects", async () => {
    const own = body<{ projects: { id: string }[]; total: number }>(
      await call(order.loader, page(light, "/order")),
    );
    expect(own.total).toBe(1);
    expect(own.projects.map((p) => p.id)).toEqual([load.light.project]);
  });

  it("keeps the heavy client's document small (it was 1.2 MB with every project)", async () => {
    const html = await renderRoute(order, "/order", page(heavy, "/order"));
    expect(html.match(/data-testid="tracked-project"/g)).toHaveLength(12);
    expect(html.length).toBeLessThan(80_000);
  });
});

describe("the dashboard's lists", () => {
  it("pages notifications, twenty at a time, and counts unread from the whole list", async () => {
    const tab = body<{ notifications: unknown[]; unread: number; page: Page }>(
      await call(notificationsTab.loader, page(heavy, "/dashboard2/notifications")),
    );
    expect(tab.notifications).toHaveLength(20);
    expect(tab.page).toEqual({ page: 1, pageCount: 16, total: 301 });
    expect(tab.unread).toBe(100);
    const last = body<{ notifications: unknown[]; page: Page }>(
      await call(notificationsTab.loader, page(heavy, "/dashboard2/notifications?page=50")),
    );
    expect(last.page.page).toBe(16);
    expect(last.notifications).toHaveLength(1);
    const html = await renderRoute(
      notificationsTab,
      "/dashboard2/notifications",
      page(heavy, "/dashboard2/notifications?page=2"),
    );
    expect(html).toContain('aria-label="Notification pages"');
    expect(html).toContain('aria-current="page"');
    expect(html).toContain("page 2 of 16");
    // An action on this page comes back to this page.
    expect(html).toContain('value="/dashboard2/notifications?page=2"');
  });

  it("pages the billing tab's token history, subscriptions and receipts, each on its own", async () => {
    const tab = body<{
      ledger: unknown[];
      history: unknown[];
      receipts: unknown[];
      pages: Record<"ledger" | "history" | "receipts", Page>;
    }>(await call(billingTab.loader, page(heavy, "/dashboard2/billing?page=2&receipts_page=999")));
    expect(tab.ledger).toHaveLength(25);
    expect(tab.pages.ledger).toEqual({ page: 2, pageCount: 80, total: 2000 });
    expect(tab.pages.history).toEqual({ page: 1, pageCount: 3, total: 25 });
    expect(tab.history).toHaveLength(10);
    expect(tab.pages.receipts).toEqual({ page: 12, pageCount: 12, total: 120 });
    expect(tab.receipts).toHaveLength(10);
    const html = await renderRoute(
      billingTab,
      "/dashboard2/billing",
      page(heavy, "/dashboard2/billing?page=2"),
    );
    expect(html).toContain('href="/dashboard2/billing?page=2&amp;receipts_page=2#receipts-title"');
    expect(html).toContain('href="/dashboard2/billing?page=3#history-title"');
    const own = body<{ pages: Record<"ledger", Page> }>(
      await call(billingTab.loader, page(light, "/dashboard2/billing")),
    );
    expect(own.pages.ledger.total).toBe(2);
  });
});

describe("/dashboard2/settings", () => {
  it("lists this browser and the nine newest other sessions, and counts the rest", async () => {
    const profile = body<{ sessions: { current: boolean }[]; moreSessions: number }>(
      await call(accountProfile.loader, page(heavy, "/dashboard2/settings")),
    );
    expect(profile.sessions).toHaveLength(10);
    expect(profile.sessions[0]!.current).toBe(true);
    // 50 from the seed and this test's own sign-in.
    expect(profile.moreSessions).toBe(41);
    const own = body<{ sessions: unknown[]; moreSessions: number }>(
      await call(accountProfile.loader, page(light, "/dashboard2/settings")),
    );
    expect(own).toMatchObject({ sessions: [expect.anything()], moreSessions: 0 });
  });
});

describe("/dashboard2/projects", () => {
  it("shows twelve cards a page with a summary of every project", async () => {
    type Tab = { projects: { status: string }[]; summary: { total: number; completed: number }; page: Page };
    const first = body<Tab>(await call(accountProjects.loader, page(heavy, "/dashboard2/projects")));
    expect(first.projects).toHaveLength(12);
    expect(first.page).toEqual({ page: 1, pageCount: 17, total: 201 });
    expect(first.summary).toMatchObject({ total: 201, completed: 50 });
    const done = body<Tab>(
      await call(accountProjects.loader, page(heavy, "/dashboard2/projects?status=completed&page=99")),
    );
    expect(done.page).toEqual({ page: 5, pageCount: 5, total: 50 });
    expect(done.projects).toHaveLength(2);
    expect(done.summary.total).toBe(201);
    const own = body<Tab>(await call(accountProjects.loader, page(light, "/dashboard2/projects")));
    expect(own.page.total).toBe(1);
  });
});

describe("/project/:id", () => {
  type Detail = {
    thread: { kind: string; body: string }[];
    files: unknown[];
    counts: { thread: number; files: number };
  };
  const detail = async (client: Signed, query = "") =>
    call(projectPage.loader, page(client, `/project/${load.heavy.project}${query}`), {
      id: load.heavy.project,
    });

  it("shows the latest forty thread entries and the first twenty files, with links to more", async () => {
    const first = body<Detail>(await detail(heavy));
    // The thread holds every message, file and status change (decision 0057).
    expect(first.counts.files).toBe(40);
    expect(first.counts.thread).toBeGreaterThanOrEqual(240);
    expect(first.thread).toHaveLength(40);
    expect(first.files).toHaveLength(20);
    const more = body<Detail>(await detail(heavy, "?thread=80&files=5000"));
    expect(more.thread).toHaveLength(80);
    // The latest, oldest of them first: the thread reads down to the newest.
    expect(more.thread.slice(-40)).toEqual(first.thread);
    expect(more.files).toHaveLength(40);
    const odd = body<Detail>(await detail(heavy, "?thread=-3"));
    expect(odd.thread).toHaveLength(40);
  });

  it("links to older messages without JavaScript, and stays another client's 404", async () => {
    const request = page(heavy, `/project/${load.heavy.project}`);
    const routes = [{ path: "/project/:id", module: projectPage }];
    const html = await renderRoute(routes[0]!.module, routes[0]!.path, request);
    expect(html).toContain('href="/project/' + load.heavy.project + '?thread=80#thread"');
    expect(html).toContain('href="/project/' + load.heavy.project + '?files=40#files"');
    expect((await detail(light)).status).toBe(404);
  });
});

describe("the API's list reads", () => {
  it("answer one page as the spec's array, with the count and links in headers", async () => {
    const first = await call(apiProjects.loader, apiGet(heavy, "/api/projects/"));
    expect(first.status).toBe(200);
    expect(body<unknown[]>(first)).toHaveLength(50);
    expect(Object.keys(body<object[]>(first)[0]!).sort()).toEqual(["created_at", "id", "status", "title"]);
    expect(first.headers.get("X-Page-Count")).toBe("5");
    expect(first.headers.get("Link")).toBe(
      '</api/projects/?page=1>; rel="first", </api/projects/?page=2>; rel="next", </api/projects/?page=5>; rel="last"',
    );
    const middle = await call(apiProjects.loader, apiGet(heavy, "/api/projects/?page=2&page_size=20"));
    expect(body<unknown[]>(middle)).toHaveLength(20);
    expect(middle.headers.get("Link")).toContain('</api/projects/?page=1&page_size=20>; rel="prev"');
    expect(middle.headers.get("Link")).toContain('</api/projects/?page=3&page_size=20>; rel="next"');
  });

  it("cap the page size, and answer a page past the end with an empty list", async () => {
    const big = await call(apiProjects.loader, apiGet(heavy, "/api/projects/?page_size=5000"));
    expect(body<unknown[]>(big)).toHaveLength(100);
    const past = await call(apiProjects.loader, apiGet(heavy, "/api/projects/?page=99"));
    expect(past.status).toBe(200);
    expect(body<unknown[]>(past)).toEqual([]);
    expect(past.headers.get("X-Total-Count")).toBe("201");
    const notes = await call(
      apiNotifications.loader,
      apiGet(heavy, "/api/notifications/?page=7&page_size=50"),
    );
    expect(body<unknown[]>(notes)).toHaveLength(1);
    const ledger = await call(apiTokenHistory.loader, apiGet(heavy, "/api/token-history/?page_size=10"));
    expect(body<unknown[]>(ledger)).toHaveLength(10);
  });

  it("list only the caller's own rows", async () => {
    const own = await call(apiProjects.loader, apiGet(light, "/api/projects/"));
    expect(body<{ id: string }[]>(own).map((p) => p.id)).toEqual([load.light.project]);
    expect(own.headers.get("Link")).toBe(
      '</api/projects/?page=1>; rel="first", </api/projects/?page=1>; rel="last"',
    );
  });
});
