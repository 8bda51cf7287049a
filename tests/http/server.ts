// Another production server for one test file, with its own environment
// (payments off, Stripe pointed at the local double…) and a fresh data dir.
// The suite's shared server is started by global-setup.ts.
import { spawn, type ChildProcess } from "node:child_process";
import { rm } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** How long the server may take to migrate, seed and listen on a busy machine. */
const BOOT_TIMEOUT_MS = 60_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export async function waitUntilUp(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + BOOT_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not answer ${url} within ${BOOT_TIMEOUT_MS} ms:\n${output()}`);
}

export type RunningServer = {
  baseURL: string;
  output: () => string;
  stop: () => Promise<void>;
  /** The server process, for a test of how it stops. */
  child: ChildProcess;
  dataDir: string;
};

/**
 * `node server.js` in production mode with `env` on top of a clean payments
 * environment, on a fresh data dir, or on `options.dataDir` as it is (which
 * stop() then leaves in place).
 */
export async function startServer(
  env: Record<string, string>,
  port?: number,
  options: { dataDir?: string } = {},
): Promise<RunningServer> {
  port ??= await freePort();
  const dataDir = options.dataDir ?? path.join(ROOT, `.data/http-own-${port}`);
  if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ["server.js"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      TRUST_PROXY: "true",
      DATABASE_URL: "",
      PAYMENTS: "",
      STRIPE_SECRET_KEY: "",
      STRIPE_WEBHOOK_SECRET: "",
      STRIPE_API_URL: "",
      RAZORPAY_KEY_ID: "",
      RAZORPAY_KEY_SECRET: "",
      RAZORPAY_WEBHOOK_SECRET: "",
      RAZORPAY_API_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const baseURL = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${baseURL}/healthz`, child, () => output);
  return {
    baseURL,
    output: () => output,
    child,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
