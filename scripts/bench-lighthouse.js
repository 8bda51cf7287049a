// Lighthouse (mobile) against the production build in the system Chromium,
// for the pages the issue names; prints the four category scores per page.
// Lighthouse is installed on the side, under node_modules/.cache, never as a
// project dependency (it breaks lockfile installs). Lighthouse 13 needs Node
// 22, so on Node 20 the last 12.x is used. Not a test: run by hand.
//   npm run bench:lighthouse       (CHROME_PATH=/usr/bin/chromium by default)
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild, root, startApp } from "./bench-lib.js";

// Pages given on the command line (npm run bench:lighthouse -- /contact) replace the default list.
const PAGES =
  process.argv.length > 2
    ? process.argv.slice(2)
    : ["/", "/services", "/contact", "/solutions", "/creative-tokens", "/blogpage"];
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
// LIGHTHOUSE_REPORTS=dir keeps the JSON reports there (to see which element shifts or blocks).
const keep = process.env.LIGHTHOUSE_REPORTS;
const outDir = keep ? path.resolve(keep) : path.join(os.tmpdir(), `ascendra-lighthouse-${process.pid}`);
mkdirSync(outDir, { recursive: true });
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const rows = [];
const details = [];
try {
  for (const page of PAGES) {
    const report = path.join(outDir, `${page.replace(/\W+/g, "_") || "home"}.json`);
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
    if (run.status !== 0 || !existsSync(report)) {
      rows.push([page, ...CATEGORIES.map(() => "error")]);
      continue;
    }
    const { categories, audits } = JSON.parse(readFileSync(report, "utf8"));
    rows.push([page, ...CATEGORIES.map((c) => String(Math.round((categories[c]?.score ?? 0) * 100)))]);
    // What cost points: the weighted audits below a full score, and the lab metrics.
    const failing = CATEGORIES.flatMap((c) =>
      (categories[c]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && audits[ref.id]?.score < 1)
        .map((ref) => `${c}:${ref.id}`),
    );
    const metrics = [
      "first-contentful-paint",
      "largest-contentful-paint",
      "total-blocking-time",
      "cumulative-layout-shift",
      "speed-index",
    ].map(
      (id) =>
        `${id
          .split("-")
          .map((w) => w[0])
          .join("")
          .toUpperCase()} ${audits[id]?.displayValue ?? "?"}`,
    );
    details.push(
      `${page}: ${metrics.join(", ")}${failing.length ? `\n  below full score: ${failing.join(", ")}` : ""}`,
    );
  }
} finally {
  await app.stop();
  if (!keep) rmSync(outDir, { recursive: true, force: true });
}

console.log(`\nLighthouse ${VERSION}, mobile, ${path.basename(CHROME)}, ${os.cpus().length} CPUs\n`);
console.log("page".padEnd(20) + CATEGORIES.map((c) => c.padStart(16)).join(""));
for (const [page, ...scores] of rows)
  console.log(page.padEnd(20) + scores.map((s) => s.padStart(16)).join(""));
console.log(`\n${details.join("\n")}`);
