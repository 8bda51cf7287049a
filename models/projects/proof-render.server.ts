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
// Without pdftoppm, or when it fails or reaches its limits, nothing is
// rendered: the PDF stays commentable by page number.

const run = promisify(execFile);

/** The pdftoppm binary: PDFTOPPM names another one (tests use it to play "not installed"). */
const pdftoppm = () => process.env.PDFTOPPM || "pdftoppm";

/** Longest side of a rendered page, in pixels: enough to place a pin, small enough to load fast. */
const SCALE_TO = 1200;

/**
 * What one render (all its pages) may use (docs/decisions/0054). A PDF is a
 * program of sorts: a crafted 8 MB file kept pdftoppm at full CPU for the
 * whole former 60 s time-out. The kernel stops it past `cpuSeconds` of CPU
 * (RLIMIT_CPU) or `memoryBytes` of address space (RLIMIT_AS), and we kill it
 * after `timeoutMs` of wall clock, whichever comes first; the version is then
 * kept without a preview.
 */
export const RENDER_LIMITS = {
  cpuSeconds: 15,
  memoryBytes: 1024 * 1024 * 1024,
  timeoutMs: 20_000,
} as const;
export type RenderLimits = { cpuSeconds: number; memoryBytes: number; timeoutMs: number };

/**
 * Renders running at once in this process; the next ones wait their turn, and
 * past MAX_WAITING_RENDERS a version is kept without a preview rather than
 * queued. The slots are per process: each server process (decision 0039) has
 * its own, so a machine runs at most this many per process; uploads are
 * staff-only, which keeps that small.
 */
export const MAX_CONCURRENT_RENDERS = 2;
const MAX_WAITING_RENDERS = 8;

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` in one of the render slots; null, without running it, when too many already wait. */
async function inRenderSlot<T>(work: () => Promise<T>): Promise<T | null> {
  if (running < MAX_CONCURRENT_RENDERS) running++;
  else if (waiting.length >= MAX_WAITING_RENDERS) return null;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is freed.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/**
 * pdftoppm under the limits: through sh, whose `ulimit` sets them on itself
 * before `exec` makes it pdftoppm (POSIX sh, nothing to install).
 */
function runLimited(args: string[], limits: RenderLimits) {
  const script = 'ulimit -t "$1" && ulimit -v "$2" && shift 2 && exec "$@"';
  return run(
    "/bin/sh",
    ["-c", script, "sh", String(limits.cpuSeconds), String(Math.floor(limits.memoryBytes / 1024)), ...args],
    { timeout: limits.timeoutMs, killSignal: "SIGKILL" },
  );
}

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

/**
 * A thumbnail rendition of each page (decision 0073): 320 px on the long
 * side (a 160 px thumbnail on a 2× screen), about 1/25 of a page's bytes.
 * Rendered after the pages, in a render slot like them, under tighter limits:
 * past them the pages show as their own thumbnails.
 */
export const THUMB_SCALE_TO = 320;
export const THUMB_LIMITS: RenderLimits = { cpuSeconds: 5, memoryBytes: 512 * 1024 * 1024, timeoutMs: 8_000 };

/**
 * Renders the stored PDF's first pages (MAX_RENDERED_PAGES at most) to PNG
 * and stores each; never throws. Nothing rendered (no pdftoppm, a failure, a
 * limit reached, too many waiting) keeps the page count read from the file.
 * `scaleTo` is the long side in pixels (SCALE_TO, or THUMB_SCALE_TO for thumbnails).
 */
export async function renderPdfPages(
  storageKey: string,
  dataDir?: string,
  limits: RenderLimits = RENDER_LIMITS,
  scaleTo: number = SCALE_TO,
): Promise<RenderResult> {
  const work = await mkdtemp(path.join(os.tmpdir(), "ascendra-proof-"));
  const stored: RenderedPage[] = [];
  try {
    const object = await openUpload(storageKey, dataDir);
    if (!object) return { pages: [], pageCount: null };
    const bytes = new Uint8Array(await new Response(object.stream).arrayBuffer());
    const input = path.join(work, "in.pdf");
    await writeFile(input, bytes, { mode: 0o600 });
    const counted = countPdfPages(bytes);
    const args = [
      pdftoppm(),
      "-png",
      "-scale-to",
      String(scaleTo),
      "-f",
      "1",
      "-l",
      String(MAX_RENDERED_PAGES),
      input,
      path.join(work, "page"),
    ];
    try {
      const ran = await inRenderSlot(() => runLimited(args, limits));
      if (ran === null) return { pages: [], pageCount: counted };
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
