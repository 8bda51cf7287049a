// Reads the JSON reports of Vitest and Playwright runs and prints:
//   - the time each phase took (from a phases file, when given),
//   - the 15 slowest tests,
//   - one closing line: "summary: N passed, N failed, N flaky, N skipped".
// A test that passed only on retry counts as a failure: it is reported as
// flaky and the exit code is non-zero.
//   node scripts/test-summary.js [--phases phases.json] report.json…
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export const SLOWEST = 15;

/** Every test of a report as { name, ms, outcome }: outcome is passed, failed, flaky or skipped. */
export function testsOf(report, label) {
  const tests = [];
  if (report.stats && "expected" in report.stats) {
    // Playwright: suites nest; a spec's test has one result per attempt.
    const walk = (suite, trail) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests) {
          const ms = test.results.reduce((sum, r) => sum + (r.duration ?? 0), 0);
          const outcome =
            test.status === "expected"
              ? "passed"
              : test.status === "flaky"
                ? "flaky"
                : test.status === "skipped"
                  ? "skipped"
                  : "failed";
          tests.push({ name: `${label} ${[...trail, spec.title].join(" › ")}`, ms, outcome });
        }
      }
      for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
    };
    for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  } else {
    // Vitest
    for (const file of report.testResults ?? []) {
      const relative = path.relative(process.cwd(), file.name);
      for (const test of file.assertionResults ?? []) {
        const outcome = test.status === "passed" ? "passed" : test.status === "failed" ? "failed" : "skipped";
        tests.push({
          name: `${label} ${relative} › ${test.fullName ?? test.title}`,
          ms: test.duration ?? 0,
          outcome,
        });
      }
      // A file that failed to load has no tests but still failed.
      if (file.status === "failed" && !(file.assertionResults ?? []).length)
        tests.push({ name: `${label} ${relative}`, ms: 0, outcome: "failed" });
    }
  }
  return tests;
}

const formatMs = (ms) =>
  ms >= 60_000
    ? `${Math.floor(ms / 60_000)}m ${String(Math.round((ms % 60_000) / 1000)).padStart(2, "0")}s`
    : `${(ms / 1000).toFixed(1)}s`;

export function summarise(reportFiles, phasesFile) {
  const lines = [];
  if (phasesFile && existsSync(phasesFile)) {
    // One JSON object a line, appended by scripts/test-all.js and .ci/run as each phase ends.
    const phases = readFileSync(phasesFile, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    // Phases that record their start (epoch ms) may run side by side: each shows when it
    // started, and the total is the wall time from the first start to the last end.
    const timed = phases.length > 0 && phases.every((p) => typeof p.start === "number");
    const first = timed ? Math.min(...phases.map((p) => p.start)) : 0;
    lines.push("phases:");
    for (const phase of phases)
      lines.push(
        `  ${phase.name.padEnd(32)} ${formatMs(phase.ms).padStart(8)}  ${phase.ok ? "ok" : "FAILED"}` +
          (timed ? `  (from ${formatMs(phase.start - first)})` : ""),
      );
    const total = timed
      ? Math.max(...phases.map((p) => p.start + p.ms)) - first
      : phases.reduce((sum, p) => sum + p.ms, 0);
    lines.push(`  ${"total".padEnd(32)} ${formatMs(total).padStart(8)}`);
  }
  const tests = [];
  for (const file of reportFiles.filter((f) => existsSync(f))) {
    tests.push(...testsOf(JSON.parse(readFileSync(file, "utf8")), `[${path.basename(file, ".json")}]`));
  }
  lines.push(`slowest ${SLOWEST} tests:`);
  for (const test of [...tests].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST))
    lines.push(`  ${formatMs(test.ms).padStart(8)}  ${test.name}`);
  const count = (outcome) => tests.filter((t) => t.outcome === outcome).length;
  for (const test of tests.filter((t) => t.outcome === "flaky"))
    lines.push(`flaky (passed only on retry, counted as a failure): ${test.name}`);
  for (const test of tests.filter((t) => t.outcome === "failed")) lines.push(`failed: ${test.name}`);
  lines.push(
    `summary: ${count("passed")} passed, ${count("failed")} failed, ${count("flaky")} flaky, ${count("skipped")} skipped`,
  );
  return { text: lines.join("\n"), ok: count("failed") === 0 && count("flaky") === 0 && count("passed") > 0 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const at = args.indexOf("--phases");
  const phasesFile = at >= 0 ? args.splice(at, 2)[1] : undefined;
  const { text, ok } = summarise(args, phasesFile);
  console.log(text);
  if (!ok) process.exit(1);
}
