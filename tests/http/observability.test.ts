// What an operator reads (README "Operating it"): the request's id in its
// answer and on its log line, with the signed-in user and nothing secret;
// the process's metrics at /metrics for the bearer of METRICS_TOKEN only, and
// on METRICS_PORT; no /metrics at all without METRICS_TOKEN. A server of its
// own, so its output can be read.
import { afterAll, beforeAll, expect, test } from "vitest";
import { sharedBaseURL, uniqueName, Visitor } from "./client";
import { freePort, startServer, type RunningServer } from "./server";

const TOKEN = "metrics-token-for-the-http-test";
let server: RunningServer;
let metricsPort: number;
beforeAll(async () => {
  metricsPort = await freePort();
  server = await startServer({
    METRICS_TOKEN: TOKEN,
    METRICS_PORT: String(metricsPort),
    INSTANCE_NAME: "ops1",
  });
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

type Line = Record<string, unknown>;
/** The server's JSON log lines so far. */
const logLines = (): Line[] =>
  server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Line);
/** The request line of `requestId`, once written (it is written when the answer ends). */
async function requestLine(requestId: string): Promise<Line> {
  let line: Line | undefined;
  await expect
    .poll(() => (line = logLines().find((l) => l.msg === "request" && l.requestId === requestId)))
    .toBeDefined();
  return line!;
}

test("a request's id comes back in X-Request-Id and names its one log line", async () => {
  const offered = await fetch(`${server.baseURL}/services`, {
    headers: { "X-Request-Id": "lb-0001-services" },
  });
  expect(offered.status).toBe(200);
  expect(offered.headers.get("x-request-id")).toBe("lb-0001-services");
  expect(await requestLine("lb-0001-services")).toMatchObject({
    method: "GET",
    path: "/services",
    route: "routes/services",
    status: 200,
    instance: "ops1",
    durationMs: expect.any(Number),
  });
  const made = await fetch(`${server.baseURL}/services`);
  expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  await requestLine(made.headers.get("x-request-id")!);
});

test("a signed-in request's line names the user; the password, the session cookie and the token appear nowhere", async () => {
  const visitor = new Visitor(server.baseURL);
  const username = uniqueName("ops");
  const password = "Correct-Horse-7781";
  const signup = await visitor.post("/api/auth/signup/", {
    json: { username, email: `${username}@example.com`, password },
  });
  expect(signup.status).toBe(201);
  visitor.cookies.clear();
  const login = await visitor.post("/login", { form: { username, password } });
  expect(login.status).toBeGreaterThanOrEqual(300);
  const account = await visitor.get("/account", { "X-Request-Id": "signed-in-0001" });
  await account.arrayBuffer();
  const line = await requestLine("signed-in-0001");
  expect(line.userId).toEqual(expect.any(String));
  const session = visitor.cookieHeader().split("=").slice(1).join("=");
  expect(session.length).toBeGreaterThan(10);
  expect(server.output()).not.toContain(password);
  expect(server.output()).not.toContain(session);
});

test("a POST to a page without an action is one 405 request line, no stack", async () => {
  const since = server.output().length;
  const response = await fetch(`${server.baseURL}/services`, {
    method: "POST",
    body: new URLSearchParams({ intent: "anything" }),
    headers: { "X-Request-Id": "post-405-0001" },
  });
  expect(response.status).toBe(405);
  expect(await requestLine("post-405-0001")).toMatchObject({ status: 405, level: 30 });
  expect(server.output().slice(since)).not.toMatch(/\s+at /);
});

test("/metrics answers the bearer of METRICS_TOKEN only, in Prometheus's format, here and on METRICS_PORT", async () => {
  expect((await fetch(`${server.baseURL}/metrics`)).status).toBe(401);
  const wrong = await fetch(`${server.baseURL}/metrics`, {
    headers: { Authorization: "Bearer not-the-token" },
  });
  expect(wrong.status).toBe(401);
  for (const origin of [server.baseURL, `http://127.0.0.1:${metricsPort}`]) {
    expect((await fetch(`${origin}/metrics`)).status, origin).toBe(401);
    const response = await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status, origin).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    for (const series of [
      /^http_request_duration_seconds_count\{method="GET",route="routes\/services",status="200"\} \d+/m,
      /^db_query_duration_seconds_count\{driver="pglite",outcome="ok"\} \d+/m,
      /^job_runs_total\{job="renewals",outcome="ok"\} \d+/m,
      /^job_duration_seconds_count\{job="renewals"\} \d+/m,
      /^email_outbox_unsent \d+/m,
      /^email_outbox_oldest_unsent_age_seconds \d/m,
      /^page_cache_requests_total\{result="(hit|miss)"\} \d+/m,
      /^process_cpu_seconds_total \d/m,
      /^nodejs_eventloop_lag_seconds \d/m,
    ])
      expect(text, origin).toMatch(series);
  }
});

test("without METRICS_TOKEN there is no /metrics: a 404", async () => {
  const response = await fetch(`${sharedBaseURL()}/metrics`);
  expect(response.status).toBe(404);
});
