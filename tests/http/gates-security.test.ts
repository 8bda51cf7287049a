// Quality gate: security probes through the real server. An XSS and SQL
// injection corpus goes through every text field of every form, posted as a
// browser without JavaScript posts it (so the server's own validation
// answers), and through the API's text fields; session cookies carry the right
// flags; logout ends the session on the server; rate limits answer 429.
import { beforeAll, expect, test } from "vitest";
import { uniqueName, type Visitor } from "./client";
import { anonymous, bearer, client, ownedBy, staff, type Identity, type Owned } from "./identities";
import { expectHtmlSecurityHeaders, linkedUrl } from "./gates";
import { injectedMarkup, postFormsInMain, type NativeForm } from "./html";
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

let a: Identity;
let lead: Identity;
let owned: Owned;
let sitemap: string[];

beforeAll(async () => {
  [a, lead] = await Promise.all([client("probe"), staff()]);
  owned = await ownedBy(a);
  // Something in the inbox, so a submission's page (reply form) is probed too.
  expect(
    (await a.visitor.post("/api/newsletter/", { json: { email: `${a.username}@example.com` } })).status,
  ).toBeLessThan(300);
  sitemap = sitemapPaths(await (await a.visitor.get("/sitemap.xml")).text());
});

/** Where to find a route's forms: itself, A's project, or the first record the page above links to. */
async function formUrl(pattern: string, who: Visitor): Promise<string | null> {
  if (!paramsOf(pattern).length) return pattern;
  if (pattern.startsWith("/project/")) return fillPattern(pattern, { id: owned.projectId });
  return linkedUrl(who, pattern);
}

/** The body a native submission of `form` sends, its text fields filled with payloads. */
function submission(
  form: NativeForm,
  offset: number,
): { form: Record<string, string> } | { multipart: FormData } {
  const typed = new Map(form.textFields.map((name, f) => [name, PAYLOADS[(f + offset) % PAYLOADS.length]!]));
  const pairs = form.fields.map(([name, value]): [string, string] => [name, typed.get(name) ?? value]);
  if (form.submitter) pairs.push(form.submitter);
  if (form.multipart) {
    const body = new FormData();
    for (const [name, value] of pairs) body.append(name, value);
    return { multipart: body };
  }
  return { form: Object.fromEntries(pairs) };
}

/** Page routes with an action: public ones as a visitor, the back-office as staff, the rest as a client. */
const formPages = discoverRoutes().filter((r) => r.page && r.action);

test.for(formPages)("XSS/SQL corpus through every form on $pattern", async (route, { skip }) => {
  const access = accessOf(route, sitemap);
  const who = access === "client" ? a.visitor : access === "staff" ? lead.visitor : anonymous().visitor;
  const path = await formUrl(route.pattern, access === "public" ? a.visitor : who);
  if (!path) return skip(`no record to open for ${route.pattern}`);
  const forms = postFormsInMain(await (await who.get(path)).text());
  for (const [i, form] of forms.entries()) {
    if (!form.textFields.length) continue;
    // Each form is sent from the page as it stands before that submission.
    const current = postFormsInMain(await (await who.get(path)).text())[i] ?? form;
    const target = new URL(current.action || path, new URL(path, who.baseURL));
    const posted = await who.post(target.pathname + target.search, submission(current, i));
    expect(posted.status, `POST ${path} form ${i + 1}`).toBeLessThan(500);
    const shown = await who.follow(posted);
    expect(shown.status, `after POST ${path} form ${i + 1}`).toBeLessThan(500);
    const html = await shown.text();
    expect(injectedMarkup(html), `markup injected after form ${i + 1} of ${path}`).toEqual([]);
  }
});

test("the API keeps injection payloads as plain text: stored verbatim, never a 500", async () => {
  const anon = anonymous().visitor;
  // A client of its own: the free plan allows one active project, and A's is taken.
  const writer = await client("verbatim");
  for (const [i, payload] of PAYLOADS.entries()) {
    for (const form of [
      "office-visit",
      "investor-meeting",
      "service-quote",
      "collaboration",
      "investment-inquiry",
      "support-ticket",
    ]) {
      const response = await anon.post(`/api/contact/${form}/`, {
        json: {
          your_name: payload,
          full_name: payload,
          name: payload,
          company_name: payload,
          message: payload,
          description: payload,
          subject: payload,
          email: payload,
          company_email: `${uniqueName()}@example.com`,
        },
      });
      expect(response.status, `${form} with payload ${i}`).toBeLessThan(500);
    }
    expect((await anon.post("/api/newsletter/", { json: { email: payload } })).status).toBeLessThan(500);
    expect(
      (await anon.post("/api/auth/login/", { json: { username: payload, password: payload } })).status,
    ).toBeLessThan(500);
  }

  const title = PAYLOADS[0]!;
  const created = await writer.visitor.post(
    "/api/projects/",
    {
      json: {
        title,
        description: PAYLOADS[1],
        category: "strategy",
        budget: "under_1k",
        timeline: "flexible",
        use_tokens: false,
      },
    },
    bearer(writer),
  );
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const stored = (await (await writer.visitor.get(`/api/projects/${id}/`, bearer(writer))).json()) as {
    title: string;
    description: string;
  };
  expect(stored.title).toBe(title);
  expect(stored.description).toBe(PAYLOADS[1]);

  const page = await writer.visitor.get(`/project/${id}`);
  expectHtmlSecurityHeaders(page.headers, `/project/${id}`);
  const html = await page.text();
  expect(html).toContain("&lt;img src=x id=xss-probe");
  expect(injectedMarkup(html)).toEqual([]);
});

test("the session cookie is HttpOnly, SameSite=Lax, host-wide; logout ends it on the server", async () => {
  const visitor = anonymous().visitor;
  const username = uniqueName("cookie");
  expect(
    (
      await visitor.post("/api/auth/signup/", {
        json: { username, email: `${username}@example.com`, password: "secret12" },
      })
    ).status,
  ).toBe(201);
  const login = await visitor.post("/login", { form: { username, password: "secret12" } }, { Cookie: "" });
  const setCookie = login.headers.get("set-cookie") ?? "";
  expect(setCookie).toMatch(/^ascendra_session=/);
  expect(setCookie).toMatch(/HttpOnly/i);
  expect(setCookie).toMatch(/SameSite=Lax/i);
  expect(setCookie).toMatch(/Path=\//);
  const cookie = setCookie.split(";")[0]!;

  expect((await visitor.get("/dashboard2", { Cookie: cookie })).status).toBe(200);
  expect((await visitor.post("/logout", { form: {} }, { Cookie: cookie })).status).toBeGreaterThanOrEqual(
    300,
  );
  // The same cookie, replayed after logout, no longer signs anyone in.
  const after = await visitor.get("/dashboard2", { Cookie: cookie });
  expect(after.status).toBe(302);
  expect(after.headers.get("location")).toMatch(/^\/login/);
});

test("repeated failed sign-ins from one address answer 429", async () => {
  const visitor = anonymous().visitor;
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) {
    statuses.push(
      (
        await visitor.post("/api/auth/login/", {
          json: { username: "nobody-at-all", password: "wrong-password" },
        })
      ).status,
    );
  }
  expect(statuses.slice(0, 5).every((s) => s === 400 || s === 401)).toBe(true);
  expect(statuses.at(-1)).toBe(429);
});

test("the gate itself: a page that echoes a payload unescaped is caught, an escaped one is not", () => {
  expect(
    injectedMarkup(`<main><p>Hello ${PAYLOADS[0]}</p><p>${PAYLOADS[4]}</p></main>`).length,
  ).toBeGreaterThanOrEqual(2);
  expect(
    injectedMarkup(`<main><p>Hello ${PAYLOADS[0]!.replace(/</g, "&lt;").replace(/>/g, "&gt;")}</p></main>`),
  ).toEqual([]);
});

test("the gate itself: forms are read as a browser without JavaScript submits them", () => {
  const [form] =
    postFormsInMain(`<header><form method="post" action="/logout"><button>Sign out</button></form></header><main>
    <form method="post" action="/x?index" enctype="multipart/form-data">
      <input name="title" value="kept"><input type="email" name="email"><input name="website" tabindex="-1">
      <input type="hidden" name="intent" value="save"><input type="checkbox" name="on" checked><input type="checkbox" name="off">
      <select name="tier"><option value="basic">Basic</option><option value="pro" selected>Pro</option></select>
      <textarea name="notes">typed</textarea><input name="locked" disabled value="x"><input type="file" name="cv">
      <button type="submit" name="intent2" value="send">Send</button>
    </form></main>`);
  expect(form).toEqual({
    action: "/x?index",
    multipart: true,
    fields: [
      ["title", "kept"],
      ["email", ""],
      ["website", ""],
      ["intent", "save"],
      ["on", "on"],
      ["tier", "pro"],
      ["notes", "typed"],
    ],
    textFields: ["title", "email", "notes"],
    submitter: ["intent2", "send"],
  });
});
