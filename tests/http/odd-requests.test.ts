// Requests no browser sends but anyone can: an absolute-form request target
// naming another site, a target that is no URL at all, a POST to a page that
// takes none. Each gets a short answer (400, 405) and the log stays quiet: its
// request line at most, no error, no stack. A server of its own, so its output
// can be read.
import { connect } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startServer, type RunningServer } from "./server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({});
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

/** Sends `head` as written (no client library tidies it up) and returns the whole answer. */
function rawRequest(head: string): Promise<string> {
  const { hostname, port } = new URL(server.baseURL);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(head));
    let answer = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${JSON.stringify(head)}`)));
  });
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
const bodyOf = (answer: string) => answer.slice(answer.indexOf("\r\n\r\n") + 4);
/** Lines the server writes after `since` characters of its output, once it has had a moment to write them. */
async function linesAfter(since: number) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  return server
    .output()
    .slice(since)
    .split("\n")
    .filter((line) => line.trim());
}

test("an absolute-form target naming another site, or no URL at all, is a plain 400", async () => {
  const host = new URL(server.baseURL).host;
  const since = server.output().length;
  for (const target of [
    "http://evil.example/",
    "https://evil.example/account",
    "http://evil.example:80@x/",
    "*",
    "evil",
  ]) {
    const answer = await rawRequest(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    expect(statusOf(answer), `${target}: ${answer.slice(0, 300)}`).toBe(400);
    // Node's own parser refuses some targets before the app sees them: a bare 400, no body type at all.
    expect(/\r\ncontent-type: ([^\r;]*)/i.exec(answer)?.[1] ?? "text/plain", target).toBe("text/plain");
    expect(bodyOf(answer)).not.toMatch(/TypeError|Invalid URL|\s+at /);
  }
  // Node's parser refuses some targets before the app: no line at all. The others: their request line.
  for (const line of await linesAfter(since))
    expect(JSON.parse(line), line).toMatchObject({ msg: "request", status: 400, level: 30 });
});

test("an absolute-form target naming this site is served as its path", async () => {
  const host = new URL(server.baseURL).host;
  const answer = await rawRequest(
    `GET http://${host}/healthz HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
  );
  expect(statusOf(answer)).toBe(200);
});

test("a POST to a page without an action is a 405 and at most one line in the log", async () => {
  await linesAfter(0);
  for (const path of ["/", "/services"]) {
    const since = server.output().length;
    const response = await fetch(new URL(path, server.baseURL), {
      method: "POST",
      body: new URLSearchParams({ intent: "anything" }),
    });
    expect(response.status, path).toBe(405);
    await response.arrayBuffer();
    const lines = await linesAfter(since);
    expect(lines.length, lines.join("\n")).toBeLessThanOrEqual(1);
    expect(lines.join("\n")).not.toMatch(/^\s+at /m);
  }
});
