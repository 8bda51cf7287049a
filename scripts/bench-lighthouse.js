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

ensureBuild();
const app = await startApp();

/** The sitemap's paths; with LIGHTHOUSE_PAGES=routes, the first of each route's family only. */
async function sitemapPages() {
  const xml = await (await fetch(`${app.url}/sitemap.xml`)).text();
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
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const rows = [];
const details = [];
try {
  for (const page of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = lighthouse(page, i);
      if (result) runs.push(result);
    }
    if (!runs.length) {
      rows.push([page, ...CATEGORIES.map(() => "error")]);
      continue;
    }
    // The run with the median performance score stands for the page; all scores are printed.
    const scores = runs.map((r) => r.performance);
    const middle = runs.find((r) => r.performance === median(scores));
    rows.push([
      page,
      String(middle.performance),
      ...CATEGORIES.slice(1).map((c) => String(middle[c])),
      middle.js,
      scores.join(" "),
    ]);
    details.push(
      `${page}: ${middle.metrics}${middle.failing ? `\n  below full score: ${middle.failing}` : ""}`,
    );
    console.error(`${page}: ${scores.join(" ")}`);
  }
} finally {
  await app.stop();
  if (!keep) rmSync(outDir, { recursive: true, force: true });
}

function lighthouse(page, i) {
  const report = path.join(outDir, `${page.replace(/\W+/g, "_") || "home"}-${i + 1}.json`);
  const run = spawnSync(
    process.execPath,
    [
      cli,
      app.url + page,
      "--quiet",
      "--output=json",
      `--output-path=${report}`,
      `--only-categories=${CATEGORIES.join(",")}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking --disable-component-update --no-first-run --disable-sync",
    ],
    { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ["ignore", "ignore", "inherit"] },
  );
  if (run.status !== 0 || !existsSync(report)) return null;
  const { categories, audits } = JSON.parse(readFileSync(report, "utf8"));
  const score = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]));
  // What cost points: the weighted audits below a full score, and the lab metrics.
  const failing = CATEGORIES.flatMap((c) =>
    (categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && audits[ref.id]?.score < 1)
      .map((ref) => `${c}:${ref.id}`),
  ).join(", ");
  const metrics = [
    "first-contentful-paint",
    "largest-contentful-paint",
    "total-blocking-time",
    "cumulative-layout-shift",
    "speed-index",
  ]
    .map(
      (id) =>
        `${id
          .split("-")
          .map((w) => w[0])
          .join("")
          .toUpperCase()} ${audits[id]?.displayValue ?? "?"}`,
    )
    .join(", ");
  // JavaScript the page downloaded (transfer size, so compressed), whenever it started.
  const scripts = audits["resource-summary"]?.details?.items?.find((item) => item.resourceType === "script");
  const js = `${((scripts?.transferSize ?? 0) / 1024).toFixed(1)}`;
  return { ...score, js, metrics, failing };
}

console.log(
  `\nLighthouse ${VERSION}, mobile, ${path.basename(CHROME)}, ${os.cpus().length} CPUs, median of ${RUNS} run(s) per page, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}\n`,
);
console.log(
  `${"page".padEnd(44) + [...CATEGORIES, "JS KiB"].map((c) => c.padStart(16)).join("")}   performance runs`,
);
for (const [page, ...scores] of rows)
  console.log(
    page.padEnd(44) +
      scores
        .slice(0, 5)
        .map((s) => s.padStart(16))
        .join("") +
      `   ${scores[5] ?? ""}`,
  );
console.log(`\n${details.join("\n")}`);
