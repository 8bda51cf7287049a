// Starts the production build (npm run build first) once for the HTTP suite:
// `node server.js` on a free port and a fresh data dir, with the staff account
// the end-to-end suite also starts with. Tests reach it through inject("baseURL").
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { E2E_STAFF } from "../e2e/staff-account";
import { freePort, waitUntilUp } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, "../..");

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(ROOT, "build/server/index.js")))
    throw new Error("The HTTP suite runs the production build: run `npm run build` first.");
  const port = Number(process.env.HTTP_TEST_PORT) || (await freePort());
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

  const staff = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/create-staff.ts",
      "--email",
      E2E_STAFF.email,
      "--username",
      E2E_STAFF.username,
      "--password",
      E2E_STAFF.password,
    ],
    { cwd: ROOT, env, encoding: "utf8" },
  );
  if (staff.status !== 0) throw new Error(`create-staff failed:\n${staff.stdout}${staff.stderr}`);

  const child = spawn(process.execPath, ["server.js"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const baseURL = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${baseURL}/healthz`, child, () => output);
  project.provide("baseURL", baseURL);

  return async () => {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
}
