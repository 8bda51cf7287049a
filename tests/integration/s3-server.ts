import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Settings } from "~models/platform/storage/s3.server";

// An S3-compatible server for the tests (s3rver, from npm): on 127.0.0.1, a
// free port, a temporary directory, one bucket; stop() removes it all.

export type TestS3Server = { settings: S3Settings; stop: () => Promise<void> };

export async function startS3Server(bucket = "ascendra-uploads"): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "ascendra-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    settings: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      // s3rver's own credentials: it checks the requests' signatures with them.
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
      prefix: "uploads/",
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
