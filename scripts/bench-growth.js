// npm run bench:growth: does a signed-in page grow with the client's history?
// On the production build (built first if missing), on the embedded database
// or on BENCH_DATABASE_URL's PostgreSQL: seeds a light and a heavy client
// (scripts/seed-load.ts), starts the server, then for every signed-in client
// page and list read measures the median latency of sequential requests
// (BENCH_GROWTH_REQUESTS each, after a warm-up, the two clients' requests
// alternating) as the light and as the heavy client, and prints the ratio and the document's bytes (uncompressed).
// "STAFF <path>" targets are the back-office's pages about a client, loaded by
// the load seed's staff account for the heavy and for the light client.
// The aim (docs/performance.md, "Growth"): heavy within 1.5× of light.
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ensureBuild, median, root, startApp } from "./bench-lib.js";

const REQUESTS = Number(process.env.BENCH_GROWTH_REQUESTS ?? 30);
const WARM_UP = 5;
const AIM = 1.5;

/** Every signed-in client page (app/routes.ts) and the API's list reads; `:project` is the client's busiest project. */
const TARGETS = [
  "/dashboard2",
  "/dashboard2/shop",
  "/dashboard2/purchases",
  "/dashboard2/recommendations",
  "/dashboard2/projects",
  "/dashboard2/billing",
  "/dashboard2/billing/tokens",
  "/dashboard2/billing/plans/starter",
  "/dashboard2/profile",
  "/dashboard2/notifications",
  "/cart",
  "/order",
  "/project/:project",
  "/createprojectform",
  "/manageaccount",
  "/manageaccount/profile",
  "/manageaccount/projects",
  "/manageaccount/billing",
  "/manageaccount/billing/payment-methods",
  "/dashboard2.data",
  "GET /api/projects/",
  "GET /api/notifications/",
  "GET /api/token-history/",
  "GET /api/my-purchases/",
  "GET /api/subscription-history/",
  "GET /api/dashboard/stats/",
  "GET /api/cart/",
  "STAFF /admin/clients/:client",
];

ensureBuild();
const dataDir = await mkdtemp(path.join(os.tmpdir(), "ascendra-growth-"));
const database = process.env.BENCH_DATABASE_URL ?? "";
console.log(`Database: ${database ? "PostgreSQL (BENCH_DATABASE_URL)" : "embedded PGlite"}`);

// The load data first, on the data directory (or database) the server then opens.
const seeded = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed-load.ts", "--json"], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database },
  encoding: "utf8",
  stdio: ["ignore", "pipe", "inherit"],
});
if (seeded.status !== 0) process.exit(1);
const load = JSON.parse(seeded.stdout.trim().split("\n").at(-1));
console.log(`Seeded in ${load.seconds} s: ${load.heavy.username} (heavy), ${load.light.username} (light).`);

const app = await startApp({ DATA_DIR: dataDir });
try {
  const signIn = async (account) => {
    const login = await fetch(`${app.url}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: account.username, password: account.password }),
      redirect: "manual",
    });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
    if (!cookie) throw new Error(`form sign-in of ${account.username} set no cookie`);
    const api = await fetch(`${app.url}/api/auth/login/`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: account.username, password: account.password }),
    });
    const { token } = await api.json();
    if (!token) throw new Error(`API sign-in of ${account.username} gave no token`);
    return { cookie, token, id: account.id, project: account.project };
  };
  const clients = { light: await signIn(load.light), heavy: await signIn(load.heavy) };
  const staff = await signIn(load.staff);

  const request = (target, client) => {
    const api = target.startsWith("GET ");
    const path = target
      .replace(/^(GET|STAFF) /, "")
      .replace(":project", client.project)
      .replace(":client", client.id);
    const url = `${app.url}${path}`;
    const viewer = target.startsWith("STAFF ") ? staff : client;
    const headers = api ? { Authorization: `Token ${viewer.token}` } : { cookie: viewer.cookie };
    return async () => {
      const started = performance.now();
      const response = await fetch(url, { headers, redirect: "manual" });
      const body = await response.arrayBuffer();
      return { ms: performance.now() - started, bytes: body.byteLength, status: response.status };
    };
  };

  /**
   * Median milliseconds and the body's bytes of `target` for each client. The
   * two clients' requests alternate, so a busy moment on this shared machine
   * falls on both rather than on one.
   */
  const measure = async (target) => {
    const sends = { light: request(target, clients.light), heavy: request(target, clients.heavy) };
    const seen = { light: { times: [], bytes: 0, status: 0 }, heavy: { times: [], bytes: 0, status: 0 } };
    for (let i = 0; i < WARM_UP + REQUESTS; i++)
      for (const who of i % 2 ? ["heavy", "light"] : ["light", "heavy"]) {
        const { ms, bytes, status } = await sends[who]();
        if (i >= WARM_UP) seen[who].times.push(ms);
        Object.assign(seen[who], { bytes, status });
      }
    const result = (s) => ({ ms: median(s.times), bytes: s.bytes, status: s.status });
    return { light: result(seen.light), heavy: result(seen.heavy) };
  };

  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const rows = [];
  console.log(
    `\nMedian of ${REQUESTS} sequential requests per page and client, alternating (after ${WARM_UP} warm-up).\n`,
  );
  console.log("| page | light p50 | heavy p50 | heavy/light | light bytes | heavy bytes | status |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | --- |");
  for (const target of TARGETS) {
    const { light, heavy } = await measure(target);
    const ratio = heavy.ms / light.ms;
    rows.push({ target, ratio });
    console.log(
      `| ${target} | ${light.ms.toFixed(1)} ms | ${heavy.ms.toFixed(1)} ms | ${ratio.toFixed(2)}×${ratio > AIM ? " ←" : ""} | ${kb(light.bytes)} | ${kb(heavy.bytes)} | ${light.status}/${heavy.status} |`,
    );
  }
  const over = rows.filter((r) => r.ratio > AIM);
  console.log(
    over.length
      ? `\n${over.length} page(s) over ${AIM}×: ${over.map((r) => r.target).join(", ")}`
      : `\nEvery page's heavy p50 within ${AIM}× of light.`,
  );
} finally {
  await app.stop();
  await rm(dataDir, { recursive: true, force: true });
}
