// Load test of the signed-in pages and an API read, each beside, in the same
// run, a stock React Router app (scripts/bench-baseline, built here) answering
// a page of the same byte size from static data, and a static server sending
// the same bytes; on the embedded PGlite and on PostgreSQL, and with 1 and 2
// app processes on PostgreSQL behind nginx (scripts/cluster.sh), with where
// the CPU goes during the 2-process run. Medians of BENCH_RUNS runs per
// target. Not a test; loopback only, bounded in time (about 6 minutes).
//   npm run bench:http       PGlite, PostgreSQL (a throwaway server) and the cluster
//   npm run bench:http:pg    PostgreSQL and the cluster only
// Settings: BENCH_SECONDS (2) per run, BENCH_RUNS (3), BENCH_CONNECTIONS (10), BENCH_WARMUP (5 s
// of load before measuring each server on each target; it was 20 requests), BENCH_CLUSTER_PORT,
// BENCH_DATABASES (pglite,postgres), BENCH_CLUSTER (1; 0 skips the nginx runs),
// BENCH_TARGETS (comma-separated labels, e.g. "/dashboard2,/dashboard2.data"; all by default),
// BENCH_PAIRED (0; 1 alternates each app run with a run of its stock page, so both meet the same
// load on a shared machine, and the share is of those stock runs). Beside req/s, each row has the
// app's and the stock server's CPU time per answer (/proc) and their ratio, the "CPU share": what
// the req/s share would be with a core each, and far steadier than it on a busy machine.
import os from "node:os";
import {
  CONNECTIONS,
  ensureBuild,
  load,
  median,
  findPostgresServer,
  sampleCpu,
  startApp,
  startBaseline,
  startCluster,
  startStatic,
  signedInTargets,
  withChildren,
  cpuMs,
} from "./bench-lib.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
// Seconds of load before measuring each server on each target, the same for the app and the stock
// page: enough for V8 to have compiled the hot paths of a large bundle, as in a server that has been
// up a while (20 requests left the app's first runs a third slower than its later ones).
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const warmUp = (url, headers = {}) => load(url, { headers, duration: WARMUP });
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? "";
const databases = (process.env.BENCH_DATABASES ?? (databaseUrl ? "pglite,postgres" : "pglite")).split(",");
const onlyTargets = process.env.BENCH_TARGETS ? new Set(process.env.BENCH_TARGETS.split(",")) : undefined;
const pick = (targets) => (onlyTargets ? targets.filter((t) => onlyTargets.has(t.label)) : targets);
const withCluster = databases.includes("postgres") && process.env.BENCH_CLUSTER !== "0";
if (databases.includes("postgres") && !databaseUrl) {
  console.error("PostgreSQL runs need DATABASE_URL: npm run bench:http starts a throwaway server.");
  process.exit(2);
}

ensureBuild();

/** The stock app's URL for a page of `bytes` bytes of this kind: its size is linear in ?n=items. */
async function baselinePath(baseline, kind, bytes) {
  const pathOf = (n) => (kind === "json" ? `/json?n=${n}` : `/page${kind === "data" ? ".data" : ""}?n=${n}`);
  const size = async (n) => (await (await fetch(baseline.url + pathOf(n))).arrayBuffer()).byteLength;
  const [empty, hundred] = [await size(0), await size(100)];
  const n = Math.max(0, Math.round(((bytes - empty) / (hundred - empty)) * 100));
  return { path: pathOf(n), bytes: await size(n) };
}

const PAIRED = process.env.BENCH_PAIRED === "1";

const summarize = (runs) => ({
  rps: median(runs.map((r) => r.requests.average)),
  p50: median(runs.map((r) => r.latency.p50)),
  p99: median(runs.map((r) => r.latency.p99)),
  // The server's CPU time per answer (median of the runs; null when its pid is not known): unlike
  // req/s, it barely moves with what else the machine is doing.
  cpu: runs.every((r) => r.cpuMs !== undefined) ? median(runs.map((r) => r.cpuMs)) : null,
  errors: runs.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
});

/** One run against `url`, with the CPU time `pid` (the server) spent per answer. */
async function run(url, headers, pid) {
  const before = pid ? cpuMs(pid) : 0;
  const result = await load(url, { headers, duration: SECONDS });
  if (pid) result.cpuMs = (cpuMs(pid) - before) / Math.max(1, result.requests.total);
  return result;
}

/** Median req/s, p50, p99 and CPU per answer of RUNS runs (after a warm-up); errors are counted. */
async function measure(url, headers, pid) {
  await warmUp(url, headers);
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await run(url, headers, pid));
  return summarize(runs);
}

/** The app's page and its stock page, their runs alternating (BENCH_PAIRED=1). */
async function measurePaired(url, headers, pid, stockUrl, stockPid) {
  await warmUp(url, headers);
  await warmUp(stockUrl);
  const app = [];
  const stock = [];
  for (let i = 0; i < RUNS; i++) {
    app.push(await run(url, headers, pid));
    stock.push(await run(stockUrl, {}, stockPid));
  }
  return { app: summarize(app), stock: summarize(stock) };
}

const pct = (x) => `${(x * 100).toFixed(0)}%`;
const cells = (values, widths) =>
  values.map((v, i) => String(v)[i ? "padStart" : "padEnd"](widths[i])).join("");

function printTable(title, rows, cluster) {
  console.log(`\n${title}`);
  const widths = [24, 8, 9, 7, 7, 10, 7, 10, 8, 10, 10, ...(cluster ? [11, 11, 7] : [])];
  console.log(
    cells(
      [
        "target",
        "bytes",
        "req/s",
        "p50",
        "p99",
        "stock RR",
        "share",
        "static",
        "ms CPU",
        "stock ms",
        "CPU share",
        ...(cluster ? ["nginx+1", "nginx+2", "2/1"] : []),
      ],
      widths,
    ),
  );
  for (const r of rows) {
    const errors = r.app.errors + (r.one?.errors ?? 0) + (r.two?.errors ?? 0);
    console.log(
      cells(
        [
          r.label,
          r.bytes,
          r.app.rps.toFixed(0),
          r.app.p50,
          r.app.p99,
          r.stock.rps.toFixed(0),
          pct(r.app.rps / r.stock.rps),
          r.static.rps.toFixed(0),
          r.app.cpu === null ? "—" : r.app.cpu.toFixed(2),
          r.stock.cpu === null ? "—" : r.stock.cpu.toFixed(2),
          r.app.cpu && r.stock.cpu ? pct(r.stock.cpu / r.app.cpu) : "—",
          ...(cluster
            ? [r.one.rps.toFixed(0), r.two.rps.toFixed(0), `${(r.two.rps / r.one.rps).toFixed(2)}×`]
            : []),
        ],
        widths,
      ) + (errors ? `  (${errors} errors or non-2xx)` : ""),
    );
  }
}

const loadBefore = os.loadavg();
console.log(
  `${RUNS} runs of ${SECONDS} s per target (medians), ${CONNECTIONS} connections, Node ${process.version}, ` +
    `${os.cpus().length} CPUs, load average ${loadBefore.map((l) => l.toFixed(2)).join(" ")}`,
);
console.log("Building the stock React Router app (scripts/bench-baseline)…");
const baseline = await startBaseline();
const cleanups = [() => baseline.stop()];
// Stock RR and static figures, measured once (beside the first database's run) and kept per target.
const references = new Map();
const results = {};
try {
  for (const database of databases) {
    const app = await startApp({ DATABASE_URL: database === "postgres" ? databaseUrl : "" });
    try {
      const targets = pick(await signedInTargets(app.url));
      const rows = [];
      if (!references.size) {
        const saved = [];
        for (const t of targets) {
          const response = await fetch(app.url + t.path, { headers: t.headers });
          if (response.status !== 200) throw new Error(`${t.path} answered ${response.status}`);
          const body = Buffer.from(await response.arrayBuffer());
          saved.push(["GET", t.path, response.headers.get("content-type") ?? "text/plain", body]);
          references.set(t.label, {
            bytes: body.length,
            stock: await baselinePath(baseline, t.kind, body.length),
          });
        }
        const staticServer = await startStatic(saved);
        cleanups.push(() => staticServer.stop());
        for (const t of targets) {
          const ref = references.get(t.label);
          ref.stockResult = await measure(baseline.url + ref.stock.path, {}, baseline.pid);
          ref.staticResult = await measure(staticServer.url + t.path, {});
        }
      }
      for (const t of targets) {
        const ref = references.get(t.label);
        const paired = PAIRED
          ? await measurePaired(
              app.url + t.path,
              t.headers,
              app.pid,
              baseline.url + ref.stock.path,
              baseline.pid,
            )
          : undefined;
        rows.push({
          label: t.label,
          bytes: ref.bytes,
          app: paired?.app ?? (await measure(app.url + t.path, t.headers, app.pid)),
          stock: paired?.stock ?? ref.stockResult,
          static: ref.staticResult,
        });
      }
      results[database] = rows;
      if (database === "pglite") printTable("Embedded PGlite, one process", rows, false);
    } finally {
      await app.stop();
    }
  }

  let cpu;
  if (withCluster) {
    // PostgreSQL's server process (started by scripts/with-postgres.sh on this machine) and its backends.
    const postmaster = findPostgresServer(new URL(databaseUrl).port || "5432");
    for (const processes of [1, 2]) {
      const cluster = await startCluster(processes, databaseUrl);
      try {
        const targets = pick(await signedInTargets(cluster.url));
        for (const t of targets) await warmUp(cluster.url + t.path, t.headers);
        const stop =
          processes === 2 &&
          sampleCpu({
            "load generator (autocannon)": [process.pid],
            nginx: withChildren(cluster.nginx),
            ...(postmaster ? { postgres: withChildren(postmaster) } : {}),
            ...Object.fromEntries(cluster.apps.map((pid, i) => [`app${i + 1}`, [pid]])),
          });
        for (const t of targets) {
          const row = results.postgres.find((r) => r.label === t.label);
          row[processes === 1 ? "one" : "two"] = await measure(cluster.url + t.path, t.headers);
        }
        if (stop) cpu = stop();
      } finally {
        await cluster.stop();
      }
    }
  }
  if (results.postgres)
    printTable("PostgreSQL, one process (and 1 vs 2 processes behind nginx)", results.postgres, withCluster);
  for (const [label, ref] of references)
    if (Math.abs(ref.stock.bytes - ref.bytes) > ref.bytes * 0.05)
      console.log(`note: the stock page beside ${label} has ${ref.stock.bytes} bytes (target ${ref.bytes}).`);
  if (cpu) {
    console.log(
      `\nCPU during the 2-process run (% of one core; ${os.cpus().length} cores = ${os.cpus().length * 100}%):`,
    );
    for (const [name, share] of Object.entries(cpu))
      console.log(`  ${name.padEnd(34)} ${share.toFixed(0).padStart(5)}%`);
  }
  console.log(
    `\nload average before ${loadBefore.map((l) => l.toFixed(2)).join(" ")}, after ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
