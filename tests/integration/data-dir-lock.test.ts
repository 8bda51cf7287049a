import { execFile } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lockDataDir } from "../../models/platform/data-dir-lock.server";

// Issue 18, item 8: two processes on one embedded data dir. The scripts run as
// real processes, as `npm run …` runs them, on a data dir of their own (and on
// PGlite even when this suite runs against PostgreSQL).

const ROOT = path.resolve(import.meta.dirname, "../..");

type Run = { code: number | null; stdout: string; stderr: string };

function runScript(script: string, dataDir: string, args: string[] = []): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", `scripts/${script}`, ...args],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "production" },
        timeout: 150_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "ascendra-lock-"));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("the embedded data dir's lock", () => {
  it("makes seed, jobs and create-staff refuse at once, without a stack trace, while the server holds the data dir", async () => {
    // This process stands in for the server: it holds the lock as boot does.
    const release = lockDataDir(path.join(dataDir, "db.lock"), "The server");
    try {
      const runs = await Promise.all([
        runScript("seed.ts", dataDir),
        runScript("jobs.ts", dataDir),
        runScript("create-staff.ts", dataDir, ["--email", "lead@example.com"]),
      ]);
      for (const run of runs) {
        expect(run.code).toBe(1);
        expect(run.stderr.trim()).toBe(
          `The server is running on this data dir (pid ${process.pid}): stop it, or use DATABASE_URL.`,
        );
        expect(run.stdout).toBe("");
      }
      // Nothing was opened: no database was created beside the lock.
      expect(existsSync(path.join(dataDir, "db"))).toBe(false);
    } finally {
      release();
    }
  }, 90_000);

  it("takes over a lock whose process is gone, and releases it on exit so the next command (the server) can open the data dir", async () => {
    const gone = await new Promise<number>((resolve) => {
      const child = execFile(process.execPath, ["-e", ""], () => resolve(child.pid!));
    });
    const lockFile = path.join(dataDir, "db.lock");
    writeFileSync(lockFile, JSON.stringify({ pid: gone, owner: "The server" }));

    const run = await runScript("create-staff.ts", dataDir, [
      "--email",
      "lead@example.com",
      "--password",
      "a-long-staff-password",
    ]);
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain("Created staff account lead <lead@example.com>.");
    expect(run.code).toBe(0);
    expect(existsSync(lockFile)).toBe(false);

    // What the end-to-end setup does next: another process takes the data dir.
    const release = lockDataDir(lockFile, "The server");
    expect(JSON.parse(readFileSync(lockFile, "utf8"))).toEqual({ pid: process.pid, owner: "The server" });
    release();
    expect(existsSync(lockFile)).toBe(false);
  }, 180_000);

  it("refuses a second open in the same process, and takes over a lock with its own pid that it does not hold", () => {
    const lockFile = path.join(dataDir, "db.lock");
    // Left by an earlier process that had this pid (a container restart).
    writeFileSync(lockFile, JSON.stringify({ pid: process.pid, owner: "The server" }));
    const release = lockDataDir(lockFile, "npm run seed");
    try {
      expect(() => lockDataDir(lockFile, "npm run jobs")).toThrow(
        `npm run seed is running on this data dir (pid ${process.pid}): stop it, or use DATABASE_URL.`,
      );
    } finally {
      release();
    }
  });
});
