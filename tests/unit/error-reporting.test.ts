// An error nobody handled: one log line with its stack and the request's id,
// and, with SENTRY_DSN, an event at Sentry tagged with that id and nothing
// from the request (models/platform/errors.server.ts). Sentry here is a local
// stand-in that keeps what it is sent.
import http from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, test } from "vitest";
import { configureErrorReporting, flushErrorReports, reportError } from "~models/platform/errors.server";
import { createLogger, setLogger, withLogContext } from "~models/platform/log.server";

const lines: Record<string, unknown>[] = [];
const envelopes: string[] = [];
let sentry: http.Server;
beforeAll(async () => {
  setLogger(
    createLogger({
      level: "info",
      pretty: false,
      destination: { write: (line) => lines.push(JSON.parse(line)) },
    }),
  );
  sentry = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      envelopes.push(String(req.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body));
      res.writeHead(200).end("{}");
    });
  });
  await new Promise<void>((resolve) => sentry.listen(0, "127.0.0.1", resolve));
  const { port } = sentry.address() as { port: number };
  await configureErrorReporting({ dsn: `http://publickey@127.0.0.1:${port}/42`, environment: "test" });
});
afterAll(async () => {
  setLogger(undefined);
  await new Promise((resolve) => sentry.close(resolve));
});

test("an unhandled error is logged once with its stack and request id, and reaches Sentry tagged with the id", async () => {
  withLogContext({ requestId: "req-boom-1", userId: "user-1" }, () =>
    reportError(new Error("The loader fell over"), "Request failed"),
  );
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ level: 50, msg: "Request failed", requestId: "req-boom-1" });
  expect((lines[0]!.err as { stack: string }).stack).toMatch(/The loader fell over\n\s+at /);

  await flushErrorReports();
  await expect.poll(() => envelopes.join("\n")).toContain("The loader fell over");
  const event = envelopes.join("\n");
  expect(event).toContain('"requestId":"req-boom-1"');
  expect(event).not.toContain("user-1");
});
