// npm test: every check a change must pass, phase by phase, with the time each
// took and the slowest tests at the end. Stops at the first failing step.
//   (typecheck + lint beside vitest) → build + JS budget → http → e2e
// Reports go to TEST_REPORT_DIR (default .test-reports/): one JSON report per
// suite and phases.jsonl, which .ci/run extends with its own phases.
import { spawn } from "node:child_process";
import { appendFileSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { summarise } from "./test-summary.js";

const root = path.resolve(import.meta.dirname, "..");
const reportDir = path.resolve(root, process.env.TEST_REPORT_DIR ?? ".test-reports");
const phasesFile = path.join(reportDir, "phases.jsonl");
if (!process.env.TEST_REPORT_DIR) rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

/** Runs a command; resolves with its exit code. Output is passed through, or kept and returned when `quiet`. */
function run(command, args, env = {}, quiet = false) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    let output = "";
    if (quiet) {
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
    }
    child.on("exit", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const npm = (script, env, quiet) => run("npm", ["run", "--silent", script], env, quiet);

// Steps run one after another; the phases of one step run side by side. typecheck + lint
// runs beside vitest: vitest leaves about a quarter of two cores idle (its workers wait on
// imports, database clones and child processes), and the checks' output is kept until they end.
const steps = [
  [
    {
      name: "typecheck + lint",
      // Two independent checks, side by side; their output is printed whole, one after the other.
      run: async () => {
        const results = await Promise.all([npm("typecheck", {}, true), npm("lint", {}, true)]);
        for (const { output } of results)
          if (output.trim()) process.stdout.write(output.endsWith("\n") ? output : `${output}\n`);
        return Math.max(...results.map((r) => r.code));
      },
    },
    {
      name: "vitest (unit + integration)",
      run: async () =>
        (await npm("test:vitest", { VITEST_JSON_OUTPUT: path.join(reportDir, "vitest.json") })).code,
    },
  ],
  [
    {
      name: "build + JS budget",
      run: async () => {
        const build = await npm("build");
        return build.code || (await npm("check:js-budget")).code;
      },
    },
  ],
  [
    {
      name: "http (built server)",
      run: async () =>
        (await npm("test:http", { VITEST_JSON_OUTPUT: path.join(reportDir, "http.json") })).code,
    },
  ],
  [
    {
      name: "e2e (Playwright)",
      run: async () =>
        (await npm("test:e2e", { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reportDir, "playwright.json") }))
          .code,
    },
  ],
];

/** Runs one phase and records when it started and how long it took in phases.jsonl. */
async function timed(phase) {
  console.log(`\n== ${phase.name}`);
  const start = Date.now();
  const code = await phase.run();
  const ms = Date.now() - start;
  appendFileSync(phasesFile, `${JSON.stringify({ name: phase.name, ms, ok: code === 0, start })}\n`);
  if (code !== 0) console.error(`\n${phase.name} failed (exit ${code}).`);
  return code;
}

let failed = false;
for (const step of steps) {
  const codes = await Promise.all(step.map(timed));
  if (codes.some((code) => code !== 0)) {
    failed = true;
    break;
  }
}

// .ci/run prints the summary itself once the PostgreSQL phase has run too.
if (!process.env.TEST_REPORT_DIR) {
  const reports = ["vitest", "http", "playwright"].map((name) => path.join(reportDir, `${name}.json`));
  const { text, ok } = summarise(reports, phasesFile);
  console.log(`\n${text}`);
  if (!ok) failed = true;
}
process.exit(failed ? 1 : 0);
