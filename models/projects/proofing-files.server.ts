import { createHash } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { db, type Transaction } from "../platform/db.server";
import { openUpload } from "../platform/uploads.server";
import { proofDeliverables } from "../schema";
import { renderPdfPages, THUMB_LIMITS, THUMB_SCALE_TO } from "./proof-render.server";
import { IMAGE_HEAD_BYTES, imageSize, type PixelSize } from "./proofing-images";

// What proofing learns from an uploaded file's bytes (decision 0073): its
// SHA-256, so the same file uploaded twice in a row is refused, and an
// image's pixel size, so the staff pages size each thumbnail before it loads,
// and a small rendition of each rendered PDF page for the thumbnails.

type Executor = ReturnType<typeof db> | Transaction;

async function sha256OfStream(stream: ReadableStream<Uint8Array>): Promise<string> {
  const hash = createHash("sha256");
  for await (const part of stream) hash.update(part);
  return hash.digest("hex");
}

/** An upload's SHA-256 (hex) and, for a PNG, JPEG or WebP, its size in pixels. */
export async function fileDigest(file: Blob): Promise<{ sha256: string; size: PixelSize | null }> {
  const head = new Uint8Array(await file.slice(0, IMAGE_HEAD_BYTES).arrayBuffer());
  return { sha256: await sha256OfStream(file.stream()), size: imageSize(head) };
}

/** The pixel size of a stored image (a rendered PDF page), from its first bytes; null when unreadable. */
export async function storedImageSize(storageKey: string, dataDir?: string): Promise<PixelSize | null> {
  const object = await openUpload(storageKey, dataDir);
  if (!object) return null;
  const reader = object.stream.getReader();
  const parts: Uint8Array[] = [];
  let length = 0;
  try {
    // A PNG states its size in its first 24 bytes.
    while (length < 64) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      length += value.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return imageSize(Buffer.concat(parts));
}

/**
 * The project's latest version and its SHA-256: the stored one, or, for a
 * version uploaded before hashes were kept, the hash of its stored file (null
 * when that file is gone). Null when the project has no version.
 */
export async function latestVersionDigest(
  projectId: string,
  database: Executor = db(),
  dataDir?: string,
): Promise<{ version: number; sha256: string | null } | null> {
  const [latest] = await database
    .select({
      version: proofDeliverables.version,
      sha256: proofDeliverables.sha256,
      storageKey: proofDeliverables.storageKey,
    })
    .from(proofDeliverables)
    .where(eq(proofDeliverables.projectId, projectId))
    .orderBy(desc(proofDeliverables.version))
    .limit(1);
  if (!latest) return null;
  if (latest.sha256) return { version: latest.version, sha256: latest.sha256 };
  const stored = await openUpload(latest.storageKey, dataDir);
  return { version: latest.version, sha256: stored ? await sha256OfStream(stored.stream) : null };
}

/**
 * Thumbnail renditions of a PDF's rendered pages (decision 0073), under the
 * tighter THUMB_LIMITS: page number → storage key. Nothing when the pages were
 * not rendered or the thumbnails fail: each page is then its own thumbnail.
 */
export async function renderPageThumbs(
  storageKey: string,
  renderedPages: number,
  dataDir?: string,
): Promise<Map<number, string>> {
  if (!renderedPages) return new Map();
  const thumbs = await renderPdfPages(storageKey, dataDir, THUMB_LIMITS, THUMB_SCALE_TO);
  return new Map(thumbs.pages.map((p) => [p.page, p.storageKey]));
}
