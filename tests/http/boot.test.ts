// The server's start-up: a bad environment variable stops it with a message
// that names the variable, not a stack trace.
import { spawn } from "node:child_process";
import path from "node:path";
import { expect, test } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Long enough for a slow machine to load the build and validate the environment. */
const EXIT_TIMEOUT_MS = 20_000;

function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["server.js"], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), EXIT_TIMEOUT_MS);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

test("the server refuses to start on a bad environment variable, and says which", async () => {
  const { code, output } = await runServer({
    PORT: "not-a-port",
    DATA_DIR: ".data/http-bad-env",
    HOST: "127.0.0.1",
    NODE_ENV: "production",
  });
  expect(code).toBe(1);
  expect(output).toContain('PORT="not-a-port": must be a whole number from 1 to 65535');
  expect(output).not.toMatch(/\n\s+at /); // a message, not a stack trace
});
