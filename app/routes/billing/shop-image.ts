import { openShopImage } from "~models/back-office/catalog-admin.server";
import { findApiMember } from "~/lib/member-summary.server";
import type { Route } from "./+types/shop-image";

/**
 * GET /shop-images/{key}.{ext}: an image staff uploaded for a shop item
 * (DATA_DIR/uploads). Shown where the shop is, so signed-in accounts only;
 * served only while a shop item uses it, never any other upload.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const notFound = () =>
    new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  if (!(await findApiMember(request))) return notFound();
  const image = await openShopImage(params.file);
  if (!image) return notFound();
  return new Response(image.stream, {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.size),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      // The name is random and the bytes never change under it.
      "Cache-Control": "private, max-age=86400, immutable",
    },
  });
}
