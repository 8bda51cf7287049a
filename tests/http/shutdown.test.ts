// SIGTERM drains (docs/decisions/0064-operations.md): the process stops
// accepting, finishes every request it had accepted, closes the database and
// exits 0. Requests held open across the signal (a body still being sent)
// are answered; a load of new connections meanwhile either gets a whole
// answer or is refused, never a cut-off one.
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startServer, type RunningServer } from "./server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({});
}, 90_000);
afterAll(() => server?.stop());

/**
 * A login POST whose body is sent in two parts: the head (with Expect:
 * 100-continue) and half the body now, the rest when `finish` is called.
 * `accepted` resolves once the server answered 100 Continue, that is once it
 * has taken the request and started on it.
 */
function heldRequest(port: number) {
  const body = JSON.stringify({ username: "nobody-at-all", password: "wrong-password" });
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  let markAccepted = () => {};
  const accepted = new Promise<void>((resolve) => (markAccepted = resolve));
  const closed = new Promise<string>((resolve) => socket.on("close", () => resolve(received)));
  socket.on("data", (chunk) => {
    received += chunk.toString("latin1");
    if (received.includes("100 Continue")) markAccepted();
  });
  socket.on("error", () => {});
  socket.write(
    `POST /api/auth/login/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
  );
  return {
    accepted,
    finish: () => {
      socket.write(body);
      return closed;
    },
  };
}

type Outcome = { status: number; complete: boolean } | { error: string };

/** GET on a new connection each time; `complete`: the body is as long as Content-Length says. */
function get(port: number, path: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.get({ host: "127.0.0.1", port, path, agent: false }, (response) => {
      let length = 0;
      response.on("data", (chunk: Buffer) => (length += chunk.length));
      response.on("end", () => {
        const declared = response.headers["content-length"];
        const complete = response.complete && (declared === undefined || Number(declared) === length);
        resolve({ status: response.statusCode ?? 0, complete });
      });
      response.on("error", (error) => resolve({ error: `mid-answer: ${error.message}` }));
    });
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

test("SIGTERM: requests accepted before it are answered, and the process exits 0", async () => {
  const port = Number(new URL(server.baseURL).port);
  const held = [heldRequest(port), heldRequest(port), heldRequest(port)];
  await Promise.all(held.map((request) => request.accepted));

  // New connections all along, before and after the signal.
  let loading = true;
  const outcomes: Outcome[] = [];
  const paths = ["/", "/services", "/healthz", "/contact"];
  const workers = Array.from({ length: 6 }, async (_, worker) => {
    for (let i = 0; loading; i++) {
      const outcome = await get(port, paths[(worker + i) % paths.length]!);
      outcomes.push(outcome);
      if ("error" in outcome) break;
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 300));

  const exited = new Promise<number | null>((resolve) => server.child.once("exit", (code) => resolve(code)));
  server.child.kill("SIGTERM");
  // The process waits for the held requests: it has not exited a second later.
  const early = await Promise.race([
    exited,
    new Promise((resolve) => setTimeout(() => resolve("running"), 1000)),
  ]);
  expect(early).toBe("running");

  const answers = await Promise.all(held.map((request) => request.finish()));
  for (const answer of answers) {
    expect(answer).toMatch(/HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 4\d\d /);
    expect(answer.toLowerCase()).toContain("connection: close");
    // The whole answer: the error, then the chunked body's last chunk.
    expect(answer).toContain("Invalid username or password.");
    expect(answer).toMatch(/\r\n0\r\n\r\n$/);
  }
  expect(await exited).toBe(0);
  loading = false;
  await Promise.all(workers);

  expect(outcomes.filter((outcome) => "status" in outcome).length).toBeGreaterThan(0);
  for (const outcome of outcomes) {
    if ("status" in outcome) expect(outcome).toEqual({ status: 200, complete: true });
    // Refused (or reset before a byte of answer, in the listen queue as it closed): never accepted.
    else expect(["ECONNREFUSED", "ECONNRESET"]).toContain(outcome.error);
  }
  expect(server.output()).toMatch(/SIGTERM: finishing [3-9]\d* request\(s\) in flight/);
}, 60_000);
