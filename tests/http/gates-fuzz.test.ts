// Quality gate: odd input never crashes a handler. Every discovered route is
// requested with odd path segments and query values, and every route with an
// action is sent odd bodies (JSON, URL-encoded, multipart, malformed), as an
// anonymous visitor and as a signed-in client with an API token. Whatever the
// route makes of it, the answer is never a 5xx. The corpus is the input that
// once did crash something: prototype names (a lookup on a plain object), NUL
// (PostgreSQL refuses it in text), invalid UTF-8, malformed JSON and multipart,
// numbers past every range, arrays and objects where a scalar goes.
import { beforeAll, expect, test } from "vitest";
import { type Body } from "./client";
import { anonymous, bearer, client, ownedBy, staff, type Identity, type Owned } from "./identities";
import { paramsFor } from "./gates";
import { discoverRoutes, fillPattern, isNumericParam, paramsOf } from "../harness/routes";

const PROTOTYPE_NAMES = ["__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty"];
/** Path segments and query values, already percent-encoded. */
const ODD_SEGMENTS = [...PROTOTYPE_NAMES, "a%00b", "%FF%FE", "1e309", "99999999999999999999"];
/** Numbers just past PostgreSQL's integer, and past every integer type: every numeric parameter meets both. */
const PAST_RANGE = ["2147483648", "99999999999999999999"];
/** Stands in for a segment while the pattern is filled (fillPattern would encode its "%"). */
const PLACEHOLDER = "oddsegmentplaceholder";
/** A sample of them per parameter (each route gets the prototype names and the rest, in turn), to keep the gate quick. */
const SEGMENT_SAMPLE = 3;
/** Field names the site's forms and API calls use; each odd body sets all of them. */
const FIELDS = [
  "query",
  "email",
  "username",
  "password",
  "name",
  "title",
  "description",
  "category",
  "budget",
  "timeline",
  "message",
  "intent",
  "quantity",
  "shop_item_id",
  "package_id",
  "plan_id",
  "code",
  "conversation_id",
  "idempotency_key",
  // The total a checkout was confirmed at (the confirm step, decision 0049).
  "expected_total",
  "search",
  "id",
];
const ODD_VALUES: unknown[] = ["constructor", "a\0b", 1e20, [2], { toString: "x" }];

const fill = (value: unknown) => Object.fromEntries(FIELDS.map((field) => [field, value]));
const multipart = (value: string) => {
  const form = new FormData();
  for (const field of FIELDS) form.set(field, value);
  form.set("files", new Blob(["%PDF-1.4\n%%EOF\n"], { type: "application/pdf" }), `a${value}.pdf`);
  return form;
};

/** The bodies every action receives. */
const BODIES: { label: string; body: Body }[] = [
  ...ODD_VALUES.map((value) => ({ label: `JSON ${JSON.stringify(value)}`, body: { json: fill(value) } })),
  {
    label: "JSON prototype keys",
    body: {
      raw: `{"__proto__":{"polluted":true},"constructor":{"prototype":{}},"query":"x"}`,
      contentType: "application/json",
    },
  },
  {
    label: "JSON 1e309",
    body: { raw: `{${FIELDS.map((f) => `"${f}":1e309`).join(",")}}`, contentType: "application/json" },
  },
  { label: "malformed JSON", body: { raw: `{"query": "x",`, contentType: "application/json" } },
  { label: "JSON array", body: { json: [1, 2] } },
  {
    label: "invalid UTF-8 JSON",
    body: {
      raw: new Uint8Array([0x7b, 0x22, 0x71, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      contentType: "application/json",
    },
  },
  ...["constructor", "a\0b"].map((value) => ({
    label: `form ${JSON.stringify(value)}`,
    body: { form: fill(value) as Record<string, string> },
  })),
  {
    label: "form invalid UTF-8",
    body: {
      raw: FIELDS.map((f) => `${f}=%FF%FE`).join("&"),
      contentType: "application/x-www-form-urlencoded",
    },
  },
  ...["__proto__", "a\0b"].map((value) => ({
    label: `multipart ${JSON.stringify(value)}`,
    body: { multipart: multipart(value) },
  })),
  { label: "malformed multipart", body: { raw: "--x\r\n", contentType: "multipart/form-data; boundary=x" } },
];

/** Requests run a few at a time: enough to be quick on two cores, few enough not to starve the server. */
const BATCH = 10;
async function inBatches(probes: (() => Promise<string | null>)[]): Promise<string[]> {
  const problems: string[] = [];
  for (let i = 0; i < probes.length; i += BATCH) {
    for (const problem of await Promise.all(probes.slice(i, i + BATCH).map((probe) => probe())))
      if (problem) problems.push(problem);
  }
  return problems;
}

let anon: Identity;
let a: Identity;
let lead: Identity;
let owned: Owned;

beforeAll(async () => {
  anon = anonymous();
  a = await client("fuzza");
  lead = await staff();
  owned = await ownedBy(a);
});

/** Odd URLs for a route: each parameter replaced by each odd segment, or odd query values on a route without any. */
function oddUrls(pattern: string): string[] {
  const base = paramsFor(pattern, owned);
  const params = paramsOf(pattern);
  // Every odd segment reaches some parameter of some route; each parameter meets a rotating sample.
  const offset = [...pattern].reduce((sum, c) => sum + c.charCodeAt(0), 0);
  const sample = Array.from(
    { length: SEGMENT_SAMPLE },
    (_, i) => ODD_SEGMENTS[(offset + i) % ODD_SEGMENTS.length]!,
  );
  const urls = params.flatMap((param) =>
    [...new Set(["constructor", "%00", "a%00b", ...sample])].map((segment) =>
      fillPattern(pattern, { ...base, [param.name]: PLACEHOLDER })!.replace(PLACEHOLDER, segment),
    ),
  );
  const url = fillPattern(pattern, base)!;
  const query = (value: string) =>
    `${url}?${["search", "q", "page", "id", "status", "type", "receipt", "redirectTo"].map((key) => `${key}=${value}`).join("&")}`;
  urls.push(
    query("constructor"),
    query("a%00b"),
    query("%FF%FE"),
    ...PAST_RANGE.map(query),
    `${url}?__proto__[x]=1&constructor=1&search[]=a&search[]=b`,
  );
  return urls;
}

/** A route's URLs with each numeric parameter past the range of an integer column. */
function pastRangeUrls(pattern: string): string[] {
  const base = paramsFor(pattern, owned);
  return paramsOf(pattern)
    .filter((param) => isNumericParam(param.name))
    .flatMap((param) => PAST_RANGE.map((value) => fillPattern(pattern, { ...base, [param.name]: value })!));
}

test("the numeric parameters of the route map are found, so the gate tries them past every range", () => {
  const numeric = discoverRoutes().flatMap((route) =>
    paramsOf(route.pattern)
      .filter((param) => isNumericParam(param.name))
      .map((param) => `${route.pattern} ${param.name}`),
  );
  expect(numeric).toEqual(
    expect.arrayContaining([
      "/project/:id/proof/:deliverableId/file/:page? page",
      "/admin/projects/:id/proof/:deliverableId/file/:page? page",
      "/admin/outbox/:id/attachments/:index index",
    ]),
  );
});

// Sign-out routes would end the client's session for the routes after them.
const endsSession = (pattern: string) => /logout/.test(pattern);

test.for(discoverRoutes())("odd input: $pattern", { timeout: 60_000 }, async (route) => {
  const who = [anon, a];
  const probe =
    (identity: Identity, url: string, method: string, body?: { label: string; body: Body }) => async () => {
      const response = await identity.visitor.request(url, {
        method,
        headers: bearer(identity),
        body: body?.body,
      });
      const text = await response.text();
      return response.status >= 500
        ? `${identity.label} ${method} ${url}${body ? ` with ${body.label}` : ""} → ${response.status} ${text.slice(0, 200)}`
        : null;
    };
  const probes: (() => Promise<string | null>)[] = [];
  if (route.page || route.loader) {
    for (const url of oddUrls(route.pattern))
      for (const identity of who) probes.push(probe(identity, url, "GET"));
    // Numbers reach SQL only past the access check: staff too, for the back-office's routes.
    for (const url of pastRangeUrls(route.pattern))
      for (const identity of [...who, lead]) probes.push(probe(identity, url, "GET"));
  }
  if (route.action) {
    // An odd parameter on a write (an action looked up by name): one plain body each.
    for (const url of oddUrls(route.pattern).filter((u) => !u.includes("?")))
      for (const identity of who) probes.push(probe(identity, url, "POST", BODIES[0]));
    const url = fillPattern(route.pattern, paramsFor(route.pattern, owned))!;
    for (const identity of who) {
      if (identity !== anon && endsSession(route.pattern)) continue;
      for (const body of BODIES) probes.push(probe(identity, url, "POST", body));
      if (route.pattern.startsWith("/api/"))
        probes.push(probe(identity, url, "PUT", BODIES[0]), probe(identity, url, "PATCH", BODIES[1]));
    }
  }
  expect(await inBatches(probes)).toEqual([]);
});
