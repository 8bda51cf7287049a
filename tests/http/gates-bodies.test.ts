// Quality gate: no body costs the server more than its route's limit, and no
// refusal waits for a body to end. Every route with an action, found from the
// route map, is sent (1) a body that declares 400 MB and then stalls, and (2)
// a chunked body of 2 MB with no length; named routes are also sent chunked
// bodies past their own limit that then stall. Each must be answered
// promptly, never with a 5xx, and a body past the limit with a 413.
import http from "node:http";
import { beforeAll, describe, expect, test } from "vitest";
import { sharedBaseURL } from "./client";
import { anonymous, client, ownedBy, type Identity, type Owned } from "./identities";
import { paramsFor } from "./gates";
import { discoverRoutes, fillPattern } from "../harness/routes";

const MB = 1024 * 1024;
/** How long an answer may take: a refusal is immediate; a handler that reads 2 MB is quick. */
const ANSWER_WITHIN_MS = 10_000;

type Sent = { status: number; body: string; headers: http.IncomingHttpHeaders } | { status: "no answer" };

/**
 * POSTs `bytes` to `path` in 64 KiB pieces, declaring `declare` as the
 * Content-Length (chunked when null), then keeps the request open without
 * sending more unless `end`. Resolves with the answer, or "no answer" after
 * ANSWER_WITHIN_MS; the connection is dropped either way.
 */
function send(
  path: string,
  options: {
    bytes: number;
    declare: number | null;
    end: boolean;
    contentType: string;
    headers?: Record<string, string>;
    /** Sent before the filler bytes (a multipart part's head). */
    prefix?: string;
  },
): Promise<Sent> {
  const url = new URL(path, sharedBaseURL());
  return new Promise((resolve) => {
    const headers: Record<string, string> = {
      "Content-Type": options.contentType,
      "X-Forwarded-For": `198.19.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 250) + 1}`,
      ...options.headers,
    };
    if (options.declare !== null) headers["Content-Length"] = String(options.declare);
    const request = http.request(url, { method: "POST", headers, agent: false });
    const timer = setTimeout(() => {
      request.destroy();
      resolve({ status: "no answer" });
    }, ANSWER_WITHIN_MS);
    request.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk.slice(0, 2000)));
      const done = () => {
        clearTimeout(timer);
        request.destroy();
        resolve({ status: response.statusCode!, body, headers: response.headers });
      };
      response.on("end", done);
      response.on("error", done);
    });
    // The server may cut the connection once it has answered: that is allowed.
    request.on("error", () => {});
    if (options.prefix) request.write(options.prefix);
    const piece = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const write = () => {
      while (sent < options.bytes && !request.destroyed) {
        const size = Math.min(piece.length, options.bytes - sent);
        sent += size;
        if (!request.write(piece.subarray(0, size))) return void request.once("drain", write);
      }
      if (options.end && !request.destroyed) request.end();
    };
    write();
  });
}

let anon: Identity;
let a: Identity;
let owned: Owned;

beforeAll(async () => {
  anon = anonymous();
  a = await client("bodies");
  owned = await ownedBy(a);
});

const actions = discoverRoutes().filter((route) => route.action && !/logout/.test(route.pattern));

/** The headers that make a request `who`'s: its session cookie and its API token. */
const as = (who: Identity): Record<string, string> => ({
  ...(who.visitor.cookies.size ? { Cookie: who.visitor.cookieHeader() } : {}),
  ...(who.token ? { Authorization: `Token ${who.token}` } : {}),
});

test.for(actions)("oversized and chunked bodies: $pattern", { timeout: 90_000 }, async (route) => {
  const url = fillPattern(route.pattern, paramsFor(route.pattern, owned))!;
  const problems: string[] = [];
  for (const who of [anon, a]) {
    const declared = await send(url, {
      bytes: 256 * 1024,
      declare: 400 * MB,
      end: false,
      contentType: "application/json",
      headers: as(who),
    });
    if (declared.status !== 413)
      problems.push(`${who.label}: 400 MB declared, then stalled → ${declared.status}`);
    for (const contentType of ["application/json", "application/x-www-form-urlencoded"]) {
      const chunked = await send(url, {
        bytes: 2 * MB,
        declare: null,
        end: true,
        contentType,
        headers: as(who),
      });
      if (chunked.status === "no answer" || chunked.status >= 500)
        problems.push(
          `${who.label}: 2 MB chunked ${contentType} → ${chunked.status} ${"body" in chunked ? chunked.body.slice(0, 200) : ""}`,
        );
    }
  }
  expect(problems).toEqual([]);
});

describe("a body past its route's limit is refused while the client is still sending", () => {
  test.for([
    // Sign-in reads JSON and forms of at most 64 KB.
    { path: "/api/auth/login/", contentType: "application/json", bytes: 1 * MB, json: true },
    { path: "/login", contentType: "application/x-www-form-urlencoded", bytes: 1 * MB, json: false },
    { path: "/signup", contentType: "application/x-www-form-urlencoded", bytes: 1 * MB, json: false },
    // The raw body a Stripe signature is checked over.
    { path: "/api/webhooks/stripe", contentType: "application/json", bytes: 1 * MB, json: true },
    // Past the largest body any route takes (and past the old 12 MB that used to hang).
    { path: "/login", contentType: "application/x-www-form-urlencoded", bytes: 20 * MB, json: false },
    {
      path: "/careerpage",
      contentType: "multipart/form-data; boundary=x",
      prefix: '--x\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\n\r\n',
      bytes: 65 * MB,
      json: false,
    },
  ])("chunked $bytes bytes to $path, then nothing more", { timeout: 60_000 }, async (probe) => {
    const sent = await send(probe.path, { ...probe, declare: null, end: false });
    expect(sent.status).toBe(413);
    if (probe.json && "body" in sent)
      expect(JSON.parse(sent.body)).toEqual({
        error: "This form is larger than we accept. Please shorten it and try again.",
      });
  });

  test("a declared length past every route's limit is answered before the app runs, and the connection cut soon after", async () => {
    const url = new URL("/api/auth/login/", sharedBaseURL());
    const outcome = await new Promise<{ status: number; closedAfterMs: number }>((resolve, reject) => {
      const request = http.request(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Content-Length": String(400 * MB) },
        agent: false,
      });
      request.on("error", () => {});
      request.on("response", (response) => {
        const answered = Date.now();
        response.resume();
        // The client sends nothing more and keeps the connection open: the server closes it.
        request.socket!.on("close", () =>
          resolve({ status: response.statusCode!, closedAfterMs: Date.now() - answered }),
        );
      });
      setTimeout(() => reject(new Error("the connection stayed open")), 15_000);
      request.flushHeaders();
    });
    expect(outcome.status).toBe(413);
    expect(outcome.closedAfterMs).toBeLessThan(10_000);
  });
});
