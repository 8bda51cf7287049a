// Two production server processes on one PostgreSQL database with a shared
// upload storage (decision 0042): a file uploaded through one is downloaded
// through the other, by its owner only. Once with an S3-compatible server
// (s3rver on 127.0.0.1), once with the files in PostgreSQL. Needs PostgreSQL:
// PGTEST_PORT=… scripts/with-postgres.sh npx vitest run --project http tests/http/uploads-two-processes.test.ts
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmptyTestDatabase } from "~models/platform/testing.server";
import { startS3Server, type TestS3Server } from "../integration/s3-server";
import { Visitor, uniqueName } from "./client";
import { startServer, type RunningServer } from "./server";

const adminUrl = process.env.DATABASE_URL;
const PDF = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(200_000, 0x20), Buffer.from("\n%%EOF\n")]);

async function signedUp(visitor: Visitor) {
  const username = uniqueName("up");
  const password = "secret12";
  const signup = await visitor.post("/api/auth/signup/", {
    json: { username, email: `${username}@example.com`, password },
  });
  expect(signup.status, await signup.clone().text()).toBe(201);
  const login = await visitor.post("/api/auth/login/", { json: { username, password } });
  return { Authorization: `Token ${((await login.json()) as { token: string }).token}` };
}

describe.skipIf(!adminUrl).each(["s3", "postgres"] as const)(
  "uploads shared by two processes: %s",
  (kind) => {
    let s3: TestS3Server | undefined;
    let servers: RunningServer[] = [];
    let database: { url: string; drop: () => Promise<void> } | undefined;

    beforeAll(async () => {
      // A fresh database on the test cluster (the template name is not used for an empty one).
      database = await createEmptyTestDatabase(
        { kind: "postgres", url: adminUrl!, template: "" },
        `uploads_${kind}`,
      );
      const env: Record<string, string> = { DATABASE_URL: database.url, UPLOADS_STORAGE: kind };
      if (kind === "s3") {
        s3 = await startS3Server();
        Object.assign(env, {
          UPLOADS_S3_BUCKET: s3.settings.bucket,
          UPLOADS_S3_ENDPOINT: s3.settings.endpoint!,
          UPLOADS_S3_ACCESS_KEY_ID: s3.settings.accessKeyId!,
          UPLOADS_S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey!,
        });
      }
      servers = await Promise.all([startServer(env), startServer(env)]);
    }, 180_000);

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await s3?.stop();
      await database?.drop();
    }, 60_000);

    it("a file uploaded through one process is downloaded through the other, by its owner only", async () => {
      const [one, two] = servers as [RunningServer, RunningServer];
      const owner = new Visitor(one.baseURL);
      const auth = await signedUp(owner);
      const form = new FormData();
      for (const [name, value] of Object.entries({
        title: "Shared brief",
        description: "Uploaded through one process",
        category: "app",
        budget: "1k_5k",
        timeline: "2",
      }))
        form.set(name, value);
      form.set("files", new Blob([PDF], { type: "application/pdf" }), "brief.pdf");
      const created = await owner.request("/api/projects/", {
        method: "POST",
        headers: auth,
        body: { multipart: form },
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const fileUrl = new URL(((await created.json()) as { files: { file: string }[] }).files[0]!.file);

      const elsewhere = new Visitor(two.baseURL);
      const download = await elsewhere.get(fileUrl.pathname, auth);
      expect(download.status).toBe(200);
      expect(download.headers.get("content-type")).toBe("application/pdf");
      expect(Buffer.compare(Buffer.from(await download.arrayBuffer()), PDF)).toBe(0);

      const stranger = new Visitor(two.baseURL);
      const notTheirs = await stranger.get(fileUrl.pathname, await signedUp(stranger));
      await notTheirs.arrayBuffer();
      expect(notTheirs.status).toBe(404);
    });
  },
);
