// The staff proofing page (decision 0073): the same file uploaded twice in a
// row is refused (its SHA-256 against the latest version's, stored or
// computed from the stored file), the upload redirects so its field starts
// empty, the comparison of two versions (a GET form: ?a=&b=&page=) loads both
// versions' pages with their sizes, and the client's sent pins reach staff.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~models/platform/db.server";
import { runSeed } from "~models/views/seed.server";
import type { StaffProofView } from "~models/projects/proof-versions.server";
import { canRenderPdf, THUMB_SCALE_TO } from "~models/projects/proof-render.server";
import { PROOF_MESSAGES } from "~models/projects/proofing";
import { addPin, addProofVersion } from "~models/projects/proofing.server";
import { COMPARE_MESSAGES } from "~models/projects/proofing-view";
import { transitionProject } from "~models/views/revision-rounds.server";
import { imageSize } from "~models/projects/proofing-images";
import { proofDeliverables, proofPages } from "~models/schema";
import * as adminProject from "~/routes/admin/project-proofing";
import * as adminProofFile from "~/routes/admin/proof-file";
import { give } from "./billing-helpers";
import { call, getRequest } from "./helpers";
import {
  multipartRequest,
  projectOf,
  signedInClient,
  withTemporaryDataDir,
  type Client,
} from "./project-helpers";
import { pngBytes, realPdfFile } from "./proofing-helpers";

const uploads = withTemporaryDataDir();

let staff: Client;
beforeAll(async () => {
  await runSeed();
  staff = await signedInClient("staff");
});

const png = (name: string, width: number, height: number, rgb: [number, number, number] = [20, 120, 90]) =>
  new File([new Uint8Array(pngBytes(width, height, rgb))], name, { type: "image/png" });

async function acceptedProject(client: Client) {
  const project = await projectOf(client);
  expect((await transitionProject(project.id, staff, "accept")).ok).toBe(true);
  return project;
}

/** Every file the upload storage holds (local disk in these tests). */
async function storedFiles(): Promise<number> {
  const entries = await readdir(path.join(uploads.dir(), "uploads"), {
    recursive: true,
    withFileTypes: true,
  });
  return entries.filter((e) => e.isFile()).length;
}

async function staffView(projectId: string, query = ""): Promise<StaffProofView> {
  const url = `/admin/projects/${projectId}/proofing${query}`;
  const loaded = await call(adminProject.loader, getRequest(url, { cookie: staff.cookie }), {
    id: projectId,
  });
  expect(loaded.status).toBe(200);
  return (loaded.body as { proofing: StaffProofView }).proofing;
}

describe("the same file twice in a row", () => {
  it("is refused with nothing stored; a different file, or an older version's file again, is a new version", async () => {
    const project = await acceptedProject(await signedInClient());
    const first = await addProofVersion(project.id, staff, png("poster.png", 40, 30));
    expect(first.ok && first.deliverable).toMatchObject({ version: 1, width: 40, height: 30 });
    expect(first.ok && first.deliverable.sha256).toMatch(/^[0-9a-f]{64}$/);
    const files = await storedFiles();

    // The same bytes under another name: refused, nothing stored, no version.
    const again = await addProofVersion(project.id, staff, png("poster-final.png", 40, 30));
    expect(again).toEqual({
      ok: false,
      reason: "duplicate",
      version: 1,
      message: PROOF_MESSAGES.duplicateVersion(1),
    });
    expect(await storedFiles()).toBe(files);
    expect((await staffView(project.id)).versions).toHaveLength(1);

    const second = await addProofVersion(project.id, staff, png("poster.png", 40, 30, [200, 10, 10]));
    expect(second.ok && second.deliverable.version).toBe(2);
    // Version 1's file again is not "twice in a row": going back to it is a new version.
    const back = await addProofVersion(project.id, staff, png("poster.png", 40, 30));
    expect(back.ok && back.deliverable.version).toBe(3);
  });

  it("compares with the stored file when the latest version has no hash (uploaded before 0026)", async () => {
    const project = await acceptedProject(await signedInClient());
    const first = await addProofVersion(project.id, staff, png("logo.png", 50, 50));
    if (!first.ok) throw new Error("upload refused");
    await db()
      .update(proofDeliverables)
      .set({ sha256: null })
      .where(eq(proofDeliverables.id, first.deliverable.id));
    expect(await addProofVersion(project.id, staff, png("logo.png", 50, 50))).toMatchObject({
      ok: false,
      reason: "duplicate",
    });
    expect((await addProofVersion(project.id, staff, png("logo.png", 50, 51))).ok).toBe(true);
  });

  it("two uploads of one file at once make one version", async () => {
    const project = await acceptedProject(await signedInClient());
    const results = await Promise.all(
      [1, 2, 3].map(() => addProofVersion(project.id, staff, png("a.png", 30, 20))),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "duplicate")).toHaveLength(2);
    expect((await staffView(project.id)).versions).toHaveLength(1);
  });

  it("the page's post: a field error for the same file, a redirect that names the new version otherwise", async () => {
    const project = await acceptedProject(await signedInClient());
    const url = `/admin/projects/${project.id}/proofing`;
    const post = (file: File) =>
      call(
        adminProject.action,
        multipartRequest(url, { intent: "proof_upload", proof_file: file }, { cookie: staff.cookie }),
        { id: project.id },
      );
    const uploaded = await post(png("v1.png", 60, 40));
    expect(uploaded.status).toBe(303);
    expect(uploaded.headers.get("Location")).toBe(`${url}?uploaded=1`);
    expect((await staffView(project.id, "?uploaded=1")).uploaded).toEqual({
      message: PROOF_MESSAGES.fileAdded(1, "v1.png"),
    });
    expect((await staffView(project.id)).uploaded).toBeNull();

    const twice = await post(png("v1.png", 60, 40));
    expect(twice).toMatchObject({
      status: 400,
      body: { form: "proofing", tone: "error", fileError: PROOF_MESSAGES.duplicateVersion(1) },
    });
    expect((await staffView(project.id)).versions).toHaveLength(1);
  });
});

describe("comparing two versions", () => {
  it("loads both versions' pages with their sizes for the page chosen in the URL", async () => {
    const project = await acceptedProject(await signedInClient());
    await addProofVersion(project.id, staff, png("wide.png", 400, 300));
    await addProofVersion(project.id, staff, png("tall.png", 300, 400));
    const view = await staffView(project.id, "?a=1&b=2&page=1");
    expect(view.query.compare).toEqual({ a: 1, b: 2, page: 1 });
    const byNumber = new Map(view.versions.map((v) => [v.version, v]));
    expect(byNumber.get(1)!.surfaces).toEqual([{ page: 1, width: 400, height: 300 }]);
    expect(byNumber.get(2)!.surfaces).toEqual([{ page: 1, width: 300, height: 400 }]);
    // The viewer opens the latest version unless the URL names another.
    expect(view.query.view).toEqual({ version: 2, page: 1 });
    expect((await staffView(project.id, "?v=1&p=1")).query.view).toEqual({ version: 1, page: 1 });

    expect((await staffView(project.id, "?a=1&b=9")).query).toMatchObject({
      compare: null,
      compareError: COMPARE_MESSAGES.chooseTwo,
    });
    expect((await staffView(project.id, "?a=2&b=2")).query.compareError).toBe(COMPARE_MESSAGES.sameVersion);
  });

  it("a PDF's rendered pages, each with its size, served to staff as images", async () => {
    if (!(await canRenderPdf())) return; // poppler-utils missing: rendering is covered where it runs
    const project = await acceptedProject(await signedInClient());
    const v1 = await addProofVersion(project.id, staff, await realPdfFile("a.pdf", 2));
    const v2 = await addProofVersion(project.id, staff, await realPdfFile("b.pdf", 3));
    expect(v1.ok && v2.ok).toBe(true);
    const view = await staffView(project.id, "?a=1&b=2&page=2");
    expect(view.query.compare).toEqual({ a: 1, b: 2, page: 2 });
    const [second, first] = view.versions;
    expect(first!.surfaces.map((s) => s.page)).toEqual([1, 2]);
    expect(second!.surfaces.map((s) => s.page)).toEqual([1, 2, 3]);
    for (const surface of [...first!.surfaces, ...second!.surfaces]) {
      // pdftoppm renders 1200 px on the long side (decision 0054); an A5 page is taller than wide.
      expect(surface.height).toBe(1200);
      expect(surface.width).toBeGreaterThan(800);
      expect(surface.width).toBeLessThan(900);
    }
    const file = `/admin/projects/${project.id}/proof/${first!.id}/file/2`;
    const served = await call(adminProofFile.loader, getRequest(file, { cookie: staff.cookie }), {
      id: project.id,
      deliverableId: first!.id,
      page: "2",
    });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");

    // ?size=thumb: the page's small rendition (320 px on the long side); without one, the page itself.
    const pngSizeOf = async (query: string) => {
      const response = await adminProofFile.loader({
        request: getRequest(`${file}${query}`, { cookie: staff.cookie }),
        params: { id: project.id, deliverableId: first!.id, page: "2" },
        context: undefined,
      } as never);
      expect(response.status).toBe(200);
      return imageSize(new Uint8Array(await response.arrayBuffer()));
    };
    expect((await pngSizeOf("?size=thumb"))!.height).toBe(THUMB_SCALE_TO);
    expect((await pngSizeOf(""))!.height).toBe(1200);
    await db().update(proofPages).set({ thumbKey: null }).where(eq(proofPages.deliverableId, first!.id));
    expect((await pngSizeOf("?size=thumb"))!.height).toBe(1200);
  });
});

describe("the client's pins on the staff page", () => {
  it("shows the pins a round sent, with their point and words; a draft stays the client's", async () => {
    const client = await signedInClient();
    await give(client, 1);
    const project = await acceptedProject(client);
    const added = await addProofVersion(project.id, staff, png("poster.png", 200, 100));
    if (!added.ok) throw new Error("upload refused");
    const pinned = await addPin(project.id, added.deliverable.id, client, {
      page: 1,
      x: 0.25,
      y: 0.75,
      location: "",
      body: "Logo larger",
    });
    expect(pinned.ok).toBe(true);
    expect((await staffView(project.id)).sentPins).toEqual([]);
    expect((await transitionProject(project.id, client, "request_revision", "See the pin")).ok).toBe(true);
    await addPin(project.id, added.deliverable.id, client, {
      page: 1,
      x: 0.5,
      y: 0.5,
      location: "",
      body: "Still deciding",
    });

    const view = await staffView(project.id);
    expect(view.sentPins).toHaveLength(1);
    expect(view.sentPins[0]).toMatchObject({
      number: 1,
      version: 1,
      page: 1,
      x: 0.25,
      y: 0.75,
      body: "Logo larger",
      state: "open",
      round: 1,
    });
    expect(view.draftPins).toBe(1);
  });
});
