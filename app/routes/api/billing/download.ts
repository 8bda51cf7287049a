import { startDownload } from "~models/billing/downloads.server";
import { SHOP_API_ERRORS, SHOP_MESSAGES } from "~models/billing/shop";
import { apiError, requireApiUser, withApiErrors } from "~/lib/api.server";
import type { Route } from "./+types/download";

/**
 * POST /api/download/{purchaseId}/ → {download_url, downloads_remaining}. Each
 * call counts one download; at the limit 409 "Download Limit Reached". The
 * link is signed for the purchase's owner and works for five minutes.
 * Another client's purchase is 404, like a missing one. The spec lists a GET;
 * a GET must not spend anything (a link on another site, or a prefetch, would
 * burn the client's downloads), so a GET is refused with the way to do it
 * (docs/decisions/0030-private-caching-and-odd-input.md).
 */
export function action({ request, params }: Route.ActionArgs) {
  return withApiErrors(SHOP_API_ERRORS.download, async () => {
    if (request.method !== "POST") return apiError(405, SHOP_MESSAGES.downloadNeedsPost, { Allow: "POST" });
    const user = await requireApiUser(request);
    const started = await startDownload(user.id, params.purchaseId);
    if (!started.ok) return apiError(started.status, started.message);
    return Response.json({
      download_url: new URL(started.url, request.url).toString(),
      downloads_remaining: started.remaining,
      message: started.message,
    });
  });
}

export function loader() {
  return apiError(405, SHOP_MESSAGES.downloadNeedsPost, { Allow: "POST" });
}
