import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage } from "~models/platform/storage/s3.server";
import { startS3Server, type TestS3Server } from "./s3-server";

// npm run uploads:migrate (decision 0042), run as a real process the way an
// operator runs it: the files in DATA_DIR/uploads are copied to the S3 store
// the environment names, under the same keys; a second run copies nothing.

const ROOT = path.resolve(import.meta.dirname, "../..");
let s3: TestS3Server;
let dataDir: string;

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = await mkdtemp(path.join(os.tmpdir(), "ascendra-migrate-"));
});
afterAll(async () => {
  await s3?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

function migrate(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/uploads-migrate.ts"],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("npm run uploads:migrate", () => {
  it("copies local uploads to the S3 store once, and refuses without a shared store", async () => {
    const uploads = path.join(dataDir, "uploads");
    await mkdir(path.join(uploads, "incoming"), { recursive: true });
    const keys = ["0123456789abcdef0123456789abcdef", "fedcba9876543210fedcba9876543210"];
    await writeFile(path.join(uploads, keys[0]!), "%PDF-1.4 first");
    await writeFile(path.join(uploads, keys[1]!), new Uint8Array(100_000).fill(7));
    await writeFile(path.join(uploads, "incoming", "0000000000000000000000000000abcd"), "spooled");
    await writeFile(path.join(uploads, "notes.txt"), "not an upload");
    const env = {
      UPLOADS_STORAGE: "s3",
      UPLOADS_S3_BUCKET: s3.settings.bucket,
      UPLOADS_S3_ENDPOINT: s3.settings.endpoint!,
      UPLOADS_S3_ACCESS_KEY_ID: s3.settings.accessKeyId!,
      UPLOADS_S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey!,
    };

    const first = await migrate(env);
    expect(first.stdout).toMatch(/Copied 2 file\(s\), 97\.67 KB, from .+ to s3; 0 already there\./);
    expect(first.code).toBe(0);
    const store = createS3Storage(s3.settings);
    expect(await store.stat(keys[0]!)).toEqual({ size: 14 });
    expect(await store.stat(keys[1]!)).toEqual({ size: 100_000 });
    expect(await store.stat("0000000000000000000000000000abcd")).toBeNull();

    const again = await migrate(env);
    expect(again.stdout).toMatch(/Copied 0 file\(s\), 0 Bytes, .+; 2 already there\./);

    const local = await migrate({});
    expect(local.code).toBe(2);
    expect(local.stderr).toMatch(/UPLOADS_STORAGE is local/);
  }, 180_000);
});
