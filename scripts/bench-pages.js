// Load test of the anonymous marketing pages against a static baseline that
// serves the very same HTML bytes. Not a test: it prints req/s and p99 for
// both and the ratio. Loopback only, bounded in time, cleans up after itself.
//   npm run bench:pages            (BENCH_SECONDS=5 BENCH_CONNECTIONS=10 by default)
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const root = path.resolve(import.meta.dirname, "..");
const PAGES = ["/", "/services", "/solutions", "/creative-tokens", "/strategy?service=Graphic%20Design"];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const HOST = "127.0.0.1";

const freePort = () =>
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

// The baseline runs in its own process, so it does not share a CPU with autocannon.
const STATIC_SERVER = `
const http = require("node:http");
const pages = new Map(JSON.parse(require("node:fs").readFileSync(0, "utf8")).map(([p, b]) => [p, Buffer.from(b, "base64")]));
http.createServer((req, res) => {
  const body = pages.get(req.url);
  if (!body) { res.writeHead(404).end(); return; }
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length });
  res.end(body);
}).listen(Number(process.env.PORT), "${HOST}", () => console.log("ready"));
`;

function load(url, options = { connections: CONNECTIONS, duration: SECONDS }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

if (!existsSync(path.join(root, "build/server/index.js"))) {
  console.log("No build yet: running npm run build first.");
  if (spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" }).status !== 0) process.exit(1);
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), "ascendra-bench-"));
const [appPort, staticPort] = [await freePort(), await freePort()];
const app = spawn(process.execPath, ["server.js"], {
  cwd: root,
  env: { ...process.env, NODE_ENV: "production", PORT: String(appPort), HOST, DATA_DIR: dataDir, DATABASE_URL: "" },
  stdio: ["ignore", "ignore", "inherit"],
});
let baseline;
try {
  const appUrl = `http://${HOST}:${appPort}`;
  await waitFor(`${appUrl}/healthz`, app);

  // The baseline serves each page exactly as the app sent it once.
  const saved = [];
  for (const page of PAGES) {
    const response = await fetch(appUrl + page);
    if (!response.ok) throw new Error(`${page} answered ${response.status}`);
    saved.push([page, Buffer.from(await response.arrayBuffer()).toString("base64")]);
  }
  baseline = spawn(process.execPath, ["-e", STATIC_SERVER], { env: { ...process.env, PORT: String(staticPort) }, stdio: ["pipe", "pipe", "inherit"] });
  baseline.stdin.end(JSON.stringify(saved));
  await new Promise((resolve) => baseline.stdout.once("data", resolve));
  const staticUrl = `http://${HOST}:${staticPort}`;

  console.log(`${SECONDS} s per target, ${CONNECTIONS} connections, Node ${process.version}, ${os.cpus().length} CPUs\n`);
  console.log("page".padEnd(38) + "app req/s".padStart(11) + "p99 ms".padStart(8) + "static req/s".padStart(14) + "p99 ms".padStart(8) + "ratio".padStart(8));
  const ratios = [];
  for (const page of PAGES) {
    await load(appUrl + page, { connections: 2, amount: 200 }); // warm-up, not measured
    const a = await load(appUrl + page);
    const s = await load(staticUrl + page);
    const ratio = a.requests.average / s.requests.average;
    ratios.push(ratio);
    const errors = a.errors + a.non2xx + s.errors + s.non2xx;
    console.log(
      page.padEnd(38) +
        a.requests.average.toFixed(0).padStart(11) +
        String(a.latency.p99).padStart(8) +
        s.requests.average.toFixed(0).padStart(14) +
        String(s.latency.p99).padStart(8) +
        `${(ratio * 100).toFixed(1)}%`.padStart(8) +
        (errors ? `  (${errors} errors or non-2xx)` : ""),
    );
  }
  const median = [...ratios].sort((x, y) => x - y)[Math.floor(ratios.length / 2)];
  console.log(`\nmedian ratio app / static: ${(median * 100).toFixed(1)}%`);
} finally {
  baseline?.kill();
  app.kill("SIGTERM");
  await new Promise((resolve) => (app.exitCode !== null ? resolve() : app.once("exit", resolve)));
  await rm(dataDir, { recursive: true, force: true });
}
