// What a large request body costs the server: a production server is started
// from each given checkout (built), a body is sent to POST /api/auth/login/
// as an attacker would, and the server's peak memory (VmHWM from /proc) and
// the time to its answer are printed, with each checkout's ratio to the first.
// Not a test; loopback only; Linux (reads /proc/<pid>/status).
//   npm run bench:body                             this checkout only
//   npm run bench:body -- ../before .              a baseline checkout first, then this one
// Settings: BENCH_BODY_MB (400), BENCH_BODY_TIMEOUT_S (60).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const MB = 1024 * 1024;
const BODY_MB = Number(process.env.BENCH_BODY_MB ?? 400);
const TIMEOUT_MS = Number(process.env.BENCH_BODY_TIMEOUT_S ?? 60) * 1000;
const checkouts = (process.argv.slice(2).length ? process.argv.slice(2) : ["."]).map((dir) =>
  path.resolve(dir),
);

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const memory = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
};

async function start(dir) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-body-"));
  const child = spawn(process.execPath, ["server.js"], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr.on("data", (chunk) => (errors += chunk));
  const base = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); ;) {
    if (child.exitCode !== null) throw new Error(`${dir}: the server exited: ${errors}`);
    if (Date.now() - started > 120_000) throw new Error(`${dir}: the server did not start`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // Warm: a few ordinary sign-in attempts, so the baseline memory is a serving process's.
  for (let i = 0; i < 5; i++)
    await fetch(`${base}/api/auth/login/`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "nobody", password: "wrong-password" }),
    }).then((r) => r.arrayBuffer());
  return {
    port,
    pid: child.pid,
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Sends BODY_MB of JSON-looking bytes, declared or chunked; resolves with the status and time, or "no answer". */
function send(port, declared) {
  return new Promise((resolve) => {
    const started = performance.now();
    const headers = { "Content-Type": "application/json" };
    if (declared) headers["Content-Length"] = String(BODY_MB * MB);
    const request = http.request({
      host: "127.0.0.1",
      port,
      path: "/api/auth/login/",
      method: "POST",
      headers,
      agent: false,
    });
    const finish = (status) => {
      clearTimeout(timer);
      request.destroy();
      resolve({ status, seconds: (performance.now() - started) / 1000 });
    };
    const timer = setTimeout(() => finish("no answer"), TIMEOUT_MS);
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => finish(response.statusCode));
    });
    request.on("error", () => finish("connection closed"));
    const piece = Buffer.alloc(MB, 0x20);
    piece[0] = 0x7b; // "{": the body starts like JSON
    let sent = 0;
    const write = () => {
      while (sent < BODY_MB && !request.destroyed) {
        sent++;
        if (!request.write(piece)) return void request.once("drain", write);
      }
      if (!request.destroyed) request.end();
    };
    write();
  });
}

const rows = [];
for (const dir of checkouts) {
  for (const declared of [true, false]) {
    const server = await start(dir);
    const before = memory(server.pid);
    const answer = await send(server.port, declared);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = memory(server.pid);
    await server.stop();
    rows.push({ dir, body: `${BODY_MB} MB ${declared ? "declared" : "chunked"}`, before, after, answer });
  }
}

console.log(`POST /api/auth/login/ with a ${BODY_MB} MB body; memory in MB (RSS before, peak RSS, growth)`);
for (const row of rows) {
  const first = rows.find((r) => r.body === row.body);
  const growth = row.after.peak - row.before.rss;
  const firstGrowth = first.after.peak - first.before.rss;
  console.log(
    [
      path.relative(process.cwd(), row.dir) || ".",
      row.body,
      `rss ${row.before.rss.toFixed(0)}`,
      `peak ${row.after.peak.toFixed(0)}`,
      `growth ${growth.toFixed(0)}`,
      row === first ? "" : `(${(growth / Math.max(firstGrowth, 1)).toFixed(3)}× the first)`,
      `answer ${row.answer.status} in ${row.answer.seconds.toFixed(2)} s`,
    ].join("  "),
  );
}
