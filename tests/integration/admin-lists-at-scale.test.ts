// Every back-office list stays one page long, with a way to the next, and
// within the any-page statement budget when the agency has ten times the
// history of a busy client (the fixture: ./admin-scale-fixture.ts). The
// measurements on the same fixture are npm run bench:admin-scale.
import { describe, expect, it } from "vitest";
import { PAGE_SIZE } from "~models/platform/pagination";
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
import {
  bigProject,
  heavy,
  load,
  PAGE_BUDGET,
  withAdminScaleFixture,
  type Loader,
  type Page,
} from "./admin-scale-fixture";
import { signedInClient } from "./project-helpers";

withAdminScaleFixture();

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
    const { data, count } = await load<{ activity: { staff: unknown[] }; failedEmails: number }>(
      overview,
      "/admin",
    );
    expect(data.activity.staff).toHaveLength(6);
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
