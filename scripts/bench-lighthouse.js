// Lighthouse (mobile) against the production build in the system Chromium,
// over every page of the sitemap (/sitemap.xml), RUNS times per page; prints
// the median performance score per page with the other three categories and
// the lab metrics of the median run. Lighthouse is installed on the side,
// under node_modules/.cache, never as a project dependency (it breaks lockfile
// installs). Lighthouse 13 needs Node 22, so on Node 20 the last 12.x is used.
// Not a test: run by hand.
//   npm run bench:lighthouse                       every sitemap page, 3 runs each
//   npm run bench:lighthouse -- /contact /gift     only these pages
//   LIGHTHOUSE_PAGES=routes npm run bench:lighthouse
//       one page per route (the first colour, service, post and article), not all of them
//   LIGHTHOUSE_RUNS=1 …                            runs per page (default 3)
//   LIGHTHOUSE_URL=http://127.0.0.1:3000 …          a server already running, instead of starting one;
//       several, comma-separated (two builds, before and after a change), are measured side by
//       side: each page's runs alternate between them, so both see the same load on the machine
//   LIGHTHOUSE_CPU_SLOWDOWN=2 …                     Lighthouse's CPU multiplier (default 4), for a
//       machine much slower than the desktop the default assumes (see the benchmark index printed)
//   LIGHTHOUSE_CATEGORIES=performance …             only the performance score (faster)
//   CHROME_PATH=/usr/bin/chromium by default
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild, root, startApp } from "./bench-lib.js";

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const given = process.argv.slice(2);
const VERSION = Number(process.versions.node.split(".")[0]) >= 22 ? "13.5.0" : "12.8.2";
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const toolDir = path.join(root, "node_modules/.cache/lighthouse-bench", VERSION);
const cli = path.join(toolDir, "node_modules/lighthouse/cli/index.js");

if (!existsSync(cli)) {
  console.log(`Installing lighthouse@${VERSION} on the side (${path.relative(root, toolDir)}) …`);
  mkdirSync(toolDir, { recursive: true });
  const install = spawnSync(
    "npm",
    [
      "install",
      "--prefix",
      toolDir,
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--no-package-lock",
      `lighthouse@${VERSION}`,
    ],
    { stdio: "inherit" },
  );
  if (install.status !== 0) process.exit(1);
}
if (!existsSync(CHROME)) {
  console.error(`No Chromium at ${CHROME} (apt-get install -y chromium, or set CHROME_PATH).`);
  process.exit(1);
}

// LIGHTHOUSE_URL: servers already running (a seeded data dir boots in seconds; a fresh one can take
// over a minute on a busy machine). Without it, this worktree's build on a fresh data dir.
const targets = process.env.LIGHTHOUSE_URL
  ? process.env.LIGHTHOUSE_URL.split(",").map((url) => ({
      url: url.trim().replace(/\/$/, ""),
      stop: async () => {},
    }))
  : [(ensureBuild(), await startApp())];

/** The sitemap's paths; with LIGHTHOUSE_PAGES=routes, the first of each route's family only. */
async function sitemapPages() {
  const xml = await (await fetch(`${targets[0].url}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
    const url = new URL(m[1].replaceAll("&amp;", "&"));
    return url.pathname + url.search;
  });
  if (process.env.LIGHTHOUSE_PAGES !== "routes") return paths;
  const family = (p) => p.replace(/\?.*$/, "").replace(/^\/(solutions|blog|article)\/.+$/, "/$1/:x");
  const seen = new Set();
  return paths.filter((p) => {
    const key = p.includes("?") ? `${family(p)}?` : family(p);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
const PAGES = given.length ? given : await sitemapPages();
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
// LIGHTHOUSE_REPORTS=dir keeps the JSON reports there (to see which element shifts or blocks).
const keep = process.env.LIGHTHOUSE_REPORTS;
const outDir = keep ? path.resolve(keep) : path.join(os.tmpdir(), `ascendra-lighthouse-${process.pid}`);
mkdirSync(outDir, { recursive: true });
// LIGHTHOUSE_CATEGORIES=performance skips the other three (a run takes about half as long).
const CATEGORIES = (
  process.env.LIGHTHOUSE_CATEGORIES ?? "performance,accessibility,best-practices,seo"
).split(",");
const METRICS = [
  ["FCP", "first-contentful-paint"],
  ["LCP", "largest-contentful-paint"],
  ["TBT", "total-blocking-time"],
  ["CLS", "cumulative-layout-shift"],
  ["SI", "speed-index"],
];
const CPU = process.env.LIGHTHOUSE_CPU_SLOWDOWN;
const rows = [];
try {
  for (const page of PAGES) {
    const runs = targets.map(() => []);
    const unscored = targets.map(() => []);
    // Alternate between the targets run by run, so a burst of load lands on both. A run that
    // produced no performance score (Chromium reported no LCP, say) is not a measurement: it is
    // listed and run again, at most twice.
    for (let i = 0; i < RUNS; i++) {
      targets.forEach((target, t) => {
        for (let attempt = 0; attempt < 3; attempt++) {
          const result = lighthouse(target, t, page, i, attempt);
          if (!result) return;
          if (result.unscored) {
            unscored[t].push(result.unscored);
            continue;
          }
          runs[t].push(result);
          return;
        }
      });
    }
    const cells = runs.map((list) => {
      if (!list.length) return null;
      // The run with the median performance score stands for the page; every score is listed.
      const scores = list.map((r) => r.performance);
      const middle = list.find((r) => r.performance === median(scores));
      return { ...middle, scores, benchmark: median(list.map((r) => r.benchmark)) };
    });
    cells.forEach((cell, t) => {
      if (cell) cell.unscored = unscored[t];
    });
    rows.push({ page, cells });
    console.error(
      `${page}: ${cells.map((c) => (c ? `${c.scores.join(" ")} (JS ${c.js} KiB, ${c.metrics})${c.unscored.length ? `; run again after: ${c.unscored.join(", ")}` : ""}` : "error")).join("  |  ")}`,
    );
  }
} finally {
  for (const target of targets) await target.stop();
  if (!keep) rmSync(outDir, { recursive: true, force: true });
}

function lighthouse(target, t, page, i, attempt) {
  const name = `${page.replace(/\W+/g, "_") || "home"}${targets.length > 1 ? `-t${t + 1}` : ""}-${i + 1}${attempt ? `-again${attempt}` : ""}.json`;
  const report = path.join(outDir, name);
  const run = spawnSync(
    process.execPath,
    [
      cli,
      target.url + page,
      "--quiet",
      "--output=json",
      `--output-path=${report}`,
      `--only-categories=${CATEGORIES.join(",")}`,
      ...(CPU ? [`--throttling.cpuSlowdownMultiplier=${CPU}`] : []),
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking --disable-component-update --no-first-run --disable-sync",
    ],
    { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" },
  );
  // A run Lighthouse gave up on (the first run in a fresh Chromium sometimes records no navigation
  // start: NO_NAVSTART) is not a measurement either: it is named and run again like an unscored one.
  if (run.status !== 0 || !existsSync(report)) {
    const code = /\(([A-Z_]+)\)\s*$/m.exec(run.stderr ?? "")?.[1];
    if (code) return { unscored: code };
    process.stderr.write(run.stderr ?? "");
    return null;
  }
  const { categories, audits, environment } = JSON.parse(readFileSync(report, "utf8"));
  if (categories.performance && categories.performance.score === null) {
    const reasons = new Set(Object.values(audits).flatMap((a) => (a.errorMessage ? [a.errorMessage] : [])));
    return { unscored: [...reasons].join(" ") || "no score" };
  }
  const score = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]));
  // What cost points: the weighted audits below a full score.
  const failing = CATEGORIES.flatMap((c) =>
    (categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && audits[ref.id]?.score < 1)
      .map((ref) => `${c}:${ref.id}`),
  ).join(", ");
  const metrics = METRICS.map(([label, id]) => `${label} ${audits[id]?.displayValue ?? "?"}`).join(", ");
  // JavaScript the page downloaded (transfer size, so compressed), whenever it started.
  const scripts = audits["resource-summary"]?.details?.items?.find((item) => item.resourceType === "script");
  const js = ((scripts?.transferSize ?? 0) / 1024).toFixed(1);
  // Lighthouse's own measure of how fast the machine was at that moment (a quiet desktop: ~1,500).
  return { ...score, js, metrics, failing, benchmark: Math.round(environment?.benchmarkIndex ?? 0) };
}

const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(" ");
console.log(
  `\nLighthouse ${VERSION}, mobile, ${path.basename(CHROME)}, CPU slowdown ${CPU ?? "4 (default)"}, ${os.cpus().length} CPUs, ` +
    `median of ${RUNS} run(s) per page, load average at the end ${load}`,
);
targets.forEach((target, t) => console.log(`  target ${t + 1}: ${target.url}`));
const header = [
  "page",
  ...targets.map(
    (_, t) =>
      `${targets.length > 1 ? `${t + 1}: ` : ""}performance (runs) · ${CATEGORIES.slice(1).join("/") || "-"} · JS KiB · benchmark index`,
  ),
];
console.log(`\n| ${header.join(" | ")} |\n|${header.map(() => " --- |").join("")}`);
for (const { page, cells } of rows) {
  const shown = cells.map((c) =>
    c
      ? `**${c.performance}** (${c.scores.join(" ")}) · ${CATEGORIES.slice(1)
          .map((cat) => c[cat])
          .join(
            "/",
          )} · ${c.js} · ${c.benchmark}${c.unscored.length ? ` · ${c.unscored.length} run(s) without a score, repeated` : ""}`
      : "error",
  );
  console.log(`| \`${page}\` | ${shown.join(" | ")} |`);
}
console.log("\nThe median run's lab metrics, and what cost it points:");
for (const { page, cells } of rows)
  cells.forEach((c, t) => {
    if (!c) return;
    const label = targets.length > 1 ? `${page} [${t + 1}]` : page;
    console.log(`${label}: ${c.metrics}${c.failing ? `\n  below full score: ${c.failing}` : ""}`);
  });
