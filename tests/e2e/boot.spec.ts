import { spawn } from "node:child_process";
import { expect, test } from "@playwright/test";

function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["server.js"], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

test("the server refuses to start on a bad environment variable, and says which", async () => {
  const { code, output } = await runServer({ PORT: "not-a-port", DATA_DIR: ".data/e2e-bad-env", HOST: "127.0.0.1" });
  expect(code).toBe(1);
  expect(output).toContain('PORT="not-a-port": must be a whole number from 1 to 65535');
  expect(output).not.toMatch(/\n\s+at /); // a message, not a stack trace
});
