// The people the HTTP gates act as: an anonymous visitor, clients and staff,
// each with their own cookie jar and client address. Client A owns a project
// with a file, a purchase and a cart line, so client B has something of A's
// to try to reach.
import { expect } from "vitest";
import { uniqueName, Visitor } from "./client";
import { open, submit } from "./journeys";
import { E2E_STAFF } from "../e2e/staff-account";

export type Identity = {
  label: string;
  visitor: Visitor;
  token?: string;
  username?: string;
  email?: string;
  password?: string;
};

export const bearer = (who: Identity): Record<string, string> =>
  who.token ? { Authorization: `Token ${who.token}` } : {};

export function anonymous(): Identity {
  return { label: "anonymous", visitor: new Visitor() };
}

async function signIn(visitor: Visitor, username: string, password: string) {
  const login = await visitor.post("/login", { form: { username, password } });
  expect(login.status, "form sign-in redirects").toBeGreaterThanOrEqual(300);
  await login.arrayBuffer();
  const api = await visitor.post("/api/auth/login/", { json: { username, password } });
  expect(api.status, "API sign-in").toBe(200);
  return ((await api.json()) as { token: string }).token;
}

/** A signed-up client, signed in (session cookie in its jar) and holding an API token. */
export async function client(label: string): Promise<Identity> {
  const visitor = new Visitor();
  const username = uniqueName(label.replace(/\W/g, "").toLowerCase());
  const email = `${username}@example.com`;
  const password = "secret12";
  const signup = await visitor.post("/api/auth/signup/", { json: { username, email, password } });
  expect(signup.status, await signup.clone().text()).toBe(201);
  visitor.cookies.clear();
  const token = await signIn(visitor, username, password);
  return { label, visitor, token, username, email, password };
}

/**
 * Confirms a client's address as its owner would (decision 0053): the link
 * from the confirmation email, which staff read in the outbox (no SMTP in
 * tests), opened and confirmed by the client.
 */
export async function confirmEmail(who: Identity, lead: Identity): Promise<void> {
  const outbox = await open(lead.visitor, `/admin/outbox?q=${encodeURIComponent(who.email!)}`);
  const [href] = outbox.links(/^Confirm your Ascendra email address/);
  expect(href, `the confirmation email to ${who.email}`).toBeTruthy();
  const message = await open(lead.visitor, href!);
  const link = /https?:\/\/\S+\/confirm-email\/\S+/.exec(message.testIdText("email-text"))?.[0];
  expect(link, "the link in the confirmation email").toBeTruthy();
  const page = await open(who.visitor, new URL(link!).pathname);
  const confirmed = await submit(page, page.form({ button: "Confirm my email" }));
  expect(confirmed.status).toBe(200);
  confirmed.page.expectText(`is confirmed.`);
}

/** The staff account the test server starts with, signed in. */
export async function staff(): Promise<Identity> {
  const visitor = new Visitor();
  const token = await signIn(visitor, E2E_STAFF.username, E2E_STAFF.password);
  return { label: "staff", visitor, token, ...E2E_STAFF };
}

export type Owned = {
  projectId: string;
  projectTitle: string;
  fileId: string;
  notificationId?: string;
  purchaseId: string;
  cartItemId: string;
};

/** Client A's own records, for the ownership checks. */
export async function ownedBy(who: Identity): Promise<Owned> {
  const api = who.visitor;
  const projectTitle = `Private ${uniqueName("brief")}`;
  const form = new FormData();
  for (const [name, value] of Object.entries({
    title: projectTitle,
    description: "Confidential brief for the access matrix",
    category: "strategy",
    budget: "under_1k",
    timeline: "flexible",
  }))
    form.set(name, value);
  form.set("files", new Blob(["%PDF-1.4\n%%EOF\n"], { type: "application/pdf" }), "brief.pdf");
  const created = await api.request("/api/projects/", {
    method: "POST",
    headers: bearer(who),
    body: { multipart: form },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const project = (await created.json()) as { id: string; files: { file: string }[] };
  const fileId = project.files[0]!.file.split("/").filter(Boolean).pop()!;
  const notifications = (await (await api.get("/api/notifications/", bearer(who))).json()) as
    { id: string }[] | { results?: { id: string }[] };
  const list = Array.isArray(notifications) ? notifications : (notifications.results ?? []);

  // A purchase and a cart line: tokens through the test gateway, one item bought, another left in the cart.
  const packages = (await (await api.get("/api/token-packages/")).json()) as { id: string }[];
  expect(
    (await api.post("/api/purchase-tokens/", { json: { package_id: packages[0]!.id } }, bearer(who))).ok,
  ).toBe(true);
  expect(
    (await api.post("/api/cart/", { json: { shop_item_id: "social-post-grid" } }, bearer(who))).status,
  ).toBe(201);
  const checkout = (await (await api.post("/api/checkout/", { json: {} }, bearer(who))).json()) as {
    purchase_ids: string[];
  };
  const cart = (await (
    await api.post("/api/cart/", { json: { shop_item_id: "pitch-deck-outline" } }, bearer(who))
  ).json()) as { cart: { items: { id: string }[] } };
  return {
    projectId: project.id,
    projectTitle,
    fileId,
    notificationId: list[0]?.id,
    purchaseId: checkout.purchase_ids[0]!,
    cartItemId: cart.cart.items[0]!.id,
  };
}

/**
 * A new person invited into `owner`'s organisation with `role` (issue #40): the
 * owner invites by the REST API, the invitation email is read in the outbox
 * (staff), and the person joins from its link, which makes the organisation
 * their session's current one. Signed in by the session only: their API key
 * acts for their own first organisation, so the gates send no key for them.
 */
export async function invitedMember(
  owner: Identity,
  role: "approver" | "billing" | "member",
  lead: Identity,
  label: string,
): Promise<Identity> {
  const person = await client(label);
  const sent = await owner.visitor.post(
    "/api/organisation/invitations/",
    { json: { email: person.email, role } },
    bearer(owner),
  );
  expect(sent.status, await sent.clone().text()).toBe(201);
  await sent.arrayBuffer();
  const outbox = await open(lead.visitor, `/admin/outbox?q=${encodeURIComponent(person.email!)}`);
  const [href] = outbox.links(/invited you to/);
  expect(href, `the invitation email to ${person.email}`).toBeTruthy();
  const message = await open(lead.visitor, href!);
  const link = /https?:\/\/\S+\/invitations\/\S+/.exec(message.testIdText("email-text"))?.[0];
  expect(link, "the link in the invitation email").toBeTruthy();
  const page = await open(person.visitor, new URL(link!).pathname);
  const joined = await submit(page, page.form({ button: /^Join / }));
  // Joined, the person lands on the team page, now in the owner's organisation.
  expect(joined.location, `${label} joins as ${role}`).toBe("/dashboard2/team");
  return { ...person, label, token: undefined };
}
