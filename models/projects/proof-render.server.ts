import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { openAsBlob } from "node:fs";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { openUpload, storageFor } from "../platform/uploads.server";
import { MAX_RENDERED_PAGES } from "./proofing";

// PDF pages as images, rendered on the server with Debian's pdftoppm
// (poppler-utils), so the browser needs no PDF code to show a page and take a
// pin on it. Each page is stored through the upload storage like any file.
// Without pdftoppm (or when it fails) nothing is rendered: the PDF stays
// commentable by page number.

const run = promisify(execFile);

/** The pdftoppm binary: PDFTOPPM names another one (tests use it to play "not installed"). */
const pdftoppm = () => process.env.PDFTOPPM || "pdftoppm";

/** Longest side of a rendered page, in pixels: sharp on a laptop, small enough to load fast. */
const SCALE_TO = 1600;
const RENDER_TIMEOUT_MS = 60_000;

export type RenderedPage = { page: number; storageKey: string; size: number };
export type RenderResult = { pages: RenderedPage[]; pageCount: number | null };

/**
 * How many pages a PDF says it has, read from its page objects ("/Type
 * /Page"). A rough count for when nothing could be rendered; null when none is found.
 */
function countPdfPages(bytes: Uint8Array): number | null {
  const text = Buffer.from(bytes).toString("latin1");
  const found = text.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
  return found > 0 ? found : null;
}

/** Renders the stored PDF's first pages to PNG and stores each; never throws. */
export async function renderPdfPages(storageKey: string, dataDir?: string): Promise<RenderResult> {
  const work = await mkdtemp(path.join(os.tmpdir(), "ascendra-proof-"));
  const stored: RenderedPage[] = [];
  try {
    const object = await openUpload(storageKey, dataDir);
    if (!object) return { pages: [], pageCount: null };
    const bytes = new Uint8Array(await new Response(object.stream).arrayBuffer());
    const input = path.join(work, "in.pdf");
    await writeFile(input, bytes, { mode: 0o600 });
    const counted = countPdfPages(bytes);
    try {
      await run(
        pdftoppm(),
        [
          "-png",
          "-scale-to",
          String(SCALE_TO),
          "-f",
          "1",
          "-l",
          String(MAX_RENDERED_PAGES),
          input,
          path.join(work, "page"),
        ],
        { timeout: RENDER_TIMEOUT_MS },
      );
    } catch {
      return { pages: [], pageCount: counted };
    }
    const files = (await readdir(work))
      .map((name) => ({ name, page: Number(/^page-0*(\d+)\.png$/.exec(name)?.[1]) }))
      .filter((f) => Number.isInteger(f.page) && f.page >= 1)
      .sort((a, b) => a.page - b.page);
    const storage = storageFor(dataDir);
    for (const file of files) {
      const key = randomBytes(16).toString("hex");
      const full = path.join(work, file.name);
      const blob = await openAsBlob(full);
      await storage.put(key, blob, { contentType: "image/png", localPath: full });
      stored.push({ page: file.page, storageKey: key, size: blob.size });
    }
    const pageCount =
      stored.length >= MAX_RENDERED_PAGES ? Math.max(stored.length, counted ?? 0) : stored.length || counted;
    return { pages: stored, pageCount };
  } catch {
    for (const page of stored)
      await storageFor(dataDir)
        .delete(page.storageKey)
        .catch(() => undefined);
    return { pages: [], pageCount: null };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** For tests: whether this machine can render (pdftoppm answers -v). */
export async function canRenderPdf(): Promise<boolean> {
  try {
    await run(pdftoppm(), ["-v"], { timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}
