// A large compressed answer read slowly by its client: React Router's adapter
// waits for `drain` each time the response is full. Behind compression() those
// waits used to leave their listeners on the zlib stream (a
// MaxListenersExceededWarning after 11); with drainListenersOnce they do not.
import http from "node:http";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { writeReadableStreamToWritable } from "@react-router/node";
import compression from "compression";
import express from "express";
import { afterEach, expect, test } from "vitest";
import { drainListenersOnce } from "./compression-drain.server";

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** Serves 4 MB that does not compress (so the zlib stream fills) as 64 KB chunks of a web stream. */
async function serve(withFix: boolean) {
  const app = express();
  app.use(compression());
  if (withFix) app.use(drainListenersOnce);
  app.get("/big", async (_req, res) => {
    res.type("text/html");
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 64) return controller.close();
        sent++;
        controller.enqueue(randomBytes(64 * 1024));
      },
    });
    await writeReadableStreamToWritable(body, res);
  });
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port };
}

/** Reads the answer slowly (a pause after each piece), so the server keeps waiting for drain. */
function readSlowly(port: number): Promise<{ bytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: "127.0.0.1", port, path: "/big", headers: { "accept-encoding": "gzip" } },
      (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          response.pause();
          setTimeout(() => response.resume(), 2);
        });
        response.on("end", () => resolve({ bytes, encoding: response.headers["content-encoding"] }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}

async function warningsWhile(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const listener = (warning: Error) => seen.push(`${warning.name}: ${warning.message}`);
  process.on("warning", listener);
  try {
    await run();
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    process.off("warning", listener);
  }
  return seen.filter((w) => w.includes("MaxListenersExceeded"));
}

test("a slowly read compressed answer leaves no drain listeners behind", async () => {
  const { port } = await serve(true);
  let answer: Awaited<ReturnType<typeof readSlowly>> | undefined;
  const warnings = await warningsWhile(async () => (answer = await readSlowly(port)));
  expect(answer?.encoding).toBe("gzip");
  expect(answer?.bytes).toBeGreaterThan(4 * 1024 * 1024);
  expect(warnings).toEqual([]);
});

test("without the fix, the same answer leaks them (the test can fail)", async () => {
  const { port } = await serve(false);
  const warnings = await warningsWhile(() => readSlowly(port));
  expect(warnings.join("\n")).toMatch(/drain listeners added to \[Gzip\]/);
});
