// Quality gate: security probes through the real server. An XSS and SQL
// injection corpus goes through every text field of every form (JavaScript
// off, so the server's own validation answers) and through the API's text
// fields; session cookies carry the right flags; logout ends the session on
// the server; rate limits answer 429.
import type { Browser, Page } from "@playwright/test";
import { expect, test, uniqueName } from "./fixtures";
import { anonymous, bearer, client, ownedBy, staff, type Identity, type Owned } from "./identities";
import { expectHtmlSecurityHeaders, linkedUrl } from "./gates";
import { accessOf, sitemapPaths } from "../harness/policy";
import { discoverRoutes, fillPattern, paramsOf } from "../harness/routes";

/** Each field gets one of these; together they try markup, attributes, scripts, SQL and templates. */
export const PAYLOADS = [
  `"><img src=x id=xss-probe onerror=alert(1)>`,
  `<script id="xss-probe-script">alert(1)</script>`,
  `' OR '1'='1' --`,
  `'); DROP TABLE users; --`,
  `</textarea><svg id=xss-probe onload=alert(1)>`,
  "{{7*7}} ${7*7} <%= 7*7 %>",
  "javascript:alert(1)//",
];

/** Anything the payloads would have created if they were not escaped. */
async function injected(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll('#xss-probe, #xss-probe-script, [onerror*="alert"], [onload*="alert"], a[href^="javascript:"]'),
    ].map((el) => el.outerHTML.slice(0, 120)),
  );
}

let a: Identity;
let lead: Identity;
let owned: Owned;
let sitemap: string[];

test.beforeAll(async ({ baseURL }) => {
  a = await client(baseURL!, "probe");
  lead = await staff(baseURL!);
  owned = await ownedBy(a);
  // Something in the inbox, so a submission's page (reply form) is probed too.
  expect((await a.api.post("/api/newsletter/", { data: { email: `${a.username}@example.com` } })).status()).toBeLessThan(300);
  sitemap = sitemapPaths(await (await a.api.get("/sitemap.xml")).text());
});

test.afterAll(async () => {
  await Promise.all([a?.api.dispose(), lead?.api.dispose()]);
});

/** Page routes with an action: public ones as a visitor, the back-office as staff, the rest as a client. */
function formPages() {
  return discoverRoutes().filter((r) => r.page && r.action);
}

/** Where to find a route's forms: itself, A's project, or the first record the page above links to. */
async function formUrl(pattern: string, who: Identity): Promise<string | null> {
  if (!paramsOf(pattern).length) return pattern;
  if (pattern.startsWith("/project/")) return fillPattern(pattern, { id: owned.projectId });
  return linkedUrl(who, pattern);
}

async function openAs(browser: Browser, who: Identity | null) {
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: who ? await who.api.storageState() : undefined });
  return { context, page: await context.newPage() };
}

for (const route of formPages()) {
  test(`XSS/SQL corpus through every form on ${route.pattern}`, async ({ browser }) => {
    const access = accessOf(route, sitemap);
    const who = access === "client" ? a : access === "staff" ? lead : null;
    const path = await formUrl(route.pattern, who ?? a);
    test.skip(!path, `no record to open for ${route.pattern}`);
    const { context, page } = await openAs(browser, who);
    try {
      await page.goto(path!);
      const forms = await page.locator('main form[method="post" i]').count();
      for (let i = 0; i < forms; i++) {
        await page.goto(path!);
        const form = page.locator('main form[method="post" i]').nth(i);
        const fields = form.locator(
          'input:not([type]):visible, input[type="text"]:visible, input[type="email"]:visible, input[type="url"]:visible, input[type="tel"]:visible, input[type="search"]:visible, textarea:visible',
        );
        const count = await fields.count();
        if (!count) continue;
        for (let f = 0; f < count; f++) {
          // Without JS nothing stops a long value; the server's limits answer instead.
          await fields.nth(f).evaluate((el: HTMLInputElement) => el.removeAttribute("maxlength"));
          await fields.nth(f).fill(PAYLOADS[(f + i) % PAYLOADS.length]!);
        }
        const submit = form.locator('button[type="submit"], button:not([type]), input[type="submit"]').first();
        const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), submit.click({ noWaitAfter: false })]);
        expect(response.status(), `POST ${path} form ${i + 1}`).toBeLessThan(500);
        await page.waitForLoadState();
        expect(await injected(page), `markup injected on ${page.url()} after form ${i + 1} of ${path}`).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });
}

test("the API keeps injection payloads as plain text: stored verbatim, never a 500", async ({ page, baseURL }) => {
  const anon = await anonymous(baseURL!);
  // A client of its own: the free plan allows one active project, and A's is taken.
  const writer = await client(baseURL!, "verbatim");
  try {
    for (const [i, payload] of PAYLOADS.entries()) {
      for (const form of ["office-visit", "investor-meeting", "service-quote", "collaboration", "investment-inquiry", "support-ticket"]) {
        const response = await anon.api.post(`/api/contact/${form}/`, {
          data: { your_name: payload, full_name: payload, name: payload, company_name: payload, message: payload, description: payload, subject: payload, email: payload, company_email: `${uniqueName()}@example.com` },
        });
        expect(response.status(), `${form} with payload ${i}`).toBeLessThan(500);
      }
      expect((await anon.api.post("/api/newsletter/", { data: { email: payload } })).status()).toBeLessThan(500);
      expect((await anon.api.post("/api/auth/login/", { data: { username: payload, password: payload } })).status()).toBeLessThan(500);
    }

    const title = PAYLOADS[0]!;
    const created = await writer.api.post("/api/projects/", {
      headers: bearer(writer),
      data: { title, description: PAYLOADS[1], category: "strategy", budget: "under_1k", timeline: "flexible", use_tokens: false },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const stored = (await (await writer.api.get(`/api/projects/${id}/`, { headers: bearer(writer) })).json()) as { title: string; description: string };
    expect(stored.title).toBe(title);
    expect(stored.description).toBe(PAYLOADS[1]);

    await page.context().addCookies((await writer.api.storageState()).cookies);
    const response = await page.goto(`/project/${id}`);
    expectHtmlSecurityHeaders(response!.headers(), `/project/${id}`);
    await expect(page.getByText(title).first()).toBeVisible();
    expect(await injected(page)).toEqual([]);
  } finally {
    await Promise.all([anon.api.dispose(), writer.api.dispose()]);
  }
});

test("the session cookie is HttpOnly, SameSite=Lax, host-wide; logout ends it on the server", async ({ baseURL }) => {
  const visitor = await anonymous(baseURL!);
  try {
    const username = uniqueName("cookie");
    expect((await visitor.api.post("/api/auth/signup/", { data: { username, email: `${username}@example.com`, password: "secret12" } })).status()).toBe(201);
    const login = await visitor.api.post("/login", { form: { username, password: "secret12" }, maxRedirects: 0 });
    const setCookie = login.headers()["set-cookie"] ?? "";
    expect(setCookie).toMatch(/^ascendra_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    const cookie = setCookie.split(";")[0]!;

    const before = await visitor.api.get("/dashboard2", { headers: { Cookie: cookie }, maxRedirects: 0 });
    expect(before.status()).toBe(200);
    expect((await visitor.api.post("/logout", { headers: { Cookie: cookie }, maxRedirects: 0 })).status()).toBeGreaterThanOrEqual(300);
    // The same cookie, replayed after logout, no longer signs anyone in.
    const after = await visitor.api.get("/dashboard2", { headers: { Cookie: cookie }, maxRedirects: 0 });
    expect(after.status()).toBe(302);
    expect(after.headers()["location"]).toMatch(/^\/login/);
  } finally {
    await visitor.api.dispose();
  }
});

test("repeated failed sign-ins from one address answer 429", async ({ baseURL }) => {
  const visitor = await anonymous(baseURL!);
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await visitor.api.post("/api/auth/login/", { data: { username: "nobody-at-all", password: "wrong-password" } })).status());
    }
    expect(statuses.slice(0, 5).every((s) => s === 400 || s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  } finally {
    await visitor.api.dispose();
  }
});

test("the gate itself: a page that echoes a payload unescaped is caught", async ({ page }) => {
  await page.setContent(`<main><p>Hello ${PAYLOADS[0]}</p><p>${PAYLOADS[4]}</p></main>`);
  expect((await injected(page)).length).toBeGreaterThanOrEqual(2);
  await page.setContent(`<main><p>Hello ${PAYLOADS[0]!.replace(/</g, "&lt;").replace(/>/g, "&gt;")}</p></main>`);
  expect(await injected(page)).toEqual([]);
});
