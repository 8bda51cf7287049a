import { startDownload } from "~models/downloads.server";
import { SHOP_API_ERRORS } from "~models/shop";
import { apiError, methodNotAllowed, requireApiUser, withApiErrors } from "~/lib/api.server";
import type { Route } from "./+types/download";

/**
 * GET /api/download/{purchaseId}/ → {download_url, downloads_remaining}. Each
 * call counts one download; at the limit 409 "Download Limit Reached". The
 * link is signed for the purchase's owner and works for five minutes.
 * Another client's purchase is 404, like a missing one.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  return withApiErrors(SHOP_API_ERRORS.download, async () => {
    const user = await requireApiUser(request);
    const started = await startDownload(user.id, params.purchaseId);
    if (!started.ok) return apiError(started.status, started.message);
    return Response.json({ download_url: new URL(started.url, request.url).toString(), downloads_remaining: started.remaining, message: started.message });
  });
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ["GET"]);
}
