// Two (or more) running builds side by side on the signed-in targets of
// bench:http, for a before/after of a change: a client with one project is
// signed up on each server, and each target's runs alternate between the
// servers, so both meet the same load on a shared machine. Prints median
// req/s, p50 and p99 per server and each server's ratio to the first.
// Not a test; loopback only, bounded in time (targets × servers × runs × seconds).
//   BENCH_URLS=http://127.0.0.1:3901,http://127.0.0.1:3902 npm run bench:side-by-side
//   … npm run bench:side-by-side -- /dashboard2 /order     only these targets (by label)
// Settings: BENCH_SECONDS (4) per run, BENCH_RUNS (3), BENCH_CONNECTIONS (10).
import { load, median, signedInTargets } from "./bench-lib.js";

const urls = (process.env.BENCH_URLS ?? "").split(",").filter(Boolean);
if (urls.length < 2) {
  console.error("BENCH_URLS needs two or more running servers, comma-separated (before,after).");
  process.exit(2);
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const only = process.argv.slice(2);

const perServer = await Promise.all(urls.map((url) => signedInTargets(url)));
const labels = perServer[0].map((t) => t.label).filter((label) => !only.length || only.includes(label));

console.log(`${RUNS} runs of ${SECONDS} s per target and server, alternating; medians`);
urls.forEach((url, i) => console.log(`  server ${i + 1}: ${url}`));
console.log();
for (const label of labels) {
  const targets = perServer.map((list) => list.find((t) => t.label === label));
  const results = urls.map(() => []);
  for (const [i, target] of targets.entries())
    await load(urls[i] + target.path, { headers: target.headers, connections: 2, amount: 200 });
  for (let run = 0; run < RUNS; run++) {
    // The first server goes first in even runs and last in odd ones.
    const order = run % 2 ? [...urls.keys()].reverse() : [...urls.keys()];
    for (const i of order)
      results[i].push(
        await load(urls[i] + targets[i].path, { headers: targets[i].headers, duration: SECONDS }),
      );
  }
  const summary = results.map((runs) => ({
    rps: median(runs.map((r) => r.requests.average)),
    p50: median(runs.map((r) => r.latency.p50)),
    p99: median(runs.map((r) => r.latency.p99)),
    errors: runs.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
  }));
  const cells = summary.map(
    (s, i) =>
      `${i + 1}: ${s.rps.toFixed(0)} req/s (p50 ${s.p50} ms, p99 ${s.p99} ms)` +
      (i ? ` ${(s.rps / summary[0].rps).toFixed(2)}×` : "") +
      (s.errors ? ` [${s.errors} errors or non-2xx]` : ""),
  );
  console.log(`${label.padEnd(24)} ${cells.join("  |  ")}`);
}
