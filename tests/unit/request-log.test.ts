// The request log line and the log's redaction: what server.js writes for
// each request (app/lib/request-log.server.ts) and what the logger never
// writes, whoever hands it a secret (models/platform/log.server.ts).
import http from "node:http";
import { Writable } from "node:stream";
import express from "express";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import { createRouteIdMatcher, requestLog } from "~/lib/request-log.server";
import { addLogContext, createLogger, log, setLogger, withLogContext } from "~models/platform/log.server";

type Line = Record<string, unknown>;
const lines: Line[] = [];
const destination = new Writable({
  write(chunk, _encoding, done) {
    for (const text of String(chunk).split("\n")) if (text.trim()) lines.push(JSON.parse(text));
    done();
  },
});

beforeAll(() => setLogger(createLogger({ level: "info", pretty: false, destination })));
afterEach(() => {
  lines.length = 0;
});
afterAll(() => setLogger(undefined));

test("secrets, cookies, card and signature data never reach the log, however deep", () => {
  log().info(
    {
      password: "hunter2-password",
      form: { newPassword: "n3w-password", email: "ada@example.com" },
      req: { headers: { cookie: "__session=s3cret-cookie", authorization: "Bearer s3cret-bearer" } },
      body: { card: { number: "4242424242424242" }, cvc: "123", token: "s3cret-token" },
      headers: { "stripe-signature": "t=1,v1=s3cret-signature" },
      nested: { deeper: { apiKey: "s3cret-key", secret: "s3cret-secret" } },
    },
    "a line with secrets",
  );
  const text = JSON.stringify(lines);
  for (const secret of ["hunter2", "n3w-password", "s3cret", "4242424242424242", '"123"'])
    expect(text).not.toContain(secret);
  expect(text).toContain("ada@example.com");
  expect(lines[0]!.password).toBe("[redacted]");
});

test("every line inside a context carries its ids, and what the app adds later", async () => {
  await withLogContext({ requestId: "req-1" }, async () => {
    await Promise.resolve();
    addLogContext({ userId: "user-9" });
    log().info("inside");
  });
  log().info("outside");
  expect(lines.map(({ msg, requestId, userId }) => ({ msg, requestId, userId }))).toEqual([
    { msg: "inside", requestId: "req-1", userId: "user-9" },
    { msg: "outside", requestId: undefined, userId: undefined },
  ]);
});

/** An Express app like server.js's front: trust proxy, then the request log. */
async function serve(trustProxy: number | false, handler: express.RequestHandler) {
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(requestLog({ routeIdOf: () => "routes/example", quiet: (route) => route === "healthz" }));
  app.use(handler);
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    get: (headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${port}/example`, { headers }),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

test("one line per request: method, route id, status, duration, request id, user, and nothing of the cookie", async () => {
  const app = await serve(1, (_req, res) => {
    addLogContext({ userId: "user-42" });
    log().info("working on it");
    res.status(201).send("made");
  });
  const response = await app.get({ "X-Request-Id": "from-proxy-1", Cookie: "__session=s3cret-cookie" });
  await app.close();
  await settle();
  expect(response.headers.get("x-request-id")).toBe("from-proxy-1");
  const [working, line] = lines;
  expect(working).toMatchObject({ msg: "working on it", requestId: "from-proxy-1" });
  expect(line).toMatchObject({
    msg: "request",
    method: "GET",
    route: "routes/example",
    status: 201,
    requestId: "from-proxy-1",
    userId: "user-42",
  });
  expect(line!.durationMs).toEqual(expect.any(Number));
  expect(line!.instance).toEqual(expect.any(String));
  expect(JSON.stringify(lines)).not.toContain("s3cret");
});

test("an X-Request-Id from a client that is not a trusted proxy, or not an id, is replaced by one of ours", async () => {
  const untrusted = await serve(false, (_req, res) => res.send("ok"));
  const ignored = await untrusted.get({ "X-Request-Id": "client-chosen" });
  await untrusted.close();
  const trusted = await serve(1, (_req, res) => res.send("ok"));
  const odd = await trusted.get({ "X-Request-Id": 'has spaces and "quotes"' });
  const none = await trusted.get();
  await trusted.close();
  await settle();
  for (const response of [ignored, odd, none])
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  expect(lines.map((line) => line.requestId)).toEqual(
    [ignored, odd, none].map((response) => response.headers.get("x-request-id")),
  );
});

test("route ids come from the route tree, a page's data request counts as its page, and an unknown path is 'unmatched'", () => {
  const routeIdOf = createRouteIdMatcher({
    root: { id: "root", path: "" },
    "routes/home": { id: "routes/home", parentId: "root", index: true },
    "routes/blog-post": { id: "routes/blog-post", parentId: "root", path: "blog/:slug" },
    "routes/account": { id: "routes/account", parentId: "root", path: "account" },
    "routes/account.billing": { id: "routes/account.billing", parentId: "routes/account", path: "billing" },
  });
  expect(routeIdOf("/")).toBe("routes/home");
  expect(routeIdOf("/_root.data")).toBe("routes/home");
  expect(routeIdOf("/blog/a-post")).toBe("routes/blog-post");
  expect(routeIdOf("/blog/a-post.data")).toBe("routes/blog-post");
  expect(routeIdOf("/account/billing")).toBe("routes/account.billing");
  expect(routeIdOf("/nowhere/at/all")).toBe("unmatched");
});

test("an id in the path shares its answer with every other id, and a remembered answer is the same as the first", () => {
  const routeIdOf = createRouteIdMatcher({
    root: { id: "root", path: "" },
    "routes/project": { id: "routes/project", parentId: "root", path: "project/:id" },
    "routes/project-new": { id: "routes/project-new", parentId: "root", path: "project/new" },
    "routes/file": { id: "routes/file", parentId: "routes/project", path: "files/:fileId" },
  });
  for (let round = 0; round < 2; round++) {
    expect(routeIdOf("/project/12")).toBe("routes/project");
    expect(routeIdOf("/project/345.data")).toBe("routes/project");
    expect(routeIdOf("/project/new")).toBe("routes/project-new");
    expect(routeIdOf("/project/7/files/99")).toBe("routes/file");
    expect(routeIdOf("/project/7/files/a9")).toBe("routes/file");
    expect(routeIdOf("/project/7/other")).toBe("unmatched");
  }
});
