// The end-to-end suite's server (playwright.config.ts): a fresh data dir, the staff
// account made by the documented command, then `node server.js` in the foreground.
// Both steps run on the Node binary that runs Playwright (process.execPath), the one
// the HTTP suite's setup uses, and a step that dies says which step it was, how it
// died and on what machine, so a failure in CI can be read from its log alone.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import os from "node:os";

const [dataDir, email, username, password] = process.argv.slice(2);
if (!dataDir || !password) {
  console.error("Usage: node scripts/e2e-server.mjs <data dir> <staff email> <username> <password>");
  process.exit(2);
}

function machine() {
  let cpu = "unknown CPU";
  try {
    const info = readFileSync("/proc/cpuinfo", "utf8");
    const model = /^model name\s*:\s*(.+)$/m.exec(info)?.[1];
    const flags = /^flags\s*:\s*(.+)$/m.exec(info)?.[1].split(" ") ?? [];
    const simd = ["sse4_2", "avx", "avx2", "avx512f", "bmi2"].filter((flag) => flags.includes(flag));
    cpu = `${model ?? "unknown model"} (${simd.join(" ") || "no SSE4.2/AVX"})`;
  } catch {
    // Not Linux: the model and flags are not worth more code.
  }
  return `Node ${process.version} at ${process.execPath}, ${os.arch()}, ${cpu}`;
}

function died(step, code, signal) {
  const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
  console.error(`e2e server: ${step} ${how}. ${machine()}`);
  process.exit(code ?? 1);
}

rmSync(dataDir, { recursive: true, force: true });
const staffArgs = ["--email", email, "--username", username, "--password", password];
const staff = spawnSync(process.execPath, ["--import", "tsx", "scripts/create-staff.ts", ...staffArgs], {
  stdio: "inherit",
});
if (staff.status !== 0) died("create-staff", staff.status, staff.signal);

const server = spawn(process.execPath, ["server.js"], { stdio: "inherit" });
// Playwright ends the web server with SIGTERM (then SIGKILL); the server drains and exits 0.
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => {
  if (code === 0 || signal === "SIGTERM" || signal === "SIGINT") process.exit(0);
  died("node server.js", code, signal);
});
