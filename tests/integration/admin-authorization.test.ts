import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { sendEmail } from "~models/platform/mail.server";
import { purchaseTokens } from "~models/billing/token-purchases.server";
import { runSeed } from "~models/views/seed.server";
import { db } from "~models/platform/db.server";
import { taxInvoices } from "~models/schema";
import { call, getRequest, formRequest } from "./helpers";
import { projectOf, signedInClient, withTemporaryDataDir, type Client } from "./project-helpers";
import {
  answeredChatGap,
  sendApplication,
  sendMeeting,
  sendQuote,
  seedSite,
  signedProposal,
} from "./admin-helpers";
import { pngFile } from "./proofing-helpers";
import { addProofVersion } from "~models/projects/proofing.server";

// The authorization matrix: every back-office route in app/routes.ts (pages
// under /admin, the admin API under /api/admin), read from the route map so a
// new route is covered the day it is added, × anonymous, client and staff.
// Anyone but staff gets 404 from every loader and action; staff get through.

type RouteEntry = { path?: string; file: string; index?: boolean; children?: RouteEntry[] };

function flatten(entries: RouteEntry[], prefix = ""): Array<{ path: string; file: string }> {
  return entries.flatMap((entry) => {
    const path = [prefix, entry.path ?? ""].filter(Boolean).join("/");
    return [
      ...(entry.path !== undefined || entry.index ? [{ path, file: entry.file }] : []),
      ...flatten(entry.children ?? [], path),
    ];
  });
}

const isBackOffice = (path: string) =>
  path === "admin" || path.startsWith("admin/") || path.startsWith("api/admin/");
const BACK_OFFICE_ROUTES = flatten(routes as RouteEntry[]).filter((route) => isBackOffice(route.path));

withTemporaryDataDir();

/** A proofing version of the project, uploaded by a staff member. */
async function proofVersion(projectId: string) {
  const added = await addProofVersion(projectId, staff, pngFile());
  if (!added.ok) throw new Error(`proof version: ${JSON.stringify(added)}`);
  return added.deliverable.id;
}

let anonymousCookie = "";
let client: Client;
let staff: Client;
let fixtures: Record<string, string> = {};

/** Real ids for every parameter, so that staff reach the page (not a 404 for a missing row). */
const PARAMS: Record<string, () => Record<string, string>> = {
  "admin/inbox/:type/:id": () => ({ type: "service_quote", id: fixtures.quote! }),
  "admin/inbox/:type/:id/attachment": () => ({ type: "job_application", id: fixtures.application! }),
  "admin/projects/:id": () => ({ id: fixtures.project! }),
  "admin/clients/:id": () => ({ id: fixtures.client! }),
  "admin/outbox/:id": () => ({ id: fixtures.email! }),
  "admin/catalog/:kind/:id": () => ({ kind: "packages", id: "new" }),
  "admin/payments/:id": () => ({ id: fixtures.payment! }),
  "admin/invoices/:id/pdf": () => ({ id: fixtures.invoice! }),
  "api/admin/projects/:id/transition": () => ({ id: fixtures.project! }),
  "admin/chat-gaps/:key": () => ({ key: fixtures.gapKey! }),
  "admin/chat-faqs/:id": () => ({ id: fixtures.faq! }),
  "admin/meetings/:source/:id": () => ({ source: "investor_meeting", id: fixtures.meeting! }),
  "admin/outbox/:id/attachments/:index": () => ({ id: fixtures.invite!, index: "0" }),
  "admin/projects/:id/clock": () => ({ id: fixtures.project! }),
  "admin/projects/:id/proofing": () => ({ id: fixtures.project! }),
  "admin/proposals/:id": () => ({ id: fixtures.proposal! }),
  "admin/proposals/:id/pdf": () => ({ id: fixtures.proposal! }),
  "admin/proposals/:id/signed.pdf": () => ({ id: fixtures.proposal! }),
  "admin/projects/:id/proof/:deliverableId/file/:page?": () => ({
    id: fixtures.project!,
    deliverableId: fixtures.deliverable!,
  }),
};

/** Routes whose GET only sends staff on to another page (a form's post target). */
const REDIRECTING_LOADERS = new Set(["admin/projects/:id/clock"]);

function paramsFor(path: string): Record<string, string> {
  if (!path.includes(":")) return {};
  const make = PARAMS[path];
  if (!make) throw new Error(`Add a fixture for the parameters of ${path} to PARAMS in this test.`);
  return make();
}

const urlFor = (path: string, params: Record<string, string>) =>
  `/${path
    .replace(/\/:(\w+)\?/g, (_, name: string) => (params[name] ? `/${params[name]}` : ""))
    .replace(/:(\w+)/g, (_, name: string) => params[name]!)}`;

beforeAll(async () => {
  await seedSite();
  client = await signedInClient("client");
  staff = await signedInClient("staff");
  const project = await projectOf(client);
  const email = await sendEmail({ to: "someone@example.com", subject: "Hello", text: "Hi", kind: "test" });
  const invite = await sendEmail({
    to: "someone@example.com",
    subject: "Invite",
    text: "See the file",
    kind: "test",
    attachments: [{ filename: "meeting.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR" }],
  });
  await runSeed();
  const bought = await purchaseTokens(client.id, {
    package_id: "essential",
    region: "us",
    payment_method: "credit_card",
    card: { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123", name: "Asha Rao" },
  });
  if (!bought.ok) throw new Error(bought.message);
  // A chat gap answered by an FAQ entry: the group's page and the entry's page.
  const { gapKey, faq } = await answeredChatGap("Do you sell car insurance?", staff.id);
  fixtures = {
    gapKey,
    faq,
    quote: await sendQuote(),
    application: await sendApplication(),
    project: project.id,
    client: client.id,
    email: email.id,
    payment: bought.paymentId,
    invoice: (await db().select().from(taxInvoices).where(eq(taxInvoices.paymentId, bought.paymentId)))[0]!
      .id,
    meeting: await sendMeeting(),
    deliverable: await proofVersion(project.id),
    invite: invite.id,
    proposal: await signedProposal(client, staff.id),
  };
  anonymousCookie = "";
});

describe("the back-office routes", () => {
  it("are found in app/routes.ts", () => {
    const paths = BACK_OFFICE_ROUTES.map((route) => route.path);
    for (const expected of [
      "admin",
      "admin/inbox",
      "admin/projects/:id",
      "admin/clients/:id",
      "admin/outbox",
      "admin/audit",
      "admin/staff",
      "api/admin/inbox",
    ])
      expect(paths).toContain(expected);
  });
});

describe.each(BACK_OFFICE_ROUTES)("/$path", ({ path, file }) => {
  const load = () =>
    import(/* @vite-ignore */ `../../app/${file}`) as Promise<{
      loader?: (args: never) => unknown;
      action?: (args: never) => unknown;
      default?: unknown;
      meta?: (args: never) => Array<Record<string, string>>;
    }>;
  const who = () => ({ anonymous: anonymousCookie, client: client.cookie, "client with an API key": "" });

  it("answers 404 to anonymous visitors and clients (loader)", async () => {
    const module = await load();
    expect(module.loader, `${file} must export a loader`).toBeTypeOf("function");
    const params = paramsFor(path);
    for (const [name, cookie] of Object.entries(who())) {
      const headers: Record<string, string> =
        name === "client with an API key" ? { Authorization: `Token ${client.token}` } : {};
      const outcome = await call(
        module.loader!,
        getRequest(urlFor(path, params), { cookie, headers }),
        params,
      );
      expect(outcome.status, `${name} GET /${path}`).toBe(404);
      expect(JSON.stringify(outcome.body)).not.toContain("Acme Spices");
    }
  });

  it("answers 404 to anonymous visitors and clients (action)", async () => {
    const module = await load();
    if (!module.action) return;
    const params = paramsFor(path);
    for (const [name, cookie] of Object.entries(who())) {
      const headers: Record<string, string> =
        name === "client with an API key" ? { Authorization: `Token ${client.token}` } : {};
      const outcome = await call(
        module.action,
        formRequest(urlFor(path, params), { intent: "handled" }, { cookie, headers }),
        params,
      );
      expect(outcome.status, `${name} POST /${path}`).toBe(404);
    }
  });

  it("asks search engines not to index it (pages)", async () => {
    const module = await load();
    if (!module.default) return;
    expect(module.meta, `${file} needs a meta export with the robots rule (adminMeta)`).toBeTypeOf(
      "function",
    );
    expect(module.meta!({ data: undefined, params: {}, matches: [], location: {} } as never)).toContainEqual({
      name: "robots",
      content: "noindex, nofollow",
    });
  });

  it("lets staff in", async () => {
    const module = await load();
    const params = paramsFor(path);
    const outcome = await call(
      module.loader!,
      getRequest(urlFor(path, params), { cookie: staff.cookie }),
      params,
    );
    // A POST-only API endpoint answers 405 to a GET; everything else answers.
    expect(outcome.status, `staff GET /${path}`).toBe(
      module.action && path.endsWith("/transition") ? 405 : REDIRECTING_LOADERS.has(path) ? 302 : 200,
    );
    if (module.action) {
      const posted = await call(
        module.action,
        formRequest(urlFor(path, params), { intent: "nothing-known" }, { cookie: staff.cookie }),
        params,
      );
      expect(posted.status, `staff POST /${path}`).not.toBe(404);
      expect(posted.status).toBeLessThan(500);
    }
  });
});
