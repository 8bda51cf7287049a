import type { ProofAsset } from "~models/projects/proofing.server";
import { attachmentResponse } from "~models/platform/uploads.server";

/**
 * A proof's bytes as a response: an image (or a rendered PDF page) inline, so
 * the page can show it, under a sandboxing policy and never sniffed; a PDF as
 * a download. A version never changes once uploaded, so the browser may keep
 * it (privately) for a day.
 */
export function proofAssetResponse(asset: ProofAsset | null): Response {
  if (!asset)
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
    });
  if (!asset.inline) return attachmentResponse(asset, asset);
  return new Response(asset.stream, {
    headers: {
      "Content-Type": asset.contentType,
      "Content-Length": String(asset.size),
      "Content-Disposition": "inline",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, max-age=86400, immutable",
    },
  });
}
