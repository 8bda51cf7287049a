// Shared by the load benchmarks (bench:pages, bench:http): start the production
// build on a throwaway data directory, a static server answering with saved
// bytes, the stock React Router baseline app, the cluster (scripts/cluster.sh),
// autocannon runs and CPU samples. Loopback only; everything started is stopped.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
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
    pid: child.pid,
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

const BASELINE_DIR = path.join(root, "scripts/bench-baseline");

/**
 * Builds the stock React Router app of scripts/bench-baseline with the
 * installed react-router CLI, into a scratch directory inside it (the server
 * build resolves react-router from the repository's node_modules), and serves
 * it with Express + @react-router/express in production mode.
 */
export async function startBaseline() {
  await mkdir(path.join(BASELINE_DIR, ".scratch"), { recursive: true });
  const out = await mkdtemp(path.join(BASELINE_DIR, ".scratch", "build-"));
  const built = spawnSync("npx", ["react-router", "build"], {
    cwd: BASELINE_DIR,
    env: { ...process.env, NODE_ENV: "production", BENCH_BASELINE_OUT: out },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (built.status !== 0) throw new Error("building scripts/bench-baseline failed");
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(BASELINE_DIR, "server.js")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), BENCH_BASELINE_OUT: out },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://${HOST}:${port}`;
  await waitFor(`${url}/page`, child);
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", resolve)));
      await rm(path.join(BASELINE_DIR, ".scratch"), { recursive: true, force: true });
    },
  };
}

/**
 * scripts/cluster.sh with `processes` app processes behind nginx, on the
 * PostgreSQL at `databaseUrl`. Resolves with nginx's URL and the pids.
 */
export async function startCluster(processes, databaseUrl) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "ascendra-bench-cluster-"));
  const info = path.join(dir, "cluster.json");
  const child = spawn(path.join(root, "scripts/cluster.sh"), [], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      CLUSTER_PROCESSES: String(processes),
      CLUSTER_INFO: info,
      // nginx's port (the apps take the next ones); unset: free ports.
      CLUSTER_PORT: process.env.BENCH_CLUSTER_PORT ?? "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; !existsSync(info); i++) {
    if (child.exitCode !== null) throw new Error(`scripts/cluster.sh exited with code ${child.exitCode}`);
    if (i > 1200) throw new Error("the cluster did not start within 120 s");
    await new Promise((r) => setTimeout(r, 100));
  }
  const started = JSON.parse(await readFile(info, "utf8"));
  return {
    ...started,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", resolve)));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

// CPU time from /proc (Linux): utime + stime of a process, in clock ticks (100 a second).
const TICKS = 100;
function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null; // gone
  }
}
const cpuTicks = (pid) => {
  const fields = statFields(pid);
  return fields ? Number(fields[11]) + Number(fields[12]) : 0;
};
/** The CPU time a process has used so far, in milliseconds (10 ms steps). */
export const cpuMs = (pid) => cpuTicks(pid) * (1000 / TICKS);
const parentOf = (pid) => Number(statFields(pid)?.[1] ?? 0);
const pids = () =>
  readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number);

/** The pid of the PostgreSQL server listening on `port` on this machine (its command line says -p port), or null. */
export function findPostgresServer(port) {
  for (const pid of pids()) {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      if (path.basename(argv[0]) === "postgres" && argv[argv.indexOf("-p") + 1] === String(port)) return pid;
    } catch {
      /* gone */
    }
  }
  return null;
}
/** A process and its children (nginx's workers, PostgreSQL's backends). */
export function withChildren(pid) {
  return [pid, ...pids().filter((child) => parentOf(child) === pid)];
}
function machineBusyTicks() {
  const [, ...values] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
  // Not idle (4th) nor iowait (5th).
  const [user, nice, system, , , irq, softirq, steal] = values.map(Number);
  return user + nice + system + irq + softirq + steal;
}

/**
 * Starts sampling the CPU time of groups of processes ({ name: [pids] });
 * the function returned ends the sample and answers each group's share of one
 * core (%), with the whole machine's busy time and what the groups leave of it.
 */
export function sampleCpu(groups) {
  const before = Object.fromEntries(
    Object.entries(groups).map(([name, pids]) => [name, pids.map((pid) => cpuTicks(pid))]),
  );
  const machineBefore = machineBusyTicks();
  const started = performance.now();
  return () => {
    const seconds = (performance.now() - started) / 1000;
    const share = (ticks) => (ticks / TICKS / seconds) * 100;
    const result = {};
    let ours = 0;
    for (const [name, pids] of Object.entries(groups)) {
      const ticks = pids.reduce((sum, pid, i) => sum + Math.max(0, cpuTicks(pid) - before[name][i]), 0);
      ours += ticks;
      result[name] = share(ticks);
    }
    const machine = machineBusyTicks() - machineBefore;
    result["everything else on the machine"] = share(Math.max(0, machine - ours));
    result["whole machine (busy)"] = share(machine);
    return result;
  };
}

/** A client with one project: a session cookie for pages, a token for the API; the targets. */
export async function signedInTargets(url) {
  const username = `bench${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const password = "secret12";
  const signup = await fetch(`${url}/api/auth/signup/`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, email: `${username}@example.com`, password }),
  });
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}`);
  const { token } = await signup.json();
  const authorization = `Token ${token}`;
  const created = await fetch(`${url}/api/projects/`, {
    method: "POST",
    headers: { "Content-Type": "application/json", authorization },
    body: JSON.stringify({
      title: "Spring campaign",
      description: "A teaser for the spring collection, cut for reels and stories.",
      category: "video",
      budget: "10k_50k",
      timeline: "flexible",
    }),
  });
  if (created.status !== 201) throw new Error(`creating a project answered ${created.status}`);
  const { id } = await created.json();
  const login = await fetch(`${url}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password }),
    redirect: "manual",
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  if (!cookie) throw new Error("form sign-in set no cookie");
  // kind: which page of the stock app it is set beside (a document, its .data, a JSON resource).
  return [
    { label: "/dashboard2", path: "/dashboard2", kind: "document", headers: { cookie } },
    { label: "/dashboard2.data", path: "/dashboard2.data", kind: "data", headers: { cookie } },
    { label: "/dashboard2/billing", path: "/dashboard2/billing", kind: "document", headers: { cookie } },
    { label: "/project/:id", path: `/project/${id}`, kind: "document", headers: { cookie } },
    { label: "/order", path: "/order", kind: "document", headers: { cookie } },
    { label: "/manageaccount", path: "/manageaccount", kind: "document", headers: { cookie } },
    { label: "/api/projects/ (token)", path: "/api/projects/", kind: "json", headers: { authorization } },
  ];
}
