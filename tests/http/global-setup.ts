// Starts the production build (npm run build first) for the HTTP suite: one
// `node server.js` per test worker, each on a free port and a fresh data dir, with
// the staff account the end-to-end suite also starts with. A test reaches its
// worker's server through sharedBaseURL() (client.ts).
import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";
import { CREATE_E2E_STAFF } from "../e2e/staff-account";
import { freePort, waitUntilUp } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    /** One shared server per test worker, in VITEST_POOL_ID order. */
    baseURLs: string[];
  }
}

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * How many shared servers, one per worker (vitest.config.ts gives the http project this
 * many workers: one per core, at most two). Files spend most of their time waiting on the server,
 * which runs on one core: one server for the whole suite left a core a third idle.
 */
export const HTTP_SERVERS = Math.min(2, availableParallelism());

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(ROOT, "build/server/index.js")))
    throw new Error("The HTTP suite runs the production build: run `npm run build` first.");
  const fixedPort = Number(process.env.HTTP_TEST_PORT);
  // One port each, chosen one after another so that two servers never draw the same free port.
  const ports: number[] = [];
  for (let i = 0; i < HTTP_SERVERS; i++) {
    let port = fixedPort ? fixedPort + i : await freePort();
    while (ports.includes(port)) port = await freePort();
    ports.push(port);
  }
  const started = await Promise.allSettled(ports.map((port) => sharedServer(port)));
  const servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()));
    throw failed.reason;
  }
  project.provide(
    "baseURLs",
    servers.map((server) => server.baseURL),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}

async function sharedServer(port: number) {
  const dataDir = path.join(ROOT, `.data/http-${port}`);
  await rm(dataDir, { recursive: true, force: true });
  // TRUST_PROXY lets each test present its own client address (X-Forwarded-For), so rate limits only meet the tests written for them.
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    TRUST_PROXY: "true",
    DATABASE_URL: "",
    // Production takes test payments only when told to (docs/decisions/0036); the suite pays with the test card.
    PAYMENTS: "test",
    STRIPE_SECRET_KEY: "",
    STRIPE_WEBHOOK_SECRET: "",
  };

  // Asynchronously, so the servers' data dirs are made side by side.
  await promisify(execFile)(process.execPath, CREATE_E2E_STAFF, {
    cwd: ROOT,
    env,
  }).catch((error: { stdout?: string; stderr?: string }) => {
    throw new Error(`create-staff failed:\n${error.stdout ?? ""}${error.stderr ?? ""}`);
  });

  const child = spawn(process.execPath, ["server.js"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const baseURL = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${baseURL}/healthz`, child, () => output);

  const stop = async () => {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
  return { baseURL, stop };
}
