// Shared by the load benchmarks (bench:pages, bench:http): start the production
// build on a throwaway data directory, a static server answering with saved
// bytes, and autocannon runs. Loopback only; everything started is stopped.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

export const root = path.resolve(import.meta.dirname, "..");
export const HOST = "127.0.0.1";
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });

async function waitFor(url, child, seconds = 60) {
  for (let i = 0; i < seconds * 10; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

export function ensureBuild() {
  if (existsSync(path.join(root, "build/server/index.js"))) return;
  console.log("No build yet: running npm run build first.");
  if (spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" }).status !== 0) process.exit(1);
}

/**
 * The production server on a free port and an empty data directory: on the
 * embedded database, or on BENCH_DATABASE_URL's PostgreSQL when it is set
 * (npm run bench:http:pg starts a throwaway one).
 */
export async function startApp(extraEnv = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "ascendra-bench-"));
  const port = await freePort();
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST,
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "",
      ...extraEnv,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://${HOST}:${port}`;
  await waitFor(`${url}/healthz`, child);
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", resolve)));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// The baseline runs in its own process, so it does not share a CPU with autocannon.
const STATIC_SERVER = `
const http = require("node:http");
const saved = new Map(JSON.parse(require("node:fs").readFileSync(0, "utf8")).map(([k, type, b]) => [k, [type, Buffer.from(b, "base64")]]));
http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    const hit = saved.get(req.method + " " + req.url);
    if (!hit) { res.writeHead(404).end(); return; }
    res.writeHead(200, { "Content-Type": hit[0], "Content-Length": hit[1].length });
    res.end(hit[1]);
  });
}).listen(Number(process.env.PORT), "${HOST}", () => console.log("ready"));
`;

/**
 * A static server that answers each of `responses` ([method, path, contentType,
 * Buffer]) with the same bytes the app sent.
 */
export async function startStatic(responses) {
  const port = await freePort();
  const child = spawn(process.execPath, ["-e", STATIC_SERVER], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["pipe", "pipe", "inherit"],
  });
  child.stdin.end(
    JSON.stringify(
      responses.map(([method, p, type, body]) => [`${method} ${p}`, type, body.toString("base64")]),
    ),
  );
  await new Promise((resolve) => child.stdout.once("data", resolve));
  return { url: `http://${HOST}:${port}`, stop: () => child.kill() };
}

/** Load for SECONDS, or for `amount` requests when given (a warm-up). */
export function load(url, options = {}) {
  const settings = {
    url,
    connections: CONNECTIONS,
    ...(options.amount ? {} : { duration: SECONDS }),
    ...options,
  };
  return new Promise((resolve, reject) => {
    autocannon(settings, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

export function header() {
  console.log(
    `${SECONDS} s per target, ${CONNECTIONS} connections, Node ${process.version}, ${os.cpus().length} CPUs\n`,
  );
  console.log(
    "target".padEnd(40) +
      "app req/s".padStart(11) +
      "p50 ms".padStart(8) +
      "p99 ms".padStart(8) +
      "static req/s".padStart(14) +
      "p99 ms".padStart(8) +
      "ratio".padStart(8),
  );
}

/** One table row; returns the ratio app / static. */
export function row(label, app, baseline) {
  const ratio = app.requests.average / baseline.requests.average;
  const errors = app.errors + app.non2xx + baseline.errors + baseline.non2xx;
  console.log(
    label.padEnd(40) +
      app.requests.average.toFixed(0).padStart(11) +
      String(app.latency.p50).padStart(8) +
      String(app.latency.p99).padStart(8) +
      baseline.requests.average.toFixed(0).padStart(14) +
      String(baseline.latency.p99).padStart(8) +
      `${(ratio * 100).toFixed(1)}%`.padStart(8) +
      (errors ? `  (${errors} errors or non-2xx)` : ""),
  );
  return ratio;
}

export const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
