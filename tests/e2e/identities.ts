// The people the quality gates act as: an anonymous visitor and two clients,
// each with their own cookie jar and client address. Client A owns a project
// with a file, so client B has something of A's to try to reach.
import { request, type APIRequestContext } from "@playwright/test";
import { expect, uniqueName } from "./fixtures";
import { E2E_STAFF } from "./staff-account";

export type Identity = {
  label: string;
  api: APIRequestContext;
  token?: string;
  username?: string;
  email?: string;
  password?: string;
};

const address = () => `198.19.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 254) + 1}`;

/** A signed-up client, signed in (session cookie in its jar) and holding an API token. */
export async function client(baseURL: string, label: string): Promise<Identity> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": address() } });
  const username = uniqueName(label.replace(/\W/g, "").toLowerCase());
  const email = `${username}@example.com`;
  const password = "secret12";
  expect((await api.post("/api/auth/signup/", { data: { username, email, password } })).status()).toBe(201);
  const login = await api.post("/login", { form: { username, password }, maxRedirects: 0 });
  expect(login.status(), "form sign-in redirects").toBeGreaterThanOrEqual(300);
  const token = (
    (await (await api.post("/api/auth/login/", { data: { username, password } })).json()) as { token: string }
  ).token;
  return { label, api, token, username, email, password };
}

const bearer = (who: Identity): Record<string, string> =>
  who.token ? { Authorization: `Token ${who.token}` } : {};

export type Owned = {
  projectId: string;
  projectTitle: string;
  fileId: string;
  notificationId?: string;
  purchaseId: string;
  cartItemId: string;
};

/** Client A's own records, for the ownership checks. */
export async function ownedBy(who: Identity, title?: string): Promise<Owned> {
  const projectTitle = title ?? `Private ${uniqueName("brief")}`;
  const created = await who.api.post("/api/projects/", {
    headers: bearer(who),
    multipart: {
      title: projectTitle,
      description: "Confidential brief for the access matrix",
      category: "strategy",
      budget: "under_1k",
      timeline: "flexible",
      files: { name: "brief.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") },
    },
  });
  expect(created.status()).toBe(201);
  const project = (await created.json()) as { id: string; files: { file: string }[] };
  const fileId = project.files[0]!.file.split("/").filter(Boolean).pop()!;
  const notifications = (await (
    await who.api.get("/api/notifications/", { headers: bearer(who) })
  ).json()) as { id: string }[] | { results?: { id: string }[] };
  const list = Array.isArray(notifications) ? notifications : (notifications.results ?? []);

  // A purchase and a cart line: tokens through the test gateway, one item bought, another left in the cart.
  const packages = (await (await who.api.get("/api/token-packages/")).json()) as { id: string }[];
  expect(
    (
      await who.api.post("/api/purchase-tokens/", {
        headers: bearer(who),
        data: { package_id: packages[0]!.id },
      })
    ).ok(),
  ).toBe(true);
  expect(
    (
      await who.api.post("/api/cart/", { headers: bearer(who), data: { shop_item_id: "social-post-grid" } })
    ).status(),
  ).toBe(201);
  const checkout = (await (
    await who.api.post("/api/checkout/", { headers: bearer(who), data: {} })
  ).json()) as { purchase_ids: string[] };
  const cart = (await (
    await who.api.post("/api/cart/", { headers: bearer(who), data: { shop_item_id: "pitch-deck-outline" } })
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

/** The staff account the end-to-end server starts with (playwright.config.ts), signed in. */
export async function staff(baseURL: string): Promise<Identity> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": address() } });
  const login = await api.post("/login", {
    form: { username: E2E_STAFF.username, password: E2E_STAFF.password },
    maxRedirects: 0,
  });
  expect(login.status(), "staff sign-in redirects").toBeGreaterThanOrEqual(300);
  const token = (
    (await (
      await api.post("/api/auth/login/", {
        data: { username: E2E_STAFF.username, password: E2E_STAFF.password },
      })
    ).json()) as { token: string }
  ).token;
  return { label: "staff", api, token, ...E2E_STAFF };
}
