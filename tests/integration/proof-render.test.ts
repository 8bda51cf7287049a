// The PDF renderer under hostile input and load: a render that burns CPU or
// never ends is stopped within its limits and the version is kept without a
// preview, and no more than MAX_CONCURRENT_RENDERS renders run at once.
// pdftoppm is played by small scripts (PDFTOPPM), so the tests need no
// crafted PDF and take the same time on every machine.
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { storeUpload } from "~models/platform/uploads.server";
import { PROOF_FILE_RULES } from "~models/projects/proof-links";
import {
  canRenderPdf,
  MAX_CONCURRENT_RENDERS,
  RENDER_LIMITS,
  renderPdfPages,
} from "~models/projects/proof-render.server";
import { withTemporaryDataDir } from "./project-helpers";
import { realPdfFile } from "./proofing-helpers";

withTemporaryDataDir();

let scripts = "";
const previous = process.env.PDFTOPPM;
beforeAll(async () => {
  scripts = await mkdtemp(path.join(os.tmpdir(), "ascendra-pdftoppm-"));
});
afterEach(() => {
  if (previous === undefined) delete process.env.PDFTOPPM;
  else process.env.PDFTOPPM = previous;
});
afterAll(async () => {
  await rm(scripts, { recursive: true, force: true });
});

/** A stand-in for pdftoppm: a shell script, made the one the renderer runs. */
async function playPdftoppm(name: string, body: string) {
  const file = path.join(scripts, name);
  await writeFile(file, `#!/bin/sh\n${body}\n`);
  await chmod(file, 0o755);
  process.env.PDFTOPPM = file;
}

async function storedPdf(pages = 3) {
  const stored = await storeUpload(await realPdfFile("brochure.pdf", pages), PROOF_FILE_RULES);
  if (!stored.ok) throw new Error(stored.message);
  return stored.upload.storageKey;
}

async function timed<T>(work: () => Promise<T>) {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
}

it("stops a render that burns CPU at its CPU limit, and keeps the page count", async () => {
  await playPdftoppm("spin", "while :; do :; done");
  const key = await storedPdf(3);
  const { value, ms } = await timed(() =>
    renderPdfPages(key, undefined, { ...RENDER_LIMITS, cpuSeconds: 1, timeoutMs: 15_000 }),
  );
  expect(value).toEqual({ pages: [], pageCount: 3 });
  expect(ms).toBeLessThan(8_000);
}, 20_000);

it("stops a render that never ends at its time-out", async () => {
  await playPdftoppm("stall", "exec sleep 30");
  const key = await storedPdf(2);
  const { value, ms } = await timed(() =>
    renderPdfPages(key, undefined, { ...RENDER_LIMITS, timeoutMs: 500 }),
  );
  expect(value).toEqual({ pages: [], pageCount: 2 });
  expect(ms).toBeLessThan(5_000);
}, 20_000);

it("has modest limits: seconds of CPU, not a minute", () => {
  expect(RENDER_LIMITS.cpuSeconds).toBeLessThanOrEqual(15);
  expect(RENDER_LIMITS.timeoutMs).toBeLessThanOrEqual(20_000);
  expect(MAX_CONCURRENT_RENDERS).toBe(2);
});

it(`runs at most ${MAX_CONCURRENT_RENDERS} renders at once; the others wait their turn`, async () => {
  const log = path.join(scripts, "renders.log");
  await writeFile(log, "");
  await playPdftoppm("slow", `echo start >> '${log}'\nsleep 0.4\necho end >> '${log}'\nexit 1`);
  const keys = await Promise.all([1, 2, 3, 4, 5].map(() => storedPdf(1)));
  const results = await Promise.all(keys.map((key) => renderPdfPages(key)));
  expect(results).toEqual(keys.map(() => ({ pages: [], pageCount: 1 })));
  const events = (await readFile(log, "utf8")).trim().split("\n");
  expect(events.filter((event) => event === "start")).toHaveLength(5);
  let now = 0;
  let most = 0;
  for (const event of events) {
    now += event === "start" ? 1 : -1;
    most = Math.max(most, now);
  }
  expect(most).toBe(MAX_CONCURRENT_RENDERS);
}, 30_000);

it("still renders a real PDF within the limits", async () => {
  if (!(await canRenderPdf())) return;
  const rendered = await renderPdfPages(await storedPdf(2));
  expect(rendered.pageCount).toBe(2);
  expect(rendered.pages.map((page) => page.page)).toEqual([1, 2]);
});
