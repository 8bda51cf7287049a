import { readdir } from "node:fs/promises";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDownload } from "~models/billing/downloads.server";
import { checkout } from "~models/billing/shop.server";
import { runSeed } from "~models/views/seed.server";
import { WHY_JOIN_FIELD } from "~models/forms/applications";
import { db } from "~models/platform/db.server";
import { createS3Storage } from "~models/platform/storage/s3.server";
import { configureUploadStorage } from "~models/platform/storage/storage.server";
import type { UploadStorage } from "~models/platform/storage/storage";
import { jobApplications, projectFiles, shopItems } from "~models/schema";
import * as inboxAttachment from "~/routes/admin/inbox-attachment";
import * as editPage from "~/routes/admin/catalog-edit";
import * as downloadFile from "~/routes/billing/download-file";
import * as shopImage from "~/routes/billing/shop-image";
import * as careers from "~/routes/career-page";
import * as apiCart from "~/routes/api/billing/cart";
import * as createPage from "~/routes/projects/create";
import * as filePage from "~/routes/projects/file";
import { api, give } from "./billing-helpers";
import { call, getRequest } from "./helpers";
import {
  multipartRequest,
  pdfFile,
  signedInClient,
  validProject,
  withTemporaryDataDir,
} from "./project-helpers";
import { startS3Server, type TestS3Server } from "./s3-server";

// The upload flows with UPLOADS_STORAGE=s3 (decision 0042): an S3-compatible
// server (s3rver on 127.0.0.1) holds the files, this test process is one
// server process, and a second S3 client plays another process that reads
// what it stored. The local data dir only sees spooled request bodies, which
// leave it once stored.

const uploads = withTemporaryDataDir();
let s3: TestS3Server;
/** Another process's view of the same bucket. */
let elsewhere: UploadStorage;

beforeAll(async () => {
  await runSeed();
  s3 = await startS3Server();
  configureUploadStorage(createS3Storage(s3.settings));
  elsewhere = createS3Storage(s3.settings);
});
afterAll(async () => {
  configureUploadStorage(undefined);
  await s3?.stop();
});

/** The keys in the bucket (without the prefix). */
async function bucketKeys(): Promise<string[]> {
  const client = new S3Client({
    region: s3.settings.region,
    endpoint: s3.settings.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.settings.accessKeyId!, secretAccessKey: s3.settings.secretAccessKey! },
  });
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }));
  client.destroy();
  return (listed.Contents ?? []).map((object) => object.Key!.slice(s3.settings.prefix.length));
}

/** What is left in DATA_DIR/uploads on this machine (files, not the incoming folder). */
const localFiles = async () =>
  (await readdir(path.join(uploads.dir(), "uploads")).catch(() => [] as string[])).filter(
    (name) => name !== "incoming",
  );
const localIncoming = async () =>
  readdir(path.join(uploads.dir(), "uploads", "incoming")).catch(() => [] as string[]);

describe("uploads on an S3-compatible store", () => {
  it("a project file goes to the bucket; its owner downloads it, anyone else and a missing object get the 404", async () => {
    const owner = await signedInClient();
    const stranger = await signedInClient();
    const created = await call(
      createPage.action,
      multipartRequest(
        "/createprojectform",
        { ...validProject, timeline: "2", files: pdfFile("Q3 brief.pdf", 300_000) },
        { cookie: owner.cookie },
      ),
    );
    const projectId = (created.body as { projectId: string }).projectId;
    const [file] = await db().select().from(projectFiles).where(eq(projectFiles.projectId, projectId));
    expect(await bucketKeys()).toContain(file!.storageKey);
    expect(await elsewhere.stat(file!.storageKey)).toEqual({ size: 300_000 });
    expect(await localFiles()).toEqual([]);
    expect(await localIncoming()).toEqual([]);

    const url = `/project/${projectId}/files/${file!.id}`;
    const params = { id: projectId, fileId: file!.id };
    const download = await filePage.loader({
      request: getRequest(url, { cookie: owner.cookie }),
      params,
    } as never);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Length")).toBe("300000");
    expect(download.headers.get("Content-Type")).toBe("application/pdf");
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(bytes.length).toBe(300_000);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");

    const stolen = await filePage.loader({
      request: getRequest(url, { cookie: stranger.cookie }),
      params,
    } as never);
    expect(stolen.status).toBe(404);

    // Gone from the store (another process deleted it): the same 404 as a file that never was.
    await elsewhere.delete(file!.storageKey);
    const missing = await filePage.loader({
      request: getRequest(url, { cookie: owner.cookie }),
      params,
    } as never);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("Not found");
  });

  it("checks contents and size before anything reaches the bucket", async () => {
    const owner = await signedInClient();
    const before = await bucketKeys();
    const fake = new File([new TextEncoder().encode("MZ this is no pdf")], "brief.pdf", {
      type: "application/pdf",
    });
    const refused = await call(
      createPage.action,
      multipartRequest(
        "/createprojectform",
        { ...validProject, timeline: "2", files: fake },
        { cookie: owner.cookie },
      ),
    );
    expect(refused.status).toBe(400);
    const tooLarge = await call(
      createPage.action,
      multipartRequest(
        "/createprojectform",
        { ...validProject, timeline: "2", files: pdfFile("big.pdf", 10 * 1024 * 1024 + 1) },
        { cookie: owner.cookie },
      ),
    );
    expect(tooLarge.status).toBe(400);
    expect(await bucketKeys()).toEqual(before);
  });

  it("a CV sent with a job application is stored in the bucket and staff download it", async () => {
    const staff = await signedInClient("staff");
    const email = `cv${Date.now().toString(36)}@mail.example`;
    const body = new FormData();
    for (const [key, value] of Object.entries({
      full_name: "Asha Patel",
      email_address: email,
      role_of_interest: "brand_designer",
      [WHY_JOIN_FIELD]: "I love identity systems that hold up everywhere.",
      cv_resume: pdfFile("cv.pdf", 2048),
    }))
      body.append(key, value);
    await call(
      careers.action,
      new Request("http://127.0.0.1:3000/careerpage", {
        method: "POST",
        body,
        headers: { "X-Client-Address": "203.0.113.77" },
      }),
    );
    const [row] = await db().select().from(jobApplications).where(eq(jobApplications.emailAddress, email));
    expect(await elsewhere.stat(row!.cvStorageKey)).toEqual({ size: 2048 });
    const attachment = await call(
      inboxAttachment.loader,
      getRequest(`/admin/inbox/job_application/${row!.id}/attachment`, { cookie: staff.cookie }),
      { type: "job_application", id: row!.id },
    );
    expect(attachment.status).toBe(200);
    expect(String(attachment.body)).toMatch(/^%PDF-1\.4/);
  });

  it("a shop item's file and image live in the bucket; downloads keep their limit", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();
    const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 10, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6]);
    const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
    const created = await call(
      editPage.action,
      multipartRequest(
        "/admin/catalog/items/new",
        {
          id: "s3-moodboard-kit",
          name: "Moodboard Kit",
          description: "Twelve moodboard frames for client workshops.",
          category: "templates",
          rating: "4.6",
          token_price: "7",
          original_price: "11.5",
          original_price_eu: "10.5",
          original_price_in: "960",
          max_downloads: "2",
          file: new File([ZIP], "Moodboard Kit.zip"),
          image: new File([PNG], "card.png"),
        },
        { cookie: staff.cookie },
      ),
      { kind: "items", id: "new" },
    );
    expect(created.status).toBe(302);
    const [item] = await db().select().from(shopItems).where(eq(shopItems.id, "s3-moodboard-kit"));
    const imageFile = item!.image.slice("/shop-images/".length);
    expect(await bucketKeys()).toEqual(
      expect.arrayContaining([item!.fileStorageKey, imageFile.split(".")[0]]),
    );
    expect(await localFiles()).toEqual([]);

    const image = await call(shopImage.loader, getRequest(item!.image, { cookie: client.cookie }), {
      file: imageFile,
    });
    expect(image.status).toBe(200);

    await give(client, 10);
    await api.send(apiCart.action, client, "POST", "/api/cart/", { shop_item_id: "s3-moodboard-kit" });
    const bought = await checkout(client.id, { idempotencyKey: "s3-buy" });
    if (!bought.ok) throw new Error(JSON.stringify(bought));
    const purchaseId = bought.purchaseIds[0]!;
    for (let n = 0; n < 2; n++) {
      const started = await startDownload(client.id, purchaseId);
      if (!started.ok) throw new Error(started.message);
      const link = new URL(started.url, "http://127.0.0.1:3000");
      const file = await call(
        downloadFile.loader,
        getRequest(`${link.pathname}${link.search}`, { cookie: client.cookie }),
        {
          purchaseId,
        },
      );
      expect(file.status).toBe(200);
      expect(file.headers.get("Content-Disposition")).toContain('filename="Moodboard Kit.zip"');
    }
    expect(await startDownload(client.id, purchaseId)).toMatchObject({ ok: false, status: 409 });
  });
});
